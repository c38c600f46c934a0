package engine

import (
	"math"

	"github.com/go-xkcp/keccak/internal/cpu"
)

// intelCPU selects the crossovers measured on Intel CPUs (mixedRoute); a
// variable, so that tests can build the other vendor's routes.
var intelCPU = cpu.Intel

// route is a backend's routing table: the kernels its calls run from Go,
// and for each shape of call the size from which the call crosses into
// the backend's C kernel instead. It is data, built once per backend in
// backends(); the operations (backend.go) read it and nothing else decides
// which kernel serves a call. docs/DESIGN.md ("Routing") says how a new
// kernel or crossover enters it.
type route struct {
	one        oneKernel  // the times-1 permutation the Go block loops run
	bmi2Digest bool       // Sums of at most 40 bytes on the BMI2 digest kernel (keccakP1600BMI2Digest)
	four       fourKernel // the 4-way kernel (Permute4, the 4-way SHAKE, leaves and batches from Go)
	eight      bool       // leaves and batches eight at a time on the 8-way AVX-512 kernel
	toC        crossovers
}

// crossovers say where calls move to C: a call on fewer bytes than its
// shape's crossover (in and out) runs from Go, a call on as many or more
// crosses into C. 0: every call goes to C; never: none does (there is no
// C kernel, or Go is faster at every size).
type crossovers struct {
	stream int // one state: absorb, squeeze, digest; a permutation counts as 0 bytes
	hash   int // a whole sponge in one call: input and output
	multi  int // 4 states: bytes per state; a permutation counts as 0
	leaves int // tree leaves: the input's bytes
	batch  int // batches: the number of messages
}

// never is a crossover no call reaches.
const never = math.MaxInt

// goRoute is the route of a backend without C: every call runs from Go on
// one (times-1) and four (4-way). The BMI2 digest kernel serves short Sums
// wherever BMI2 runs: on Zen 4 its one call also beats the AVX-512
// kernel's two and a copy (docs/MEASUREMENTS.md).
func goRoute(one oneKernel, four fourKernel) route {
	return route{
		one: one, four: four, eight: four == fourAVX512,
		bmi2Digest: one == oneBMI2 || one == oneAVX512 && asmBMI2,
		toC:        crossovers{stream: never, hash: never, multi: never, leaves: never, batch: never},
	}
}

// cRoute is the route of a C kernel alone: every call crosses into C.
var cRoute = route{}

// mixedRoute is the route of a C kernel with an assembly one (asm, a Go
// route): the calls where crossing into C costs more than C's kernels save
// run from Go. The sizes are where BenchmarkShortCalls and
// BenchmarkWideCalls found the two level (docs/MEASUREMENTS.md has the
// figures and the CPUs; an Intel Xeon family 6 model 207 put the BMI2
// crossovers within a factor of two of Zen 4's, so one set serves both).
func mixedRoute(asm route) route {
	r := asm
	// BMI2 against C on Zen 4; a batch of one message is one short hash.
	r.toC = crossovers{stream: 4096, hash: 512, batch: 2}
	if asm.one == oneAVX512 {
		// The AVX-512 times-1 kernel beats C's at every size.
		r.toC.stream, r.toC.hash = never, never
	}
	if asm.four == fourAVX512 {
		// Go's 4-way AVX-512 kernel keeps the states in YMM registers, as
		// C's times-4 does, and saves the crossing: on an Intel Xeon it
		// was faster at every size measured, a permutation to 32 KiB a
		// state.
		r.toC.multi = never
	}
	if asm.eight && intelCPU {
		// Go's 8-way kernel hashes leaves at least as fast as C's times-8
		// on an Intel Xeon, and batches of up to seven messages faster; on
		// AMD it has not been measured against C.
		r.toC.leaves, r.toC.batch = never, 8
	}
	return r
}
