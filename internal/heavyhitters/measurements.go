package heavyhitters

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// Zipf draws n measurements of bits bits: support random strings, picked
// with Zipf's law of exponent s > 1 (libprio-rs's Poplar1 benchmark uses
// support 128 and s = 1.03), so a few strings are common and most rare.
func Zipf(r *rand.Rand, n, bits, support int, s float64) [][]bool {
	strs := make([][]bool, support)
	for i := range strs {
		strs[i] = make([]bool, bits)
		for b := range strs[i] {
			strs[i][b] = r.IntN(2) == 1
		}
	}
	z := rand.NewZipf(r, s, 1, uint64(support-1))
	out := make([][]bool, n)
	for i := range out {
		out[i] = strs[z.Uint64()]
	}
	return out
}

// Expected counts measurements in the clear: the strings held at least
// threshold times, sorted as Poplar1 sorts prefixes.
func Expected(measurements [][]bool, threshold int) [][]bool {
	out, _ := ExpectedCounts(measurements, threshold)
	return out
}

// ExpectedCounts is Expected with each string's count (counts[i] is
// strs[i]'s).
func ExpectedCounts(measurements [][]bool, threshold int) (strs [][]bool, counts []uint64) {
	count := map[string]uint64{}
	byKey := map[string][]bool{}
	for _, m := range measurements {
		k := BitString(m)
		count[k]++
		byKey[k] = m
	}
	for k, c := range count {
		if c >= uint64(threshold) {
			strs = append(strs, byKey[k])
		}
	}
	slices.SortFunc(strs, func(a, b []bool) int { return strings.Compare(BitString(a), BitString(b)) })
	for _, m := range strs {
		counts = append(counts, count[BitString(m)])
	}
	return strs, counts
}

// BitString writes a measurement or prefix as '0's and '1's; such strings
// sort as Poplar1 orders prefixes.
func BitString(m []bool) string {
	b := make([]byte, len(m))
	for i, v := range m {
		b[i] = '0'
		if v {
			b[i] = '1'
		}
	}
	return string(b)
}
