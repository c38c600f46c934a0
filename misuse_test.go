package keccak

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Programmer errors panic with a clear message, as in crypto/sha3.
func TestMisusePanics(t *testing.T) {
	var state [25]uint64
	var states [4][25]uint64
	cases := map[string]func(){
		"write after read": func() {
			x := NewSHAKE128()
			x.Read(make([]byte, 1))
			x.Write([]byte{1})
		},
		"x4 write after read": func() {
			x := NewSHAKE128x4()
			x.Read([4][]byte{})
			x.Write([4][]byte{})
		},
		"D zero":              func() { NewTurboSHAKE128(0) },
		"D 0x80":              func() { NewTurboSHAKE256(0x80) },
		"Sum D 0xFF":          func() { SumTurboSHAKE128(nil, 0xFF, 1) },
		"negative length":     func() { SumSHAKE128(nil, -1) },
		"negative length x4":  func() { SumSHAKE128x4([4][]byte{}, -1) },
		"negative turbo":      func() { SumTurboSHAKE256(nil, 1, -1) },
		"rounds 0":            func() { Permute(&state, 0) },
		"rounds 25":           func() { Permute(&state, 25) },
		"rounds4 0":           func() { Permute4(&states, 0) },
		"unequal x4 write":    func() { NewSHAKE256x4().Write([4][]byte{{1}, {2}, {3}, {}}) },
		"unequal x4 read":     func() { NewSHAKE256x4().Read([4][]byte{make([]byte, 2), {}, {}, {}}) },
		"unequal x4 sum":      func() { SumSHAKE128x4([4][]byte{{1}}, 1) },
		"unequal x4 sum 256":  func() { SumSHAKE256x4([4][]byte{{1}}, 1) },
		"write after Read x4": func() { x := NewSHAKE256x4(); x.Read([4][]byte{}); x.Write([4][]byte{}) },
		"KT Sum after Read":   func() { d := NewKT128(nil); d.Read(make([]byte, 1)); d.Sum(nil) },
	}
	for name, f := range cases {
		require.Panics(t, f, name)
	}
	// Reset reopens the input.
	x := NewSHAKE128()
	x.Read(make([]byte, 1))
	x.Reset()
	require.NotPanics(t, func() { x.Write([]byte{1}) })
	// The valid extremes do not panic.
	require.NotPanics(t, func() { NewTurboSHAKE128(0x01); NewTurboSHAKE128(0x7F); Permute(&state, 1); Permute(&state, 24) })
}

// A panic over a bad argument names the call and the value, so the
// message alone says what went wrong.
func TestMisusePanicValues(t *testing.T) {
	var state [25]uint64
	var states [4][25]uint64
	cases := []struct {
		want string
		f    func()
	}{
		{"keccak: Permute: rounds = 25; it must be in 1..24", func() { Permute(&state, 25) }},
		{"keccak: Permute4: rounds = 0; it must be in 1..24", func() { Permute4(&states, 0) }},
		{"keccak: SHAKEx4.Write: slice lengths 1, 1, 1, 0; they must be equal",
			func() { NewSHAKE256x4().Write([4][]byte{{1}, {2}, {3}, {}}) }},
		{"keccak: SHAKEx4.Read: slice lengths 2, 0, 0, 0; they must be equal",
			func() { NewSHAKE128x4().Read([4][]byte{make([]byte, 2), {}, {}, {}}) }},
		{"keccak: SumSHAKE128x4: slice lengths 1, 0, 0, 0; they must be equal",
			func() { SumSHAKE128x4([4][]byte{{1}}, 1) }},
		{"keccak: SumSHAKE256x4: slice lengths 0, 0, 3, 0; they must be equal",
			func() { SumSHAKE256x4([4][]byte{2: {1, 2, 3}}, 1) }},
		{"keccak: output length = -1; it must not be negative", func() { SumSHAKE256x4([4][]byte{}, -1) }},
		{"keccak: output length = -5; it must not be negative", func() { SumSHAKE128(nil, -5) }},
		{"keccak: TurboSHAKE domain byte D = 0x00; it must be in 0x01..0x7F", func() { NewTurboSHAKE128(0) }},
		{"keccak: TurboSHAKE domain byte D = 0x80; it must be in 0x01..0x7F", func() { SumTurboSHAKE256(nil, 0x80, 1) }},
		{"keccak: ParallelHash block size = 0; it must be at least 1 byte", func() { NewParallelHash128(nil, 0, 32) }},
		{"keccak: SHAKEx4.Write after Read", func() { x := NewSHAKE128x4(); x.Read([4][]byte{}); x.Write([4][]byte{}) }},
	}
	for _, c := range cases {
		require.PanicsWithValue(t, c.want, c.f)
	}
	if strconv.IntSize == 64 { // an output length of 2^61 is an int only there
		n := 1 << (strconv.IntSize - 3)
		require.PanicsWithValue(t, "keccak: output length = 2305843009213693952 bytes; it must be below 2^61",
			func() { NewKMAC256(nil, nil, n) })
	}
}
