package keccak_test

import (
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// The ML-KEM row sampling of the SHAKEx4 Example, asserted: on every
// backend, for k = 2, 3 and 4 (ML-KEM-512, -768, -1024) and every row, the
// lockstep sampling equals the one-stream-at-a-time sampling, each entry
// is full and every coefficient is below q.
func TestSHAKEx4MLKEMRowSampling(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(203, 3329))
		for range 8 {
			rho := make([]byte, 32)
			for b := range rho {
				rho[b] = byte(r.Uint32())
			}
			for k := 2; k <= 4; k++ {
				for i := range k {
					got := sampleRowx4(rho, byte(i), k)
					require.Equal(t, sampleRowOneByOne(rho, byte(i), k), got, "rho %x k %d i %d", rho, k, i)
					for j := range got {
						for n, c := range got[j] {
							require.Less(t, c, uint16(mlkemQ), "entry %d coefficient %d", j, n)
						}
					}
				}
			}
		}
	})
}

// The Example's row against values computed independently of this
// package (Python's hashlib.shake_128 of rho || j || 0 with the same
// parsing): the first six and last three coefficients of each entry.
func TestSHAKEx4MLKEMRowKnownAnswer(t *testing.T) {
	rho := make([]byte, 32)
	for b := range rho {
		rho[b] = byte(b)
	}
	want := [][2][]uint16{
		{{481, 1919, 1434, 2359, 327, 1066}, {2513, 2367, 3216}},
		{{797, 993, 161, 6, 2608, 2385}, {79, 5, 2013}},
		{{346, 2006, 2853, 1737, 2925, 1}, {415, 3070, 1107}},
	}
	row := sampleRowx4(rho, 0, 3)
	for j, w := range want {
		require.Equal(t, w[0], row[j][:6], "entry %d head", j)
		require.Equal(t, w[1], row[j][253:], "entry %d tail", j)
	}
}
