package rnd

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// Prefixes returns n distinct bit strings of length level+1 drawn from r,
// of[:level+1] among them, sorted as Poplar1 requires a level's candidate
// prefixes to be (as integers, first bit most significant).
func Prefixes(r *rand.Rand, of []bool, level, n int) [][]bool {
	key := func(pr []bool) string {
		s := make([]byte, len(pr))
		for i, v := range pr {
			if v {
				s[i] = 1
			}
		}
		return string(s)
	}
	seen := map[string]bool{key(of[:level+1]): true}
	prefixes := [][]bool{of[:level+1]}
	for len(prefixes) < n {
		pr := make([]bool, level+1)
		for i := range pr {
			pr[i] = r.IntN(2) == 1
		}
		if !seen[key(pr)] {
			seen[key(pr)] = true
			prefixes = append(prefixes, pr)
		}
	}
	slices.SortFunc(prefixes, func(a, b []bool) int { return strings.Compare(key(a), key(b)) })
	return prefixes
}
