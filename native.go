//go:build cgo && !purego

package keccak

import (
	"github.com/go-xkcp/keccak/csrc"
	"github.com/go-xkcp/keccak/internal/cpu"
)

// nativeBackends lists the C kernels this CPU can run, slowest first.
func nativeBackends() []backend {
	var bs []backend
	for _, k := range cpu.Kernels {
		bs = append(bs, backend{label: "c/" + csrc.KernelName(k), kernel: k})
	}
	return bs
}

// The native halves of backend's methods: one csrc call each.

func nativePermute(k int, a *[25]uint64, nr int) { csrc.Permute(k, a, nr) }

func nativeAbsorb(k int, a *[25]uint64, rate int, p []byte, nr int) int {
	return csrc.Absorb(k, a, rate, p, nr)
}

func nativeSqueeze(k int, a *[25]uint64, rate int, out []byte, nr int) {
	csrc.Squeeze(k, a, rate, out, nr)
}

func nativeSponge(k, rate int, ds byte, in, tail, out []byte, nr int) {
	csrc.Sponge(k, rate, ds, in, tail, out, nr)
}

func nativePermute4(k int, a *[4][25]uint64, nr int) { csrc.Permute4(k, a, nr) }

func nativeAbsorb4(k int, a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	return csrc.Absorb4(k, a, rate, p, nr)
}

func nativeSqueeze4(k int, a *[4][25]uint64, rate int, out *[4][]byte, nr int) {
	csrc.Squeeze4(k, a, rate, out, nr)
}

func nativeLeaves(k int, l *leafSpec, in, cv []byte) {
	csrc.Leaves(k, in, l.blockLen, cv, l.rate, l.ds, l.rounds, l.cvLen)
}

func nativeBatch(k, rate int, ds byte, msgs [][]byte, dst [][32]byte, nr int) {
	csrc.Batch(k, rate, ds, msgs, dst, nr)
}
