package keccak

import "github.com/go-xkcp/keccak/internal/engine"

// SHAKEx4 runs four SHAKE128 or SHAKE256 instances in lockstep on the 4-way
// kernel: the shape of ML-KEM and ML-DSA matrix sampling. Each Write and Read
// takes one slice per instance, all four of the same length (it panics
// otherwise). As with SHAKE, Write after Read panics.
type SHAKEx4 struct{ s engine.Sponge4 }

// NewSHAKE128x4 returns four SHAKE128 instances in lockstep.
func NewSHAKE128x4() *SHAKEx4 { return &SHAKEx4{engine.NewSponge4(168, dsSHAKE)} }

// NewSHAKE256x4 returns four SHAKE256 instances in lockstep.
func NewSHAKE256x4() *SHAKEx4 { return &SHAKEx4{engine.NewSponge4(136, dsSHAKE)} }

func equalLengths(p *[4][]byte) {
	n := len(p[0])
	if len(p[1]) != n || len(p[2]) != n || len(p[3]) != n {
		panic("keccak: SHAKEx4 slices must have equal lengths")
	}
}

// Write absorbs p[i] into instance i.
func (x *SHAKEx4) Write(p [4][]byte) {
	x.s.Ready()
	if x.s.Squeezing() {
		panic("keccak: Write after Read")
	}
	equalLengths(&p)
	x.s.Write(p)
}

// Read squeezes len(out[i]) bytes from instance i.
func (x *SHAKEx4) Read(out [4][]byte) {
	x.s.Ready()
	equalLengths(&out)
	x.s.Read(out)
}

// Reset restores the initial state.
func (x *SHAKEx4) Reset() { x.s.Reset() }

// SumSHAKE128x4 returns length bytes of SHAKE128 output for each of the four
// inputs, which must have equal lengths.
func SumSHAKE128x4(in [4][]byte, length int) [4][]byte {
	checkLength(length)
	x := NewSHAKE128x4()
	x.Write(in)
	var out [4][]byte
	buf := make([]byte, 4*length)
	for i := range out {
		out[i] = buf[i*length : (i+1)*length : (i+1)*length]
	}
	x.Read(out)
	return out
}
