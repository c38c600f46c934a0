package keccak

import (
	"fmt"

	"github.com/go-xkcp/keccak/internal/engine"
)

// SHAKEx4 runs four SHAKE128 or SHAKE256 instances in lockstep on the 4-way
// kernel: the shape of ML-KEM's matrix sampling and PRF (FIPS 203) and of
// ML-DSA's expansions (FIPS 204), where four independent seeds are hashed
// at once. Instance i is exactly SHAKE128 (or SHAKE256) of what was written
// to it.
//
// Each Write and Read takes one slice per instance, all four of the same
// length (it panics otherwise). Successive Writes append to each
// instance's input, and successive Reads continue each instance's output
// stream where the previous Read stopped, as with SHAKE: reading 168 bytes
// then 168 more gives the same bytes as reading 336 at once. That is what
// rejection sampling needs: read a block per instance, take what is
// accepted, read more for the instances that are short (the others' extra
// output is simply not used). As with SHAKE, Write after Read panics, and
// Reset starts over. A SHAKEx4 marshals (MarshalBinary, AppendBinary,
// UnmarshalBinary) at any point.
type SHAKEx4 struct{ s engine.Sponge4 }

// NewSHAKE128x4 returns four SHAKE128 instances in lockstep.
func NewSHAKE128x4() *SHAKEx4 { return &SHAKEx4{engine.NewSponge4(168, dsSHAKE)} }

// NewSHAKE256x4 returns four SHAKE256 instances in lockstep.
func NewSHAKE256x4() *SHAKEx4 { return &SHAKEx4{engine.NewSponge4(136, dsSHAKE)} }

// equalLengths panics, naming the call and the four lengths, unless the
// four slices of p have one length.
func equalLengths(call string, p *[4][]byte) {
	n := len(p[0])
	if len(p[1]) != n || len(p[2]) != n || len(p[3]) != n {
		panic(fmt.Sprintf("keccak: %s: slice lengths %d, %d, %d, %d; they must be equal",
			call, len(p[0]), len(p[1]), len(p[2]), len(p[3])))
	}
}

// Write absorbs p[i] into instance i. The four slices must have one
// length. It panics after Read.
func (x *SHAKEx4) Write(p [4][]byte) {
	x.s.Ready()
	if x.s.Squeezing() {
		panic("keccak: SHAKEx4.Write after Read")
	}
	equalLengths("SHAKEx4.Write", &p)
	x.s.Write(p)
}

// Read fills out[i] with the next len(out[i]) bytes of instance i's
// output, continuing where the previous Read stopped. The four slices must
// have one length. The first Read ends the input.
func (x *SHAKEx4) Read(out [4][]byte) {
	x.s.Ready()
	equalLengths("SHAKEx4.Read", &out)
	x.s.Read(out)
}

// Reset restores the initial state: four empty inputs.
func (x *SHAKEx4) Reset() { x.s.Reset() }

// SumSHAKE128x4 returns length bytes of SHAKE128 output for each of the four
// inputs, which must have equal lengths: out[i] is SumSHAKE128(in[i],
// length). The four outputs share one allocation.
func SumSHAKE128x4(in [4][]byte, length int) [4][]byte {
	return sumSHAKEx4("SumSHAKE128x4", NewSHAKE128x4(), in, length)
}

// SumSHAKE256x4 returns length bytes of SHAKE256 output for each of the four
// inputs, which must have equal lengths: out[i] is SumSHAKE256(in[i],
// length). ML-KEM's PRF (SHAKE256 of a seed and a one-byte counter) and
// ML-DSA's expansions of s1, s2 and the mask are this shape. The four
// outputs share one allocation.
func SumSHAKE256x4(in [4][]byte, length int) [4][]byte {
	return sumSHAKEx4("SumSHAKE256x4", NewSHAKE256x4(), in, length)
}

func sumSHAKEx4(call string, x *SHAKEx4, in [4][]byte, length int) [4][]byte {
	checkLength(length)
	equalLengths(call, &in)
	x.s.Write(in)
	var out [4][]byte
	buf := make([]byte, 4*length)
	for i := range out {
		out[i] = buf[i*length : (i+1)*length : (i+1)*length]
	}
	x.s.Read(out)
	return out
}
