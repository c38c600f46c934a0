package keccak

import (
	"hash"
	"io"

	"github.com/go-xkcp/keccak/internal/engine"
)

// KT is a KangarooTwelve hash, KT128 or KT256 (RFC 9861). It implements
// hash.Hash (Sum appends Size bytes and leaves the state alone) and hash.XOF
// (Read continues the output stream; Write after Read panics, Reset reopens).
//
// Input is consumed as it arrives: the first 8 KiB chunk goes straight into
// the final node, and later chunks are leaves hashed in bulk (eight or four
// at a time on the 8- or 4-way kernel, and across goroutines when there
// are many). Small writes are staged until there are enough chunks for
// that, in a buffer of at most 512 KiB plus one batch of chunks; on
// several goroutines a full stage is hashed while Write (or ReadFrom,
// which reads straight into the stage) takes more input, with up to two
// stages in flight. Memory per hash is bounded whatever the message
// length: under 2 MiB.
//
// It marshals (MarshalBinary, AppendBinary, UnmarshalBinary) at any point,
// staged bytes included, in a versioned encoding of this package's own
// (marshal_kt.go): about 270 bytes plus under 512 KiB of staged bytes; a
// state loads only into a KT of the same rate and customization.
type KT struct {
	final  engine.Sponge // the final node: chunk 0, then the chaining values
	leaves engine.LeafStream
	suffix []byte // C || length_encode(|C|), appended to the message at the end

	chunk0  int  // bytes of S taken into the final node (at most chunkSize)
	tree    bool // more than one chunk: the final node has its 0x03 marker
	reading bool
}

// NewKT128 returns a KT128 hash with customization string C (copied).
func NewKT128(customization []byte) *KT { return newKT(168, customization) }

// NewKT256 returns a KT256 hash with customization string C (copied).
func NewKT256(customization []byte) *KT { return newKT(136, customization) }

func newKT(rate int, customization []byte) *KT {
	d := new(KT)
	d.init(rate, customization)
	return d
}

// noCustomization is the suffix for an empty C: length_encode(0).
var noCustomization = []byte{0}

func (d *KT) init(rate int, customization []byte) {
	d.initSuffix(rate, ktSuffix(customization))
}

// ktSuffix is C || length_encode(|C|), in a new slice (C is copied).
func ktSuffix(customization []byte) []byte {
	if len(customization) == 0 {
		return noCustomization
	}
	return appendKTSuffix(nil, customization)
}

// appendKTSuffix appends C || length_encode(|C|) to b.
func appendKTSuffix(b, customization []byte) []byte {
	return appendLengthEncode(append(b, customization...), uint64(len(customization)))
}

func (d *KT) initSuffix(rate int, suffix []byte) {
	*d = KT{
		final: engine.NewSponge(rate, 0x07, 12), // 0x06 once it is a tree
		// Chaining values are as long as the capacity: 32 or 64 bytes.
		leaves: engine.NewLeafStream(engine.LeafSpec{BlockLen: chunkSize, Rate: rate, DS: 0x0B, Rounds: 12, CVLen: 200 - rate}),
		suffix: suffix,
	}
}

// SumKT128 returns length bytes of KT128 output for data and customization.
func SumKT128(data, customization []byte, length int) []byte {
	return appendKT(make([]byte, 0, max(length, 0)), 168, data, customization, length)
}

// SumKT256 returns length bytes of KT256 output for data and customization.
func SumKT256(data, customization []byte, length int) []byte {
	return appendKT(make([]byte, 0, max(length, 0)), 136, data, customization, length)
}

// AppendKT128 appends length bytes of KT128 output for data and
// customization to b and returns the extended slice: SumKT128 without an
// allocation when b has room for the output.
func AppendKT128(b, data, customization []byte, length int) []byte {
	return appendKT(b, 168, data, customization, length)
}

// AppendKT256 is AppendKT128 for KT256.
func AppendKT256(b, data, customization []byte, length int) []byte {
	return appendKT(b, 136, data, customization, length)
}

func appendKT(b []byte, rate int, data, customization []byte, length int) []byte {
	checkLength(length)
	b, out := engine.GrowSlice(b, length)
	// The suffix of a one-chunk input is only read during the call: a short
	// customization string then costs no allocation.
	var small [64]byte
	if suffix := appendKTSuffix(small[:0], customization); len(data)+len(suffix) <= chunkSize {
		// S = M || C || length_encode(|C|) is one chunk: KT is then
		// TurboSHAKE(S, 0x07), one backend call with the suffix as tail.
		if length > 0 {
			engine.Hash(rate, 0x07, data, suffix, out, 12)
		}
		return b
	}
	suffix := ktSuffix(customization)
	var d KT
	d.initSuffix(rate, suffix)
	d.leaves.SetDirect() // all the data is here: nothing to stage
	d.write(data)
	d.Read(out)
	return b
}

// SetParallelism caps the goroutines that hash leaves for this KT: n <= 0
// means up to GOMAXPROCS (the default), 1 means none (all on the caller's).
// Like every method, it must not run during another call on d, a Write in
// particular.
func (d *KT) SetParallelism(n int) { d.leaves.SetWorkers(n) }

// Write absorbs more message bytes. It never returns an error; it panics
// after Read.
func (d *KT) Write(p []byte) (int, error) {
	if d.reading {
		panic("keccak: Write after Read")
	}
	d.write(p)
	return len(p), nil
}

// ReadFrom absorbs r's bytes to its end, as Write does, and returns how
// many there were and r's error other than io.EOF; io.Copy into a KT calls
// it. Past the first chunk it reads straight into the KT's stage buffer,
// without the copy a Write makes. It panics after Read.
func (d *KT) ReadFrom(r io.Reader) (n int64, err error) {
	if d.reading {
		panic("keccak: ReadFrom after Read")
	}
	if !d.tree {
		// Chunk 0 and the bytes just past it through a buffer, so that the
		// tree's marker is in the final node before any leaf.
		buf := make([]byte, chunkSize)
		for !d.tree && err == nil {
			var k int
			k, err = r.Read(buf)
			k = engine.CheckRead(k, len(buf))
			d.write(buf[:k])
			n += int64(k)
		}
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return n, err
		}
	}
	m, err := d.leaves.WriteFrom(r, &d.final)
	return n + m, err
}

// Read squeezes more output; the first Read ends the message.
func (d *KT) Read(p []byte) (int, error) {
	if !d.reading {
		d.finish()
	}
	d.final.Read(p)
	return len(p), nil
}

// Sum appends Size bytes of output to b without changing the state. It
// panics after Read (the digest is behind the read position then), as
// crypto/sha3's and x/crypto's legacy Keccak do.
func (d *KT) Sum(b []byte) []byte {
	if d.reading {
		panic("keccak: Sum after Read")
	}
	dup := *d
	b, out := engine.GrowSlice(b, d.Size())
	dup.Read(out)
	return b
}

// Size is the default output length: 32 bytes for KT128, 64 for KT256.
func (d *KT) Size() int { return d.leaves.Spec().CVLen }

// BlockSize is the rate of the underlying TurboSHAKE.
func (d *KT) BlockSize() int { return d.final.Rate() }

// Reset restores the initial state, keeping the customization and the
// parallelism setting.
func (d *KT) Reset() {
	d.final = engine.NewSponge(d.final.Rate(), 0x07, 12)
	d.leaves.Reset()
	d.chunk0, d.tree, d.reading = 0, false, false
}

// Clone returns an independent copy of d, a *KT, and a nil error; it
// implements hash.Cloner.
func (d *KT) Clone() (hash.Cloner, error) {
	d.leaves.Settle(&d.final)
	dup := *d
	dup.leaves = d.leaves.Clone()
	return &dup, nil
}

// appendLengthEncode appends RFC 9861's length_encode(x): x big endian in
// as few bytes as possible (none for 0), then that byte count.
func appendLengthEncode(b []byte, x uint64) []byte {
	n := 0
	for v := x; v > 0; v >>= 8 {
		n++
	}
	for i := n - 1; i >= 0; i-- {
		b = append(b, byte(x>>(8*i)))
	}
	return append(b, byte(n))
}

// The KangarooTwelve tree (RFC 9861, section 3): S = M || C ||
// length_encode(|C|). If S fits one chunk, the output is TurboSHAKE(S, 0x07).
// Otherwise the final node is S_0 || 0x03 0x00^7 || CV_1 .. CV_n ||
// length_encode(n) || 0xFF 0xFF, hashed with D = 0x06, where CV_i is
// TurboSHAKE(S_i, 0x0B) of chunk i.

// chunkSize is the KangarooTwelve chunk (leaf) size, B in RFC 9861.
const chunkSize = 8192

var treeMarker = [8]byte{0x03}

// write feeds message bytes into the tree.
func (d *KT) write(p []byte) {
	if p = d.writeChunk0(p); len(p) > 0 {
		d.leaves.Write(p, &d.final)
	}
}

// writeChunk0 absorbs the front of p into the final node up to the end of
// chunk 0, and returns the rest; when there is a rest the input is a tree,
// and the final node gets its marker.
func (d *KT) writeChunk0(p []byte) []byte {
	if d.chunk0 < chunkSize {
		k := min(len(p), chunkSize-d.chunk0)
		d.final.Write(p[:k])
		d.chunk0 += k
		p = p[k:]
	}
	if len(p) > 0 && !d.tree {
		d.final.Write(treeMarker[:])
		d.tree = true
	}
	return p
}

// finish appends the suffix and closes the final node for reading. The
// suffix goes to the leaves as their tail, not through the stage: a Sum
// finishes a shallow copy, whose stage is the original's.
func (d *KT) finish() {
	rest := d.writeChunk0(d.suffix)
	if d.tree {
		d.leaves.Finish(rest, &d.final)
		var enc [9]byte
		d.final.Write(appendLengthEncode(enc[:0], d.leaves.Leaves()))
		d.final.Write([]byte{0xFF, 0xFF})
		d.final.SetDomain(0x06)
	}
	d.reading = true
}
