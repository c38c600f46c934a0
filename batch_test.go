package keccak

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

// randomBatch returns n messages with lengths drawn from 0..maxLen; with
// few distinct lengths when clustered, so that lanes fill up.
func randomBatch(r *rand.Rand, n, maxLen int, clustered bool) [][]byte {
	lens := []int{r.IntN(maxLen + 1), r.IntN(maxLen + 1), r.IntN(maxLen + 1)}
	msgs := make([][]byte, n)
	for i := range msgs {
		l := r.IntN(maxLen + 1)
		if clustered {
			l = lens[r.IntN(len(lens))]
		}
		msgs[i] = randomBytes(r, l)
	}
	return msgs
}

// Every batch equals the single sums, for random batches of 0..100
// messages of 0..2000 bytes (and, to open more block counts than the C
// side keeps groups for, some up to 40 blocks), on every backend; a third
// as many batches under -short.
func TestBatchesMatchSingleSums(t *testing.T) {
	iters := 300
	if testing.Short() {
		iters = 100
	}
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(91, 92))
		for iter := range iters {
			maxLen := 2000
			if iter%10 == 9 {
				maxLen = 40 * 136
			}
			msgs := randomBatch(r, r.IntN(101), maxLen, iter%3 == 0)
			if iter%50 == 0 {
				for i := range msgs {
					msgs[i] = msgs[i][:0] // all empty
				}
			}
			got, gotLegacy := make([][32]byte, len(msgs)), make([][32]byte, len(msgs))
			Sum256Batch(got, msgs)
			SumLegacyKeccak256Batch(gotLegacy, msgs)
			for i, m := range msgs {
				require.Equal(t, Sum256(m), got[i], "iter %d, message %d of %d bytes", iter, i, len(m))
				require.Equal(t, SumLegacyKeccak256(m), gotLegacy[i], "iter %d, message %d of %d bytes", iter, i, len(m))
			}
		}
	})
}

// Messages at every length around the block edges, many of each length,
// so full and partial lane groups of every block count 0..3 occur.
func TestBatchBlockEdges(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(93, 94))
		var msgs [][]byte
		for _, l := range []int{0, 1, 31, 32, 64, 134, 135, 136, 137, 271, 272, 273, 408, 532} {
			for range 1 + r.IntN(19) {
				msgs = append(msgs, randomBytes(r, l))
			}
		}
		r.Shuffle(len(msgs), func(i, j int) { msgs[i], msgs[j] = msgs[j], msgs[i] })
		got := make([][32]byte, len(msgs))
		SumLegacyKeccak256Batch(got, msgs)
		for i, m := range msgs {
			require.Equal(t, SumLegacyKeccak256(m), got[i], "message %d of %d bytes", i, len(m))
		}
	})
}

func TestBatchMisuse(t *testing.T) {
	require.PanicsWithValue(t, "keccak: Sum256Batch: len(dst) = 2, len(msgs) = 3; they must be equal",
		func() { Sum256Batch(make([][32]byte, 2), make([][]byte, 3)) })
	require.PanicsWithValue(t, "keccak: SumLegacyKeccak256Batch: len(dst) = 1, len(msgs) = 0; they must be equal",
		func() { SumLegacyKeccak256Batch(make([][32]byte, 1), nil) })
	require.Panics(t, func() { SumLegacyKeccak256Batch(nil, make([][]byte, 1)) })
	require.NotPanics(t, func() { Sum256Batch(nil, nil) })
	// The batch writes only dst.
	msgs := [][]byte{[]byte("a"), []byte("b")}
	dst := make([][32]byte, 3)
	dst[2][0] = 0xEE
	Sum256Batch(dst[:2], msgs)
	require.Equal(t, byte(0xEE), dst[2][0])
	require.Equal(t, []byte("a"), msgs[0])
}

// The fuzzer cuts data into messages at lengths drawn from seed; every
// backend's batches must equal the single sums.
func FuzzBatch(f *testing.F) {
	f.Add([]byte("abc"), uint64(0))
	f.Add(make([]byte, 3000), uint64(9))
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		r := rand.New(rand.NewPCG(seed, 95))
		var msgs [][]byte
		for len(data) > 0 || r.IntN(4) == 0 {
			k := min(len(data), r.IntN(3*136))
			msgs, data = append(msgs, data[:k]), data[k:]
		}
		want := make([][32]byte, len(msgs))
		for i, m := range msgs {
			want[i] = SumLegacyKeccak256(m)
		}
		implrun.Each(t, "keccak", func() {
			got := make([][32]byte, len(msgs))
			SumLegacyKeccak256Batch(got, msgs)
			require.Equal(t, want, got)
		})
	})
}

// Messages may alias dst: every message is read before any digest is
// written, on every backend and for both batch functions. The messages
// here are whole digests, parts of two neighbours and all of dst, before
// and after the digest slots they overlap (the Go backend wrote dst[i]
// before it read later messages, and its digests differed from C's).
func TestBatchMessagesAliasDst(t *testing.T) {
	for _, f := range []struct {
		name  string
		batch func(dst [][32]byte, msgs [][]byte)
		sum   func([]byte) [32]byte
	}{
		{"Sum256Batch", Sum256Batch, Sum256},
		{"SumLegacyKeccak256Batch", SumLegacyKeccak256Batch, SumLegacyKeccak256},
	} {
		t.Run(f.name, func(t *testing.T) {
			implrun.Run(t, "keccak", func(t *testing.T) {
				r := rand.New(rand.NewPCG(96, 97))
				for iter := range 50 {
					n := 2 + r.IntN(20)
					dst := make([][32]byte, n)
					for i := range dst {
						copy(dst[i][:], randomBytes(r, 32))
					}
					all := unsafe.Slice(&dst[0][0], 32*n) // dst's bytes as one slice
					msgs := make([][]byte, n)
					for i := range msgs {
						switch r.IntN(4) {
						case 0:
							msgs[i] = randomBytes(r, r.IntN(300))
						case 1:
							msgs[i] = dst[r.IntN(n)][:]
						case 2:
							lo := r.IntN(32 * n)
							msgs[i] = all[lo : lo+r.IntN(32*n-lo+1)]
						default:
							msgs[i] = all
						}
					}
					if iter == 0 { // the case: dst[1] = sum(dst[0])
						msgs[0], msgs[1] = []byte("x"), dst[0][:]
					}
					want := make([][32]byte, n)
					for i, m := range msgs {
						want[i] = f.sum(m) // before the batch writes dst
					}
					f.batch(dst, msgs)
					require.Equal(t, want, dst, "iter %d", iter)
				}
			})
		})
	}
}
