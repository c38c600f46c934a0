package keccak

import (
	"bytes"
	"hash"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	_ hash.Hash = (*KMAC)(nil)
	_ hash.XOF  = (*KMACXOF)(nil)
	_ io.Reader = (*TupleHashXOF)(nil)
	_ hash.Hash = (*ParallelHash)(nil)
	_ hash.XOF  = (*ParallelHashXOF)(nil)
)

// Random keys, customizations, messages and lengths, random write and read
// splits, every backend: KMAC against the standard's text on crypto/sha3.
func TestKMACAgainstReference(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(21, 22))
		for range pick(testing.Short(), 40, 200) {
			key, S := randomBytes(r, randLen(r, 400)), randomBytes(r, randLen(r, 300))
			msg, L := randomBytes(r, randLen(r, 3000)), randLen(r, 400)
			for _, sec := range []int{128, 256} {
				is128 := sec == 128
				want := refKMAC(sec, key, msg, S, L, false)
				eqBytes(t, want, pick(is128, SumKMAC128, SumKMAC256)(key, msg, S, L))
				h := pick(is128, NewKMAC128, NewKMAC256)(key, S, L)
				writeSplit(h, msg, randomSplits(r, len(msg))...)
				eqBytes(t, want, h.Sum(nil))
				eqBytes(t, want, h.Sum(nil), "Sum must not change the state")

				wantXOF := refKMAC(sec, key, msg, S, L, true)
				x := pick(is128, NewKMACXOF128, NewKMACXOF256)(key, S)
				writeSplit(x, msg, randomSplits(r, len(msg))...)
				got := make([]byte, L)
				readSplit(x, got, randomSplits(r, L)...)
				eqBytes(t, wantXOF, got)
			}
		}
	})
}

func TestTupleHashAgainstReference(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(23, 24))
		for range pick(testing.Short(), 40, 200) {
			tuple := make([][]byte, r.IntN(7))
			for i := range tuple {
				tuple[i] = randomBytes(r, randLen(r, 500))
			}
			S, L := randomBytes(r, randLen(r, 300)), randLen(r, 400)
			for _, sec := range []int{128, 256} {
				is128 := sec == 128
				want := refTupleHash(sec, tuple, S, L, false)
				eqBytes(t, want, pick(is128, SumTupleHash128, SumTupleHash256)(tuple, S, L))
				h := pick(is128, NewTupleHash128, NewTupleHash256)(S, L)
				for _, x := range tuple {
					h.Add(x)
				}
				eqBytes(t, want, h.Sum(nil))

				x := pick(is128, NewTupleHashXOF128, NewTupleHashXOF256)(S)
				for _, e := range tuple {
					x.Add(e)
				}
				got := make([]byte, L)
				readSplit(x, got, randomSplits(r, L)...)
				eqBytes(t, refTupleHash(sec, tuple, S, L, true), got)
			}
		}
	})
}

// The boundaries are the point of a tuple hash: moving one, adding an empty
// string or splitting one string in two must change the output.
func TestTupleHashBoundariesCount(t *testing.T) {
	h := func(tuple ...string) []byte {
		var tup [][]byte
		for _, s := range tuple {
			tup = append(tup, []byte(s))
		}
		return SumTupleHash128(tup, nil, 32)
	}
	outs := [][]byte{h(), h(""), h("", ""), h("abc"), h("ab", "c"), h("a", "bc"), h("abc", ""), h("", "abc")}
	for i := range outs {
		for j := range i {
			require.NotEqual(t, outs[j], outs[i], "tuples %d and %d collide", j, i)
		}
	}
}

// Every block boundary for several block sizes (one byte, shorter than a
// lane, odd, a rate, KangarooTwelve's chunk), on every backend.
func TestParallelHashBoundaries(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, B := range []int{1, 5, 8, 13, 136, 168, 1000, 8192, engine.MaxStagedBlock + 1} {
			ks := []int{0, 1, 2, 3, 4, 5, 8, 9, 17}
			if B > engine.MaxStagedBlock {
				ks = []int{0, 1, 2, 5}
			}
			var lengths []int
			for _, k := range ks {
				lengths = append(lengths, max(k*B-1, 0), k*B, k*B+1)
			}
			for _, n := range lengths {
				msg := randomBytes(r, n)
				S := randomBytes(r, r.IntN(3)*7)
				for _, sec := range []int{128, 256} {
					is128 := sec == 128
					want := refParallelHash(sec, msg, B, S, 100, false)
					got := pick(is128, SumParallelHash128, SumParallelHash256)(msg, S, B, 100)
					eqBytes(t, want, got, "sec %d B %d len %d", sec, B, n)
					x := pick(is128, NewParallelHashXOF128, NewParallelHashXOF256)(S, B)
					writeSplit(x, msg, randomSplits(r, n)...)
					out := make([]byte, 100)
					readSplit(x, out, 33, 1)
					require.Equal(t, refParallelHash(sec, msg, B, S, 100, true), out, "xof sec %d B %d len %d", sec, B, n)
				}
			}
		}
	})
}

// Large inputs at every parallelism cap, in random write splits and in one
// big write (the goroutine path), several batches of leaves long.
func TestParallelHashSplitsAndParallelism(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	for _, c := range []struct{ B, n int }{
		{8192, 2*engine.MinBytesPerWorker + 8*8192 + 123}, // one batch, split across goroutines
		{1000, 600*1000 + 7},                              // three batches (256 leaves each)
		{8, 3000*8 + 3},                                   // many tiny leaves
		{40000, 9*40000 + 5},                              // blocks too big to stage
	} {
		msg := randomBytes(r, c.n)
		want := refParallelHash(128, msg, c.B, []byte("S"), 500, true)
		want256 := refParallelHash(256, msg, c.B, nil, 64, false)
		for procs := 0; procs <= 8; procs++ {
			x := NewParallelHashXOF128([]byte("S"), c.B)
			x.SetParallelism(procs)
			writeSplit(x, msg, randomSplits(r, c.n)...)
			got := make([]byte, 500)
			readSplit(x, got, randomSplits(r, 500)...)
			eqBytes(t, want, got, "B %d procs %d", c.B, procs)

			h := NewParallelHash256(nil, c.B, 64)
			h.SetParallelism(procs)
			h.Write(msg)
			require.Equal(t, want256, h.Sum(nil), "B %d procs %d", c.B, procs)
		}
	}
}

func TestParallelHashAgainstReference(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(29, 30))
		for range pick(testing.Short(), 20, 80) {
			B := 1 + r.IntN(3000)
			msg, S, L := randomBytes(r, r.IntN(20000)), randomBytes(r, randLen(r, 200)), randLen(r, 300)
			h := NewParallelHash128(S, B, L)
			writeSplit(h, msg, randomSplits(r, len(msg))...)
			eqBytes(t, refParallelHash(128, msg, B, S, L, false), h.Sum(nil), "B %d", B)
		}
	})
}

// The caller may reuse its key and customization slices, and the sizes
// are the ones asked for. (Sum, Clone, Reset, Read and Write after Read are
// conformance_test.go's, for every type.)
func TestSP800185Arguments(t *testing.T) {
	key, S := []byte("0123456789abcdef"), []byte("custom")
	msg := randomBytes(rand.New(rand.NewPCG(31, 32)), 3*8192+77)
	k := NewKMAC128(key, S, 48)
	kx := NewKMACXOF256(key, S)
	p := NewParallelHash256(S, 8192, 40)
	px := NewParallelHashXOF128(S, 1000)
	th := NewTupleHash128(S, 24)
	tx := NewTupleHashXOF256(S)
	key[0], S[0] = 'X', 'X'
	key, S = []byte("0123456789abcdef"), []byte("custom")

	out := make([]byte, 24)
	k.Write(msg)
	eqBytes(t, refKMAC(128, key, msg, S, 48, false), k.Sum(nil))
	kx.Write(msg)
	kx.Read(out)
	eqBytes(t, refKMAC(256, key, msg, S, 24, true), out)
	p.Write(msg)
	eqBytes(t, refParallelHash(256, msg, 8192, S, 40, false), p.Sum(nil))
	px.Write(msg)
	px.Read(out)
	eqBytes(t, refParallelHash(128, msg, 1000, S, 24, true), out)
	th.Add(msg)
	eqBytes(t, refTupleHash(128, [][]byte{msg}, S, 24, false), th.Sum(nil))
	tx.Add(msg)
	tx.Read(out)
	eqBytes(t, refTupleHash(256, [][]byte{msg}, S, 24, true), out)

	require.Equal(t, 40, p.Size())
	require.Equal(t, 8192, p.BlockLen())
	require.Equal(t, 136, p.BlockSize())
	require.Equal(t, 1000, px.BlockLen())
	require.Len(t, NewKMAC256(nil, nil, 7).Sum([]byte{1, 2}), 9)
	require.Equal(t, 168, NewKMAC128(nil, nil, 1).BlockSize())
	require.Equal(t, 136, NewTupleHash256(nil, 1).BlockSize())
}

// Invalid arguments panic, with the documented conditions; an empty key,
// customization or output is fine.
func TestSP800185InvalidArguments(t *testing.T) {
	for name, f := range map[string]func(){
		"KMAC128 length":            func() { NewKMAC128(nil, nil, -1) },
		"SumKMAC256 length":         func() { SumKMAC256(nil, nil, nil, -1) },
		"TupleHash128 length":       func() { NewTupleHash128(nil, -1) },
		"SumTupleHash256 length":    func() { SumTupleHash256(nil, nil, -1) },
		"ParallelHash128 length":    func() { NewParallelHash128(nil, 8, -1) },
		"ParallelHash128 B=0":       func() { NewParallelHash128(nil, 0, 32) },
		"ParallelHash256 B<0":       func() { SumParallelHash256(nil, nil, -5, 32) },
		"ParallelHashXOF128 B=0":    func() { NewParallelHashXOF128(nil, 0) },
		"ParallelHashXOF256 B=0":    func() { NewParallelHashXOF256([]byte("S"), 0) },
		"TupleHashXOF Add after Rd": func() { x := NewTupleHashXOF256(nil); x.Read(nil); x.Add(nil) },
	} {
		require.Panics(t, f, name)
	}
	if strconv.IntSize == 64 { // only a 64-bit int can overflow L's 64 bits
		huge := math.MaxInt/2 + 1 // 1<<62
		require.Panics(t, func() { NewKMAC128(nil, nil, huge) }, "KMAC length overflows L")
	}
	eqBytes(t, refKMAC(128, nil, nil, nil, 0, false), SumKMAC128(nil, nil, nil, 0))
	require.Empty(t, SumKMAC128(nil, nil, nil, 0))
	require.Len(t, SumParallelHash128(nil, nil, 1, 5), 5)
}

// The cached prefix states for an empty customization equal a fresh
// absorption, on every backend.
func TestSP800185PrefixCache(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, c := range []*cshakeName{kmacName, tupleHashName, parallelHashName} {
			for _, rate := range []int{168, 136} {
				require.Equal(t, c.absorbPrefix(rate, nil), c.start(rate, nil))
				require.Equal(t, c.absorbPrefix(rate, []byte{}), c.start(rate, []byte{}))
			}
		}
	})
}

// Many goroutines at once, each with parallel leaves of its own (make test
// runs this under -race).
func TestSP800185Concurrent(t *testing.T) {
	msg := randomBytes(rand.New(rand.NewPCG(33, 34)), 20*8192+9)
	wantP := refParallelHash(128, msg, 8192, nil, 32, false)
	wantK := refKMAC(256, msg[:32], msg, nil, 64, false)
	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() {
			for range 3 {
				assert.Equal(t, wantP, SumParallelHash128(msg, nil, 8192, 32))
				assert.Equal(t, wantK, SumKMAC256(msg[:32], msg, nil, 64))
			}
		})
	}
	wg.Wait()
}

// A keyed KMAC reused per message (Reset, Write, Sum into a buffer with
// room) allocates nothing: Reset is a copy of the keyed state, and the
// closing right_encode(L) lives in the struct.
func TestKMACReuseAllocatesNothing(t *testing.T) {
	key, msg := bytes.Repeat([]byte{7}, 32), make([]byte, 32)
	h := NewKMAC128(key, nil, 32)
	buf := make([]byte, 0, 32)
	allocs := testing.AllocsPerRun(50, func() {
		h.Reset()
		h.Write(msg)
		buf = h.Sum(buf[:0])
	})
	require.Zero(t, allocs)
	eqBytes(t, refKMAC(128, key, msg, nil, 32, false), buf)
}

// FuzzSP800185 holds the streaming types to the reference on arbitrary
// inputs: data is both the message and (cut at cut) key and tuple.
func FuzzSP800185(f *testing.F) {
	f.Add([]byte("abc"), uint16(1), uint16(1), uint8(32))
	f.Add(make([]byte, 5000), uint16(8), uint16(1000), uint8(0))
	f.Add(bytes.Repeat([]byte{0xA5}, 700), uint16(168), uint16(169), uint8(200))
	f.Fuzz(func(t *testing.T, data []byte, b, cut uint16, l uint8) {
		implrun.Each(t, "keccak", func() {
			B, L := 1+int(b)%9000, int(l)
			k := min(int(cut), len(data))
			key, S := data[:k], data[k:min(len(data), k+17)]

			p := NewParallelHashXOF256(S, B)
			writeSplit(p, data, 1+k)
			out := make([]byte, L)
			p.Read(out)
			eqBytes(t, refParallelHash(256, data, B, S, L, true), out)

			m := NewKMAC128(key, S, L)
			writeSplit(m, data, 1+int(b)%300)
			eqBytes(t, refKMAC(128, key, data, S, L, false), m.Sum(nil))

			tuple := [][]byte{data[:k], data[k:], nil}
			eqBytes(t, refTupleHash(128, tuple, S, L, false), SumTupleHash128(tuple, S, L))
		})
	})
}

// Streamed in small writes (staged, engine/leafstream_test.go checks the
// bound) or in one big one, ParallelHash gives the same bytes. Under -short
// the message is five of the largest blocks, not 3 MiB (whose million
// one-byte leaves took 105 s under qemu-arm).
func TestParallelHashStaged(t *testing.T) {
	n := 3<<20 + 11
	if testing.Short() {
		n = 5*(engine.MaxStagedBlock+1) + 11
	}
	msg := randomBytes(rand.New(rand.NewPCG(35, 36)), n)
	for _, B := range []int{1, 8192, engine.MaxStagedBlock, engine.MaxStagedBlock + 1} {
		h := NewParallelHash128(nil, B, 32)
		for p := msg; len(p) > 0; p = p[min(len(p), 1000):] {
			h.Write(p[:min(len(p), 1000)])
		}
		eqBytes(t, refParallelHash(128, msg, B, nil, 32, false), h.Sum(nil), "B %d", B)
	}
}

// ParallelHash at every leaf count of leafCounts (kt_test.go), both
// security levels, with and without customization, fixed and XOF output:
// one-shot and streaming in random splits (one and two goroutines) on
// every backend, against the reference. Under -short the two security
// levels take turns (shortTurn).
func TestParallelHashLeafCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	type kase struct {
		sec, B, n int
		msg, S    []byte
		want, xof []byte
	}
	var cases []kase
	turn := 0
	for _, B := range []int{8192, 168, 13} {
		for _, leaves := range leafCounts {
			for _, extra := range []int{0, B / 2} {
				n := leaves*B + extra
				msg := randomBytes(r, n)
				for _, S := range [][]byte{nil, []byte("S")} {
					turn++
					for _, sec := range []int{128, 256} {
						if testing.Short() && sec == 128 != shortTurn(turn) {
							continue // the two strengths take turns
						}
						cases = append(cases, kase{sec, B, n, msg, S,
							refParallelHash(sec, msg, B, S, 48, false),
							refParallelHash(sec, msg, B, S, 48, true)})
					}
				}
			}
		}
	}
	implrun.Run(t, "keccak", func(t *testing.T) {
		for _, k := range cases {
			is128 := k.sec == 128
			what := []any{"sec %d B %d len %d custom %d", k.sec, k.B, k.n, len(k.S)}
			eqBytes(t, k.want, pick(is128, SumParallelHash128, SumParallelHash256)(k.msg, k.S, k.B, 48), what...)
			for _, procs := range []int{1, 2} {
				h := pick(is128, NewParallelHash128, NewParallelHash256)(k.S, k.B, 48)
				h.SetParallelism(procs)
				writeSplit(h, k.msg, randomSplits(r, k.n)...)
				eqBytes(t, k.want, h.Sum(nil), what...)
				x := pick(is128, NewParallelHashXOF128, NewParallelHashXOF256)(k.S, k.B)
				x.SetParallelism(procs)
				writeSplit(x, k.msg, randomSplits(r, k.n)...)
				out := make([]byte, 48)
				readSplit(x, out, randomSplits(r, 48)...)
				eqBytes(t, k.xof, out, what...)
			}
		}
	})
}

// Two goroutines on two blocks too big to stage: each gets one block. (The
// per-goroutine run was rounded up to 4 blocks past the input: a slice
// bounds panic when the caller's slice had no capacity beyond it.)
func TestParallelHashTwoBigBlocksTwoWorkers(t *testing.T) {
	const B = 512 << 10
	r := rand.New(rand.NewPCG(35, 36))
	msg := randomBytes(r, 2*B+5)
	msg = msg[:len(msg):len(msg)]
	h := NewParallelHash128(nil, B, 32)
	h.SetParallelism(2)
	h.Write(msg)
	eqBytes(t, refParallelHash(128, msg, B, nil, 32, false), h.Sum(nil))
}
