package poplar1_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/go-xkcp/keccak/poplar1"
	"github.com/go-xkcp/keccak/poplar1/heavyhitters"
)

// Clients with Zipf-distributed strings, two aggregators, the collector
// walking the tree: the heavy hitters found are exactly those counted in
// the clear, and every report verifies at every level it reaches.
func TestHeavyHitters(t *testing.T) { runHeavyHitters(t, heavyCases) }

// The same on every Keccak backend and AES path, for the cases that take
// a few milliseconds (bits 1, 2 and 8).
func TestHeavyHittersEveryImpl(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) { runHeavyHitters(t, heavyCases[:3]) })
}

var heavyCases = []struct{ bits, clients, support, threshold int }{
	{1, 20, 2, 5},
	{2, 40, 4, 3},
	{8, 300, 32, 10},
	{20, 200, 16, 8},
	{64, 60, 6, 5},
}

func runHeavyHitters(t *testing.T, cases []struct{ bits, clients, support, threshold int }) {
	for _, c := range cases {
		r := rand.New(rand.NewPCG(uint64(c.bits), 1))
		ms := heavyhitters.Zipf(r, c.clients, c.bits, c.support, 1.03)
		p, err := poplar1.New(c.bits)
		if err != nil {
			t.Fatal(err)
		}
		res, err := heavyhitters.Run(p, []byte("e2e"), ms, c.threshold, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := heavyhitters.Expected(ms, c.threshold)
		if len(want) == 0 {
			t.Fatalf("bits %d: no heavy hitters to find; choose other parameters", c.bits)
		}
		if !slices.EqualFunc(res.HeavyHitters, want, slices.Equal) {
			t.Errorf("bits %d: found %v, want %v", c.bits, res.HeavyHitters, want)
		}
		if res.Stats.Rejected != 0 || res.Stats.Levels != c.bits {
			t.Errorf("bits %d: %d rejected, %d levels", c.bits, res.Stats.Rejected, res.Stats.Levels)
		}
	}
}
