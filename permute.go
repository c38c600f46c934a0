package keccak

import (
	"fmt"

	"github.com/go-xkcp/keccak/internal/engine"
)

// Permute applies Keccak-p[1600, rounds] to a: the last rounds rounds of
// Keccak-f[1600] (24 is Keccak-f[1600] itself, 12 is the permutation of
// TurboSHAKE and KangarooTwelve). Lane x+5y is a[x+5y]; the byte view is
// little endian. It panics unless 1 <= rounds <= 24.
func Permute(a *[25]uint64, rounds int) {
	checkRounds("Permute", rounds)
	engine.Permute(a, rounds)
}

// Permute4 applies Keccak-p[1600, rounds] to four states at once, with the
// 4-way SIMD kernel where the CPU has one. It panics unless 1 <= rounds <= 24.
func Permute4(a *[4][25]uint64, rounds int) {
	checkRounds("Permute4", rounds)
	engine.Permute4(a, rounds)
}

// checkRounds panics, naming the call and the count, unless rounds is in
// 1..24.
func checkRounds(call string, rounds int) {
	if rounds < 1 || rounds > 24 {
		panic(fmt.Sprintf("keccak: %s: rounds = %d; it must be in 1..24", call, rounds))
	}
}
