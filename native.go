//go:build cgo && !purego

package keccak

import (
	"github.com/go-xkcp/keccak/csrc"
	"github.com/klauspost/cpuid/v2"
)

// nativeBackend runs C kernel k of the csrc registry.
type nativeBackend struct {
	k     int
	label string
}

// nativeBackends lists the C kernels this CPU can run, slowest first.
func nativeBackends() []backend {
	var bs []backend
	for k := range csrc.KernelCount() {
		if cpuHas(csrc.KernelFeatures(k)) {
			bs = append(bs, nativeBackend{k, "c/" + csrc.KernelName(k)})
		}
	}
	return bs
}

func cpuHas(features uint) bool {
	need := map[uint]cpuid.FeatureID{csrc.FeatureAVX2: cpuid.AVX2, csrc.FeatureBMI2: cpuid.BMI2}
	for bit, id := range need {
		if features&bit != 0 && !cpuid.CPU.Supports(id) {
			return false
		}
		features &^= bit
	}
	return features == 0 // a bit we do not know: not runnable
}

func (b nativeBackend) name() string { return b.label }

func (b nativeBackend) permute(a *[25]uint64, nr int) { csrc.Permute(b.k, a, nr) }

func (b nativeBackend) absorb(a *[25]uint64, rate int, p []byte, nr int) int {
	return csrc.Absorb(b.k, a, rate, p, nr)
}

func (b nativeBackend) squeeze(a *[25]uint64, rate int, out []byte, nr int) {
	csrc.Squeeze(b.k, a, rate, out, nr)
}

func (b nativeBackend) sponge(rate int, ds byte, in, out []byte, nr int) {
	csrc.Sponge(b.k, rate, ds, in, out, nr)
}

func (b nativeBackend) permute4(a *[4][25]uint64, nr int) { csrc.Permute4(b.k, a, nr) }

func (b nativeBackend) absorb4(a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	return csrc.Absorb4(b.k, a, rate, p, nr)
}

func (b nativeBackend) squeeze4(a *[4][25]uint64, rate int, out *[4][]byte, nr int) {
	csrc.Squeeze4(b.k, a, rate, out, nr)
}

func (b nativeBackend) leaves(l *leafSpec, in, cv []byte) {
	csrc.Leaves(b.k, in, l.blockLen, cv, l.rate, l.ds, l.rounds, l.cvLen)
}
