package keccak

import (
	"bytes"
	"encoding/binary"
	"hash"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/stretchr/testify/require"
)

var (
	_ marshaler = NewKT128(nil)
	_ marshaler = NewKMAC128(nil, nil, 32)
	_ marshaler = NewKMACXOF128(nil, nil)
	_ marshaler = NewTupleHash128(nil, 32)
	_ marshaler = NewTupleHashXOF128(nil)
	_ marshaler = NewParallelHash128(nil, 8, 32)
	_ marshaler = NewParallelHashXOF128(nil, 8)
)

// namedMarshaler makes one hash of a distinct function: no two entries of
// distinctFunctions load each other's states.
type namedMarshaler struct {
	name string
	make func() marshaler
}

var distinctFunctions = []namedMarshaler{
	{"SHA3-256", func() marshaler { return New256() }},
	{"SHA3-512", func() marshaler { return New512() }},
	{"Keccak-256", func() marshaler { return NewLegacyKeccak256() }},
	{"SHAKE128", func() marshaler { return NewSHAKE128() }},
	{"cSHAKE128", func() marshaler { return NewCSHAKE128([]byte("N"), []byte("S")) }},
	{"TurboSHAKE128", func() marshaler { return NewTurboSHAKE128(0x1F) }},
	{"KT128", func() marshaler { return NewKT128([]byte("C")) }},
	{"KT256", func() marshaler { return NewKT256([]byte("C")) }},
	{"KMAC128", func() marshaler { return NewKMAC128([]byte("key"), []byte("S"), 32) }},
	{"KMAC256", func() marshaler { return NewKMAC256([]byte("key"), []byte("S"), 32) }},
	{"KMACXOF128", func() marshaler { return NewKMACXOF128([]byte("key"), []byte("S")) }},
	{"KMACXOF256", func() marshaler { return NewKMACXOF256([]byte("key"), []byte("S")) }},
	{"TupleHash128", func() marshaler { return NewTupleHash128([]byte("S"), 32) }},
	{"TupleHash256", func() marshaler { return NewTupleHash256([]byte("S"), 32) }},
	{"TupleHashXOF128", func() marshaler { return NewTupleHashXOF128([]byte("S")) }},
	{"TupleHashXOF256", func() marshaler { return NewTupleHashXOF256([]byte("S")) }},
	{"ParallelHash128", func() marshaler { return NewParallelHash128([]byte("S"), 100, 32) }},
	{"ParallelHash256", func() marshaler { return NewParallelHash256([]byte("S"), 100, 32) }},
	{"ParallelHashXOF128", func() marshaler { return NewParallelHashXOF128([]byte("S"), 100) }},
	{"ParallelHashXOF256", func() marshaler { return NewParallelHashXOF256([]byte("S"), 100) }},
}

// feed writes msg to any of the types (TupleHash as one element).
func feed(h any, msg []byte) {
	switch h := h.(type) {
	case *TupleHash:
		h.Add(msg)
	case *TupleHashXOF:
		h.Add(msg)
	default:
		h.(io.Writer).Write(msg)
	}
}

// use is h's output, from a clone, without panicking on any state h can
// load: an XOF reads, a hash sums unless its state is squeezing (SHA3's
// Sum then panics by design).
func use(t testing.TB, orig marshaler) []byte {
	t.Helper()
	b, _ := orig.MarshalBinary()
	h := cloneOf(t, orig)
	switch h.(type) {
	case *SHA3:
		if b[206] == 1 {
			return nil
		}
	}
	if x, ok := h.(io.Reader); ok {
		x.Read(nil) // a read first: so does a loaded squeezing state
		out := make([]byte, 40)
		x.Read(out)
		return out
	}
	switch h := h.(type) {
	case hash.Hash:
		return h.Sum(nil)
	case *TupleHash:
		return h.Sum(nil)
	}
	panic("use: unknown type")
}

// A state loads only into its own function: every other type, and the
// other rate of its own, refuse it and stay as they were.
func TestUnmarshalStateOfOtherFunction(t *testing.T) {
	for _, from := range distinctFunctions {
		h := from.make()
		feed(h, []byte("some input"))
		b, err := h.MarshalBinary()
		require.NoError(t, err)
		for _, into := range distinctFunctions {
			d := into.make()
			if into.name == from.name {
				require.NoError(t, d.UnmarshalBinary(b))
				continue
			}
			feed(d, []byte("other input"))
			before, _ := d.MarshalBinary()
			require.Error(t, d.UnmarshalBinary(b), "%s into %s", from.name, into.name)
			after, _ := d.MarshalBinary()
			require.Equal(t, before, after, "%s into %s changed it", from.name, into.name)
		}
	}
}

// The encodings' sizes are as documented: fixed for KMAC and TupleHash,
// the fixed part plus the staged bytes (or the open block's sponge) for
// the tree hashes, never more than the bounds.
func TestMarshaledSizes(t *testing.T) {
	size := func(h marshaler) int {
		b, err := h.MarshalBinary()
		require.NoError(t, err)
		return len(b)
	}
	require.Equal(t, 248, framedStateSize)
	require.Equal(t, 276, parallelStateSize)
	require.Equal(t, 270, ktStateSize)
	require.Equal(t, framedStateSize, size(NewKMAC256([]byte("k"), nil, 64)))
	require.Equal(t, framedStateSize, size(NewTupleHash128(nil, 0)))
	require.Equal(t, framedStateSize-8, size(NewKMACXOF128(nil, nil)))
	require.Equal(t, framedStateSize-8, size(NewTupleHashXOF256([]byte("S"))))
	require.Equal(t, ktStateSize, size(NewKT128(nil)))
	require.Equal(t, parallelStateSize, size(NewParallelHash128(nil, 1, 32)))
	require.Equal(t, parallelStateSize-8, size(NewParallelHashXOF256(nil, 1)))

	r := rand.New(rand.NewPCG(81, 82))
	msg := randomBytes(r, 1050*1000) // more than the biggest stage here
	kt := NewKT128(nil)
	kt.Write(msg[:chunkSize+1])
	kt.Write(msg[chunkSize+1 : chunkSize+1000])
	require.Equal(t, ktStateSize+1000, size(kt)) // the bytes after chunk 0 are staged
	for i, p := 0, msg; len(p) > 0; i, p = i+1, p[1000:] {
		kt.Write(p[:1000])
		if i%29 == 0 {
			require.Less(t, size(kt), ktStateSize+engine.MaxStage)
		}
	}
	ph := NewParallelHash256(nil, engine.MaxStagedBlock+1, 32)
	ph.Write(msg[:engine.MaxStagedBlock+7])
	require.Equal(t, parallelStateSize+engine.StateSize, size(ph), "an open block is its sponge")
	for _, B := range []int{1, 1000, engine.MaxStagedBlock} {
		ph := NewParallelHash128(nil, B, 32)
		for i, p := 0, msg; len(p) > 0; i, p = i+1, p[1000:] {
			ph.Write(p[:1000])
			if i%29 == 0 {
				require.Less(t, size(ph), parallelStateSize+engine.MaxStage+8*B)
			}
		}
	}
}

// Long streams resume from states saved mid-stage, right after a stage
// was hashed, mid-leaf and in the last chunk, on every backend.
func TestMarshalTreeHashesLongStreams(t *testing.T) {
	implrun.Run(t, "keccak", func(t *testing.T) {
		r := rand.New(rand.NewPCG(83, 84))
		msg := randomBytes(r, pick(testing.Short(), 1, 3)<<20+r.IntN(10000))
		type tree struct {
			name string
			make func() marshaler
			want []byte
		}
		B := []int{1000, 8192, engine.MaxStagedBlock + 3}[r.IntN(3)]
		trees := []tree{
			{"KT128", func() marshaler { return NewKT128([]byte("C")) }, SumKT128(msg, []byte("C"), 32)},
			{"KT256", func() marshaler { return NewKT256(nil) }, SumKT256(msg, nil, 64)},
			{"ParallelHash128", func() marshaler { return NewParallelHash128(nil, B, 32) }, SumParallelHash128(msg, nil, B, 32)},
			{"ParallelHashXOF256", func() marshaler { return NewParallelHashXOF256([]byte("S"), B) },
				oneShotParallelHashXOF(136, []byte("S"), B, msg, 64)},
		}
		for _, tr := range trees {
			h := tr.make()
			for p := msg; len(p) > 0; {
				n := min(len(p), 1+r.IntN(300000))
				h.(io.Writer).Write(p[:n])
				p = p[n:]
				b, err := h.MarshalBinary()
				require.NoError(t, err)
				d := tr.make()
				require.NoError(t, d.UnmarshalBinary(b))
				d.(io.Writer).Write(p)
				var got []byte
				if x, ok := d.(*ParallelHashXOF); ok {
					got = make([]byte, len(tr.want))
					x.Read(got)
				} else {
					got = d.(hash.Hash).Sum(nil)
				}
				require.Equal(t, tr.want, got, "%s (B %d) resumed at %d", tr.name, B, len(msg)-len(p))
				if r.IntN(4) == 0 { // go on from a loaded one
					h = tr.make()
					require.NoError(t, h.UnmarshalBinary(b))
				}
			}
		}
	})
}

// editAt returns a copy of b with v written at off.
func editAt(b []byte, off int, v ...byte) []byte {
	c := bytes.Clone(b)
	copy(c[off:], v)
	return c
}

func be64(x uint64) []byte { return binary.BigEndian.AppendUint64(nil, x) }

// Well-formed encodings whose fields contradict each other, or the
// version, or the binding, are refused, and the hash stays as it was.
func TestUnmarshalImpossibleStates(t *testing.T) {
	const sp = headerSize // the sponge or L after the header
	type bad struct {
		what string
		b    []byte
	}
	check := func(name string, into marshaler, good []byte, cases []bad) {
		t.Helper()
		require.NoError(t, into.UnmarshalBinary(good), name)
		if !strings.HasSuffix(name, "read") { // else Write panics
			feed(into, []byte("something else"))
		}
		before, _ := into.MarshalBinary()
		out := use(t, into)
		for _, c := range append(cases,
			bad{"version 0", editAt(good, 4, 0)},
			bad{"version 2", editAt(good, 4, 2)},
			bad{"binding", editAt(good, 5, good[5]^1)},
			bad{"last binding byte", editAt(good, headerSize-1, good[headerSize-1]^0x80)},
		) {
			require.Error(t, into.UnmarshalBinary(c.b), "%s: %s", name, c.what)
			after, _ := into.MarshalBinary()
			require.Equal(t, before, after, "%s: %s changed the hash", name, c.what)
		}
		require.Equal(t, out, use(t, into), name)
	}

	// KT, mid-tree with staged bytes: chunk0 (2), final (203), leaves.
	msg := randomBytes(rand.New(rand.NewPCG(85, 86)), 5*chunkSize+100)
	kt := NewKT128(nil)
	kt.Write(msg)
	good, _ := kt.MarshalBinary()
	fin, lv := sp+2, sp+2+engine.StateSize
	check("KT tree", NewKT128(nil), good, []bad{
		{"chunk0 short of a chunk in a tree", editAt(good, sp, 0x1f, 0xff)},
		{"chunk0 over a chunk", editAt(good, sp, 0x20, 0x01)},
		{"final offset", editAt(good, fin+201, good[fin+201]+1)},
		{"final squeezing with staged bytes", editAt(good, fin+202, 1)},
		{"one leaf more", editAt(good, lv+8, be64(kt.leaves.Leaves()+1)...)},
		{"other block length", editAt(good, lv, be64(chunkSize+1)...)},
		{"staged count over the bytes", editAt(good, lv+24, 0, 0, 0xff, 0xff)},
		{"staged count under the bytes", editAt(good, lv+27, good[lv+27]-1)},
		{"an open leaf in a staging stream", editAt(good, lv+23, 1)},
	})
	short := NewKT128([]byte("custom"))
	short.Write(msg[:100])
	good, _ = short.MarshalBinary()
	check("KT one chunk", NewKT128([]byte("custom")), good, []bad{
		{"chunk0 not what the final node took", editAt(good, sp, 0, 101)},
		{"leaves in one chunk", editAt(good, lv+8, be64(1)...)},
	})
	short.Read(make([]byte, 1))
	good, _ = short.MarshalBinary()
	check("KT one chunk, read", NewKT128([]byte("custom")), good, []bad{
		{"read before the suffix went in", editAt(good, sp, 0, 5)},
	})

	// ParallelHash: L (8), final (203), leaves; and its XOF.
	ph := NewParallelHash128(nil, 7, 32)
	ph.Write(msg[:1000])
	good, _ = ph.MarshalBinary()
	fin, lv = sp+8, sp+8+engine.StateSize
	check("ParallelHash", NewParallelHash128(nil, 7, 32), good, []bad{
		{"other L", editAt(good, sp, be64(33)...)},
		{"squeezing", editAt(good, fin+202, 1)},
		{"final offset", editAt(good, fin+201, good[fin+201]^1)},
		{"one leaf fewer", editAt(good, lv+8, be64(ph.p.leaves.Leaves()-1)...)},
		{"other B", editAt(good, lv, be64(8)...)},
	})
	px := NewParallelHashXOF128(nil, 7)
	px.Write(msg[:1000])
	px.Read(make([]byte, 10))
	good, _ = px.MarshalBinary()
	lv = sp + engine.StateSize
	check("ParallelHashXOF read", NewParallelHashXOF128(nil, 7), good, []bad{
		{"staged bytes after Read", append(editAt(good, lv+27, 1), 0)},
		{"absorbing", editAt(good, sp+202, 0)},
	})

	// KMAC: L (8), sponge; the XOF has no L and may squeeze.
	km := NewKMAC256([]byte("key"), nil, 32)
	km.Write(msg[:50])
	good, _ = km.MarshalBinary()
	check("KMAC", NewKMAC256([]byte("key"), nil, 32), good, []bad{
		{"other L", editAt(good, sp, be64(1<<40)...)},
		{"squeezing", editAt(good, sp+8+202, 1)},
		{"absorbing a full block", editAt(good, sp+8+201, 136)},
		{"rate", editAt(good, sp+8, 168)},
	})
	kx := NewKMACXOF128([]byte("key"), nil)
	kx.Write(msg[:50])
	good, _ = kx.MarshalBinary()
	check("KMACXOF", NewKMACXOF128([]byte("key"), nil), good, []bad{
		{"direction 2", editAt(good, sp+202, 2)},
		{"squeezing past the block", editAt(good, sp+201, 169, 1)},
		{"an L field", append(good[:sp:sp], append(be64(0), good[sp:]...)...)},
	})
	th := NewTupleHash256([]byte("S"), 64)
	th.Add(msg[:10])
	good, _ = th.MarshalBinary()
	check("TupleHash", NewTupleHash256([]byte("S"), 64), good, []bad{
		{"other L", editAt(good, sp+7, 65)},
		{"squeezing", editAt(good, sp+8+202, 1)},
	})
}

// A marshaled KMAC state holds neither the key nor the keyed start state.
func TestKMACStateHoldsNoKey(t *testing.T) {
	key := bytes.Repeat([]byte("secret key 16 by"), 4)
	for _, k := range []*KMAC{NewKMAC128(key, nil, 32), NewKMAC256(key, []byte("S"), 64)} {
		b, _ := k.MarshalBinary()
		require.False(t, bytes.Contains(b, key[:16]), "the key is in the state")
		start, _ := k.f.start.AppendState(nil), 0
		require.True(t, bytes.Equal(start, b[len(b)-engine.StateSize:]), "a fresh state is its start")
		k.Write([]byte("message"))
		b, _ = k.MarshalBinary()
		require.False(t, bytes.Contains(b, start[1:201]), "the keyed start is in the state")
	}
}

// checkUnmarshalInput loads b into one hash of every type: an error leaves
// the hash as it was, a success marshals back to b and gives output
// without panicking. Never a panic either way.
func checkUnmarshalInput(t *testing.T, b []byte) {
	for _, f := range distinctFunctions {
		h := f.make()
		feed(h, []byte("before"))
		before, _ := h.MarshalBinary()
		out := use(t, h)
		if err := h.UnmarshalBinary(b); err != nil {
			after, _ := h.MarshalBinary()
			require.Equal(t, before, after, "%s: a refused state changed the hash", f.name)
			require.Equal(t, out, use(t, h), f.name)
			continue
		}
		again, err := h.MarshalBinary()
		require.NoError(t, err)
		require.Equal(t, b, again, "%s: a loaded state marshals to the bytes it came from", f.name)
		use(t, h)
	}
}

// seedStates are valid states of every type at a few points: fresh, mid
// block, several blocks or leaves in, and (XOFs) after a Read.
func seedStates() [][]byte {
	var seeds [][]byte
	msg := randomBytes(rand.New(rand.NewPCG(87, 88)), 3*chunkSize)
	for _, f := range distinctFunctions {
		for _, n := range []int{0, 5, 300, len(msg)} {
			h := f.make()
			feed(h, msg[:n])
			b, _ := h.MarshalBinary()
			seeds = append(seeds, b)
			if x, ok := h.(io.Reader); ok {
				x.Read(make([]byte, 7))
				b, _ = h.MarshalBinary()
				seeds = append(seeds, b)
			}
		}
	}
	return seeds
}

// Random changes to valid states (bytes flipped, cut, repeated) never make
// a type panic or change on error (FuzzUnmarshal's check on a fixed
// budget, so every go test runs it).
func TestUnmarshalMutatedStates(t *testing.T) {
	r := rand.New(rand.NewPCG(89, 90))
	seeds := seedStates()
	for range pick(testing.Short(), 300, 3000) {
		b := bytes.Clone(seeds[r.IntN(len(seeds))])
		switch r.IntN(4) {
		case 0:
			b = b[:r.IntN(len(b)+1)]
		case 1:
			b = append(b, b[r.IntN(len(b)):]...)
		default:
			for range 1 + r.IntN(3) {
				b[r.IntN(len(b))] ^= byte(1 + r.IntN(255))
			}
		}
		checkUnmarshalInput(t, b)
	}
	for _, b := range seeds {
		checkUnmarshalInput(t, b)
	}
}

// FuzzUnmarshal: whatever the bytes, every type's UnmarshalBinary returns
// without panicking; on error the hash is unchanged, on success it
// marshals back to the same bytes.
func FuzzUnmarshal(f *testing.F) {
	for _, b := range seedStates() {
		f.Add(b)
	}
	f.Fuzz(checkUnmarshalInput)
}

// A state of another function says whose it is and where it went.
func TestOtherFunctionErrorNamesBoth(t *testing.T) {
	for _, c := range []struct {
		from, into interface {
			MarshalBinary() ([]byte, error)
			UnmarshalBinary([]byte) error
		}
		want string
	}{
		{New512(), New256(), "a SHA3-512 state, loaded into SHA3-256"},
		{NewSHAKE128(), NewSHAKE256(), "a SHAKE128 state, loaded into SHAKE256"},
		{NewLegacyKeccak256(), New256(), "a Keccak-256 state, loaded into SHA3-256"},
		{NewTurboSHAKE128(0x1f), NewTurboSHAKE128(0x07), "a TurboSHAKE state with D = 0x1f, not 0x07"},
		{NewKT128(nil), NewKMAC128([]byte("k"), nil, 32), "a KT state, loaded into KMAC"},
		{NewKT128([]byte("a")), NewKT128([]byte("b")), "a KT state made with other parameters"},
		{New256(), NewKT128(nil), "a SHA3 state, loaded into KT"},
	} {
		b, err := c.from.MarshalBinary()
		require.NoError(t, err)
		err = c.into.UnmarshalBinary(b)
		require.ErrorIs(t, err, errWrongMagic)
		require.Contains(t, err.Error(), c.want)
	}
}
