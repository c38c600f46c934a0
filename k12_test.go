package keccak

import (
	"bytes"
	"hash"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/testkit/allocs"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	_ hash.Hash = (*KT)(nil)
	_ hash.XOF  = (*KT)(nil)
)

func TestKTVectors(t *testing.T) {
	vs := loadVectors(t, "kangarootwelve_rfc9861.jsonl")
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, v := range vs {
			if testing.Short() && v.MsgPattern != nil && v.MsgPattern.Len > 1<<20 {
				continue // ptn(17^6), 24 MB: the long run covers it
			}
			msg, c := v.Message(t), v.Customization(t)
			sum, newKT := SumKT128, NewKT128
			if v.Alg == "KT256" {
				sum, newKT = SumKT256, NewKT256
			}
			v.Check(t, sum(msg, c, v.OutLen))
			d := newKT(c)
			writeSplit(d, msg, 10000, 3, 8192*5+1)
			out := make([]byte, v.OutLen)
			readSplit(d, out, 7, 1000)
			v.Check(t, out)
		}
	})
}

// ktReference is KangarooTwelve written straight from RFC 9861 on top of
// TurboSHAKE, with none of KT's streaming or batching.
func ktReference(rate int, msg, c []byte, length int) []byte {
	turbo := SumTurboSHAKE128
	if rate == 136 {
		turbo = SumTurboSHAKE256
	}
	s := append(append(append([]byte{}, msg...), c...), appendLengthEncode(nil, uint64(len(c)))...)
	if len(s) <= chunkSize {
		return turbo(s, 0x07, length)
	}
	node := append([]byte{}, s[:chunkSize]...)
	node = append(node, 0x03, 0, 0, 0, 0, 0, 0, 0)
	n := 0
	for rest := s[chunkSize:]; len(rest) > 0; n++ {
		k := min(len(rest), chunkSize)
		node = append(node, turbo(rest[:k], 0x0B, 200-rate)...)
		rest = rest[k:]
	}
	node = append(appendLengthEncode(node, uint64(n)), 0xFF, 0xFF)
	return turbo(node, 0x06, length)
}

// Every chunk boundary, with and without customization, every backend,
// against the reference; then random write and read splits at each
// parallelism setting.
func TestKTBoundaries(t *testing.T) {
	C := chunkSize
	// C-9..C-7: S = M || "custom" || length_encode(6) is one chunk up to C-8.
	lengths := []int{0, 1, C - 9, C - 8, C - 7, C - 1, C, C + 1, 2*C - 1, 2 * C, 2*C + 1, 4*C - 1, 4 * C, 4*C + 1, 5 * C, 9*C + 7, 17*C + 3, 1 << 20}
	r := rand.New(rand.NewPCG(7, 8))
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, rate := range []int{168, 136} {
			for _, n := range lengths {
				msg := randomBytes(r, n)
				for _, c := range [][]byte{nil, []byte("custom"), randomBytes(r, C-3)} {
					want := ktReference(rate, msg, c, 100)
					d := newKT(rate, c)
					d.Write(msg)
					got := make([]byte, 100)
					d.Read(got)
					require.Equal(t, want, got, "rate %d len %d custom %d", rate, n, len(c))
					oneShot := appendKT([]byte("prefix"), rate, msg, c, 100)
					require.Equal(t, append([]byte("prefix"), want...), oneShot, "one-shot: rate %d len %d custom %d", rate, n, len(c))
				}
			}
		}
	})
}

func TestKTSplitsAndParallelism(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	// The long one is split across goroutines when written at once.
	for _, n := range []int{3*chunkSize + 5, 2*engine.MinBytesPerWorker + 9*chunkSize + 123} {
		msg := randomBytes(r, n)
		want := ktReference(168, msg, []byte("C"), 500)
		want256 := ktReference(136, msg, nil, 200)
		for procs := 0; procs <= 8; procs++ {
			d := NewKT128([]byte("C"))
			d.SetParallelism(procs)
			writeSplit(d, msg, randomSplits(r, n)...)
			sum := d.Sum(nil)
			require.Equal(t, want[:32], sum, "procs %d", procs)
			got := make([]byte, 500)
			readSplit(d, got, randomSplits(r, 500)...)
			require.Equal(t, want, got, "procs %d", procs)

			e := NewKT256(nil)
			e.SetParallelism(procs)
			e.Write(msg) // one big write: the parallel path
			require.Equal(t, want256[:64], e.Sum(nil))
		}
	}
}

// The caller may reuse its customization slice; Size is the capacity's
// size. (Sum, Clone, Reset and Read are conformance_test.go's.)
func TestKTArguments(t *testing.T) {
	c := []byte("abc")
	d := NewKT128(c)
	c[0] = 'X'
	msg := make([]byte, 3*chunkSize)
	d.Write(msg)
	require.Equal(t, ktReference(168, msg, []byte("abc"), 32), d.Sum(nil))
	require.Equal(t, 32, NewKT128(nil).Size())
	require.Equal(t, 64, NewKT256(nil).Size())
	require.Panics(t, func() { SumKT128(nil, nil, -1) })
}

// Many goroutines hashing at once, each with parallel leaves of its own
// (run under -race by make test).
func TestKTConcurrent(t *testing.T) {
	msg := randomBytes(rand.New(rand.NewPCG(11, 12)), 20*chunkSize+9)
	want := ktReference(168, msg, nil, 32)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for range 3 {
				assert.Equal(t, want, SumKT128(msg, nil, 32))
			}
		})
	}
	wg.Wait()
}

// Streamed in small writes (staged, engine/leafstream_test.go checks the
// bound) or in one big one, KT gives the same bytes.
func TestKTStaged(t *testing.T) {
	msg := randomBytes(rand.New(rand.NewPCG(13, 14)), 3<<20+11)
	want := ktReference(168, msg, nil, 32)
	d := NewKT128(nil)
	for p := msg; len(p) > 0; p = p[min(len(p), 1000):] {
		d.Write(p[:min(len(p), 1000)])
	}
	require.Equal(t, want, d.Sum(nil))
	e := NewKT128(nil)
	e.Write(msg) // one big write: nothing staged but the tail
	require.Equal(t, want, e.Sum(nil))
}

// A one-chunk one-shot allocates its output and nothing else, also with a
// (short) customization string, on every backend; AppendKT128 into a slice
// with room allocates nothing.
func TestKTOneChunkAllocations(t *testing.T) {
	if allocs.Unreliable {
		t.Skip("allocation counts differ under -race and -asan")
	}
	msg := make([]byte, 1000)
	custom := []byte("a customization string")
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, c := range [][]byte{nil, custom} {
			got := testing.AllocsPerRun(50, func() { ktSink = SumKT128(msg, c, 32) })
			require.Equal(t, 1.0, got, "customization %q", c)
			out := make([]byte, 0, 32)
			got = testing.AllocsPerRun(50, func() { AppendKT128(out, msg, c, 32) })
			require.Zero(t, got, "AppendKT128, customization %q", c)
		}
	})
}

// ktSink keeps a one-shot's output alive, as a caller's would be.
var ktSink []byte

// leafCounts are the numbers of whole leaves the wide kernels are tested
// at: every count up to 17, and around multiples of 8 (the 8-way kernel's
// batch, with 1-7 left over) and of 4.
var leafCounts = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
	20, 23, 24, 25, 31, 32, 33, 39, 40, 41, 63, 64, 65}

// ktLeafCounts adds, for KangarooTwelve, counts over 2*engine.MinBytesPerWorker,
// where two goroutines split the leaves (in runs of leafWidth, with some
// left over).
var ktLeafCounts = append(leafCounts[:len(leafCounts):len(leafCounts)],
	2*engine.MinBytesPerWorker/chunkSize+1, 2*engine.MinBytesPerWorker/chunkSize+8)

// KT128 and KT256 at every leaf count, with and without customization:
// one-shot and streaming in random splits (one and two goroutines) on every
// backend, against the reference. Under -short KT128 and KT256 take turns
// (shortTurn).
func TestKTLeafCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	type kase struct {
		rate      int
		msg, c    []byte
		want      []byte
		leaves, n int
	}
	var cases []kase
	turn := 0
	for _, leaves := range ktLeafCounts {
		// S = M || C || length_encode(|C|): chunk 0 plus `leaves` whole
		// chunks, then a short last one or none.
		for _, extra := range []int{-1, 100} {
			for _, c := range [][]byte{nil, []byte("leaf counts")} {
				n := (leaves+1)*chunkSize + extra - len(c)
				if n < 0 {
					continue
				}
				msg := randomBytes(r, n)
				turn++
				for _, rate := range []int{168, 136} {
					if testing.Short() && rate == 168 != shortTurn(turn) {
						continue // KT128 and KT256 take turns
					}
					cases = append(cases, kase{rate, msg, c, ktReference(rate, msg, c, 80), leaves, n})
				}
			}
		}
	}
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, k := range cases {
			require.Equal(t, k.want, appendKT(nil, k.rate, k.msg, k.c, 80),
				"one-shot rate %d leaves %d len %d custom %d", k.rate, k.leaves, k.n, len(k.c))
			for _, procs := range []int{1, 2} {
				d := newKT(k.rate, k.c)
				d.SetParallelism(procs)
				writeSplit(d, k.msg, randomSplits(r, k.n)...)
				got := make([]byte, 80)
				readSplit(d, got, randomSplits(r, 80)...)
				require.Equal(t, k.want, got, "stream rate %d leaves %d len %d custom %d procs %d",
					k.rate, k.leaves, k.n, len(k.c), procs)
			}
		}
	})
}

// AppendKT128 overwrites every byte of the room it takes.
func TestAppendKTOverwritesRoom(t *testing.T) {
	for _, n := range []int{10, 9000} {
		msg := make([]byte, n)
		room := bytes.Repeat([]byte{0xA5}, 40)
		require.Equal(t, append([]byte("ab"), SumKT128(msg, nil, 38)...), AppendKT128(append(room[:0], "ab"...), msg, nil, 38))
	}
}
