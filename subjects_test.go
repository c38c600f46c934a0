package keccak

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

// subject is one hash or XOF type as the shared tests (conformance_test.go,
// streaming_test.go) see it. To cover a new type, add it to subjects.
type subject struct {
	name string
	// rate is the sponge's block size: write sizes are drawn around it.
	rate int
	// tuple means each write is one element of a tuple (TupleHash): how the
	// input is cut changes the output.
	tuple bool
	// make draws the parameters the type takes besides the customization
	// string (key, block size, output length, ...) and returns a
	// constructor and the reference: n bytes of output for the writes so
	// far, computed by the one-shot function (or crypto/sha3, or the
	// standard's text) from the whole input. Types without a customization
	// ignore custom.
	make func(r *rand.Rand, custom []byte) (newHash func() any, ref func(parts [][]byte, n int) []byte)
	// variants, for the types whose encoding binds parameters the state
	// does not show, draws them and returns a constructor and constructors
	// that differ from it in one parameter each (customization, key, rate,
	// output length, block size): a state of the first loads into none of
	// the others.
	variants func(r *rand.Rand) (same func() any, others []func() any)
}

// forEachSubject runs f on every subject, each a subtest, on every
// backend; each backend's run draws from its own source seeded with seed.
func forEachSubject(t *testing.T, seed uint64, f func(t *testing.T, r *rand.Rand, s subject)) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(seed, seed+1))
		for _, s := range subjects {
			t.Run(s.name, func(t *testing.T) { f(t, r, s) })
		}
	})
}

// plain builds make for a type with nothing to draw: the reference gets
// the concatenated input.
func plain(newHash func() any, ref func(msg []byte, n int) []byte) func(*rand.Rand, []byte) (func() any, func([][]byte, int) []byte) {
	return func(*rand.Rand, []byte) (func() any, func([][]byte, int) []byte) {
		return newHash, joined(ref)
	}
}

// joined turns a reference on one message into one on the writes.
func joined(ref func(msg []byte, n int) []byte) func([][]byte, int) []byte {
	return func(parts [][]byte, n int) []byte { return ref(bytes.Join(parts, nil), n) }
}

// fixed adapts a fixed-size one-shot to a reference (n is its size).
func fixed[A [28]byte | [32]byte | [48]byte | [64]byte](sum func([]byte) A) func([]byte, int) []byte {
	return func(msg []byte, _ int) []byte {
		a := sum(msg)
		return reflect.ValueOf(&a).Elem().Bytes()
	}
}

// outLen draws a fixed output length L, edges included.
func outLen(r *rand.Rand) int { return []int{1, 32, 64, 1 + r.IntN(300)}[r.IntN(4)] }

// leafBlockLen draws a ParallelHash block size B: a byte, odd sizes, a
// rate, KangarooTwelve's chunk, and now and then one too big to stage.
func leafBlockLen(r *rand.Rand) int {
	if r.IntN(10) == 0 {
		return engine.MaxStagedBlock + 1 + r.IntN(100)
	}
	return []int{1, 7, 136, 168, 1000 + r.IntN(100), chunkSize}[r.IntN(6)]
}

// tupleAdder makes a TupleHash an io.Writer whose every Write is one Add.
type tupleAdder struct{ *TupleHash }

func (a tupleAdder) Write(p []byte) (int, error) { a.Add(p); return len(p), nil }
func (a tupleAdder) Clone() tupleAdder           { return tupleAdder{a.TupleHash.Clone()} }

type tupleXOFAdder struct{ *TupleHashXOF }

func (a tupleXOFAdder) Write(p []byte) (int, error) { a.Add(p); return len(p), nil }
func (a tupleXOFAdder) Clone() tupleXOFAdder        { return tupleXOFAdder{a.TupleHashXOF.Clone()} }

// shakeRef is n bytes of crypto/sha3's SHAKE or cSHAKE output.
func shakeRef(std func() *sha3.SHAKE) func([]byte, int) []byte {
	return func(msg []byte, n int) []byte {
		x := std()
		x.Write(msg)
		out := make([]byte, n)
		x.Read(out)
		return out
	}
}

// oneShotParallelHashXOF is the XOF's one-shot form (there is no
// SumParallelHashXOF): all input in one direct write, nothing staged.
func oneShotParallelHashXOF(rate int, custom []byte, B int, msg []byte, n int) []byte {
	x := &ParallelHashXOF{p: newParallelCore(rate, custom, B, 0, true)}
	x.p.leaves.SetDirect()
	x.p.write(msg)
	out := make([]byte, n)
	x.Read(out)
	return out
}

var subjects = []subject{
	{name: "SHA3-224", rate: 144, make: plain(func() any { return New224() }, fixed(Sum224))},
	{name: "SHA3-256", rate: 136, make: plain(func() any { return New256() }, fixed(Sum256))},
	{name: "SHA3-384", rate: 104, make: plain(func() any { return New384() }, fixed(Sum384))},
	{name: "SHA3-512", rate: 72, make: plain(func() any { return New512() }, fixed(Sum512))},
	{name: "SHA3 zero value", rate: 136, make: plain(func() any { return new(SHA3) }, fixed(sha3.Sum256))},
	{name: "Keccak-256", rate: 136, make: plain(func() any { return NewLegacyKeccak256() }, legacyRef(136))},
	{name: "Keccak-512", rate: 72, make: plain(func() any { return NewLegacyKeccak512() }, legacyRef(72))},
	{name: "SHAKE128", rate: 168, make: plain(func() any { return NewSHAKE128() }, shakeRef(sha3.NewSHAKE128))},
	{name: "SHAKE256", rate: 136, make: plain(func() any { return NewSHAKE256() }, shakeRef(sha3.NewSHAKE256))},
	{name: "SHAKE zero value", rate: 136, make: plain(func() any { return new(SHAKE) }, shakeRef(sha3.NewSHAKE256))},
	{name: "cSHAKE128", rate: 168, make: func(r *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		N := randomBytes(r, r.IntN(20))
		return func() any { return NewCSHAKE128(N, custom) },
			joined(shakeRef(func() *sha3.SHAKE { return sha3.NewCSHAKE128(N, custom) }))
	}},
	{name: "cSHAKE256", rate: 136, make: func(r *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		N := randomBytes(r, r.IntN(20))
		return func() any { return NewCSHAKE256(N, custom) },
			joined(shakeRef(func() *sha3.SHAKE { return sha3.NewCSHAKE256(N, custom) }))
	}},
	{name: "TurboSHAKE128", rate: 168, make: func(r *rand.Rand, _ []byte) (func() any, func([][]byte, int) []byte) {
		D := byte(1 + r.IntN(0x7F))
		return func() any { return NewTurboSHAKE128(D) },
			joined(func(msg []byte, n int) []byte { return SumTurboSHAKE128(msg, D, n) })
	}},
	{name: "TurboSHAKE256", rate: 136, make: func(r *rand.Rand, _ []byte) (func() any, func([][]byte, int) []byte) {
		D := byte(1 + r.IntN(0x7F))
		return func() any { return NewTurboSHAKE256(D) },
			joined(func(msg []byte, n int) []byte { return SumTurboSHAKE256(msg, D, n) })
	}},
	{name: "KT128", rate: 168, make: func(_ *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		return func() any { return NewKT128(custom) },
			joined(func(msg []byte, n int) []byte { return SumKT128(msg, custom, n) })
	}, variants: ktVariants(NewKT128, NewKT256)},
	{name: "KT256", rate: 136, make: func(_ *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		return func() any { return NewKT256(custom) },
			joined(func(msg []byte, n int) []byte { return SumKT256(msg, custom, n) })
	}, variants: ktVariants(NewKT256, NewKT128)},
	kmacSubject(128), kmacSubject(256), kmacXOFSubject(128), kmacXOFSubject(256),
	tupleSubject(128), tupleSubject(256), tupleXOFSubject(128), tupleXOFSubject(256),
	parallelSubject(128), parallelSubject(256), parallelXOFSubject(128), parallelXOFSubject(256),
}

// legacyRef is the original Keccak padding's output, from the backend's
// one-shot sponge (Read continues past the digest, so n is free).
func legacyRef(rate int) func([]byte, int) []byte {
	return func(msg []byte, n int) []byte {
		out := make([]byte, n)
		engine.Hash(rate, dsKeccak, msg, nil, out, 24)
		return out
	}
}

func kmacSubject(sec int) subject {
	return subject{name: "KMAC" + strconv.Itoa(sec), rate: refRate(sec), make: func(r *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		key, L := randomBytes(r, r.IntN(100)), outLen(r)
		return func() any { return pick(sec == 128, NewKMAC128, NewKMAC256)(key, custom, L) },
			joined(func(msg []byte, _ int) []byte { return pick(sec == 128, SumKMAC128, SumKMAC256)(key, msg, custom, L) })
	}, variants: func(r *rand.Rand) (func() any, []func() any) {
		mk, other := pick(sec == 128, NewKMAC128, NewKMAC256), pick(sec == 128, NewKMAC256, NewKMAC128)
		key, custom, L := randomBytes(r, r.IntN(100)), randomBytes(r, r.IntN(20)), outLen(r)
		return func() any { return mk(key, custom, L) }, []func() any{
			func() any { return mk(otherBytes(r, key), custom, L) },
			func() any { return mk(key, otherBytes(r, custom), L) },
			func() any { return mk(key, custom, L+1) },
			func() any { return other(key, custom, L) },
		}
	}}
}

func kmacXOFSubject(sec int) subject {
	return subject{name: "KMACXOF" + strconv.Itoa(sec), rate: refRate(sec), make: func(r *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		key := randomBytes(r, r.IntN(100))
		return func() any { return pick(sec == 128, NewKMACXOF128, NewKMACXOF256)(key, custom) },
			joined(func(msg []byte, n int) []byte { return refKMAC(sec, key, msg, custom, n, true) })
	}, variants: func(r *rand.Rand) (func() any, []func() any) {
		mk, other := pick(sec == 128, NewKMACXOF128, NewKMACXOF256), pick(sec == 128, NewKMACXOF256, NewKMACXOF128)
		key, custom := randomBytes(r, r.IntN(100)), randomBytes(r, r.IntN(20))
		return func() any { return mk(key, custom) }, []func() any{
			func() any { return mk(otherBytes(r, key), custom) },
			func() any { return mk(key, otherBytes(r, custom)) },
			func() any { return other(key, custom) },
		}
	}}
}

func tupleSubject(sec int) subject {
	return subject{name: "TupleHash" + strconv.Itoa(sec), rate: refRate(sec), tuple: true, make: func(r *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		L := outLen(r)
		return func() any { return tupleAdder{pick(sec == 128, NewTupleHash128, NewTupleHash256)(custom, L)} },
			func(parts [][]byte, _ int) []byte { return refTupleHash(sec, parts, custom, L, false) }
	}, variants: func(r *rand.Rand) (func() any, []func() any) {
		mk, other := pick(sec == 128, NewTupleHash128, NewTupleHash256), pick(sec == 128, NewTupleHash256, NewTupleHash128)
		custom, L := randomBytes(r, r.IntN(20)), outLen(r)
		return func() any { return tupleAdder{mk(custom, L)} }, []func() any{
			func() any { return tupleAdder{mk(otherBytes(r, custom), L)} },
			func() any { return tupleAdder{mk(custom, L+1)} },
			func() any { return tupleAdder{other(custom, L)} },
		}
	}}
}

func tupleXOFSubject(sec int) subject {
	return subject{name: "TupleHashXOF" + strconv.Itoa(sec), rate: refRate(sec), tuple: true, make: func(_ *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		return func() any { return tupleXOFAdder{pick(sec == 128, NewTupleHashXOF128, NewTupleHashXOF256)(custom)} },
			func(parts [][]byte, n int) []byte { return refTupleHash(sec, parts, custom, n, true) }
	}, variants: func(r *rand.Rand) (func() any, []func() any) {
		mk, other := pick(sec == 128, NewTupleHashXOF128, NewTupleHashXOF256), pick(sec == 128, NewTupleHashXOF256, NewTupleHashXOF128)
		custom := randomBytes(r, r.IntN(20))
		return func() any { return tupleXOFAdder{mk(custom)} }, []func() any{
			func() any { return tupleXOFAdder{mk(otherBytes(r, custom))} },
			func() any { return tupleXOFAdder{other(custom)} },
		}
	}}
}

func parallelSubject(sec int) subject {
	return subject{name: "ParallelHash" + strconv.Itoa(sec), rate: refRate(sec), make: func(r *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		B, L := leafBlockLen(r), outLen(r)
		return func() any { return pick(sec == 128, NewParallelHash128, NewParallelHash256)(custom, B, L) },
			joined(func(msg []byte, _ int) []byte {
				return pick(sec == 128, SumParallelHash128, SumParallelHash256)(msg, custom, B, L)
			})
	}, variants: func(r *rand.Rand) (func() any, []func() any) {
		mk, other := pick(sec == 128, NewParallelHash128, NewParallelHash256), pick(sec == 128, NewParallelHash256, NewParallelHash128)
		custom, B, L := randomBytes(r, r.IntN(20)), leafBlockLen(r), outLen(r)
		return func() any { return mk(custom, B, L) }, []func() any{
			func() any { return mk(otherBytes(r, custom), B, L) },
			func() any { return mk(custom, B+1, L) },
			func() any { return mk(custom, B, L+1) },
			func() any { return other(custom, B, L) },
		}
	}}
}

func parallelXOFSubject(sec int) subject {
	return subject{name: "ParallelHashXOF" + strconv.Itoa(sec), rate: refRate(sec), make: func(r *rand.Rand, custom []byte) (func() any, func([][]byte, int) []byte) {
		B := leafBlockLen(r)
		return func() any { return pick(sec == 128, NewParallelHashXOF128, NewParallelHashXOF256)(custom, B) },
			joined(func(msg []byte, n int) []byte { return oneShotParallelHashXOF(refRate(sec), custom, B, msg, n) })
	}, variants: func(r *rand.Rand) (func() any, []func() any) {
		mk, other := pick(sec == 128, NewParallelHashXOF128, NewParallelHashXOF256), pick(sec == 128, NewParallelHashXOF256, NewParallelHashXOF128)
		custom, B := randomBytes(r, r.IntN(20)), leafBlockLen(r)
		return func() any { return mk(custom, B) }, []func() any{
			func() any { return mk(otherBytes(r, custom), B) },
			func() any { return mk(custom, B+1) },
			func() any { return other(custom, B) },
		}
	}}
}

// ktVariants is variants for KT: the customization and the rate.
func ktVariants(mk, other func([]byte) *KT) func(*rand.Rand) (func() any, []func() any) {
	return func(r *rand.Rand) (func() any, []func() any) {
		custom := randomBytes(r, r.IntN(20))
		return func() any { return mk(custom) }, []func() any{
			func() any { return mk(otherBytes(r, custom)) },
			func() any { return other(custom) },
		}
	}
}

// otherBytes is a string other than b: one byte changed, or one added or
// removed.
func otherBytes(r *rand.Rand, b []byte) []byte {
	b = bytes.Clone(b)
	switch {
	case len(b) > 0 && r.IntN(3) == 0:
		return b[:len(b)-1]
	case len(b) > 0 && r.IntN(2) == 0:
		b[r.IntN(len(b))] ^= byte(1 + r.IntN(255))
		return b
	}
	return append(b, byte(r.IntN(256)))
}

// leafStreamOf returns the leaf stream of a tree hash, or nil.
func leafStreamOf(h any) *engine.LeafStream {
	switch h := h.(type) {
	case *KT:
		return &h.leaves
	case *ParallelHash:
		return &h.p.leaves
	case *ParallelHashXOF:
		return &h.p.leaves
	}
	return nil
}

// stageGap is how many more bytes h takes before its stage is full and
// hashed (0 for hashes without a stage): writes of about this size are the
// ones that make finishing spill past the stage.
func stageGap(h any) int {
	s := leafStreamOf(h)
	if s == nil {
		return 0
	}
	gap := s.StageRoom()
	if gap == 0 {
		return 0
	}
	if kt, ok := h.(*KT); ok && kt.chunk0 < chunkSize {
		gap += chunkSize - kt.chunk0 // chunk 0 goes to the final node first
	}
	return gap
}
