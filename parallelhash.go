package keccak

import (
	"fmt"
	"hash"
	"io"

	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/sp800185"
)

// ParallelHash is ParallelHash128 or ParallelHash256 (NIST SP 800-185,
// section 6) with block size B and output length L fixed when it is made.
// It implements hash.Hash: Sum appends Size() bytes and leaves the state
// alone.
//
// The message is cut into B-byte blocks, each hashed on its own (SHAKE128
// to 32 bytes, or SHAKE256 to 64) and the results hashed in order. Whole
// blocks go to the same bulk leaf machinery as KangarooTwelve: eight or
// four at a time on the 8- or 4-way kernel, and across goroutines. Small
// writes are gathered into a staging buffer of at most 512 KiB plus 8*B
// (on several goroutines up to two more stages hash while Write or
// ReadFrom takes more input, with their chaining values), and blocks over
// 32 KiB are absorbed as they come instead, so memory stays bounded
// whatever the message length: under 4 MiB.
//
// It marshals at any point (mid-block, staged bytes included) in a
// versioned encoding of this package's own (marshal_sp800185.go): 276
// bytes plus the staged bytes (under 768 KiB) or an open block's sponge;
// a state loads only into a ParallelHash with the same customization,
// rate, block size and length.
type ParallelHash struct {
	p      parallelCore
	length int
}

// ParallelHashXOF is ParallelHashXOF128 or ParallelHashXOF256 (NIST SP
// 800-185, section 6.3.1): ParallelHash with arbitrary-length output. It
// implements hash.XOF; Write after Read panics, Reset reopens. It marshals
// as ParallelHash does (8 bytes less, no length), also after Read.
type ParallelHashXOF struct {
	p parallelCore
}

// NewParallelHash128 returns a ParallelHash128 with customization string S
// (not retained), block size blockSize bytes (B in the standard) and an
// output of length bytes. It panics if blockSize < 1 or length < 0.
//
// Larger blocks cost less per byte (fewer leaves to finish); on small
// messages the leaves gain nothing. Blocks of 8 KiB or more keep the wide
// kernels busy.
func NewParallelHash128(customization []byte, blockSize, length int) *ParallelHash {
	return &ParallelHash{p: newParallelCore(168, customization, blockSize, length, false), length: length}
}

// NewParallelHash256 returns a ParallelHash256; see NewParallelHash128.
func NewParallelHash256(customization []byte, blockSize, length int) *ParallelHash {
	return &ParallelHash{p: newParallelCore(136, customization, blockSize, length, false), length: length}
}

// NewParallelHashXOF128 returns a ParallelHashXOF128 with customization S
// and block size blockSize bytes. It panics if blockSize < 1.
func NewParallelHashXOF128(customization []byte, blockSize int) *ParallelHashXOF {
	return &ParallelHashXOF{p: newParallelCore(168, customization, blockSize, 0, true)}
}

// NewParallelHashXOF256 returns a ParallelHashXOF256; see
// NewParallelHashXOF128.
func NewParallelHashXOF256(customization []byte, blockSize int) *ParallelHashXOF {
	return &ParallelHashXOF{p: newParallelCore(136, customization, blockSize, 0, true)}
}

// SumParallelHash128 returns length bytes of ParallelHash128 of data with
// customization S and block size blockSize. It panics if blockSize < 1 or
// length < 0.
func SumParallelHash128(data, customization []byte, blockSize, length int) []byte {
	return sumParallelHash(NewParallelHash128(customization, blockSize, length), data)
}

// SumParallelHash256 returns length bytes of ParallelHash256; see
// SumParallelHash128.
func SumParallelHash256(data, customization []byte, blockSize, length int) []byte {
	return sumParallelHash(NewParallelHash256(customization, blockSize, length), data)
}

func sumParallelHash(h *ParallelHash, data []byte) []byte {
	h.p.leaves.SetDirect() // all the data is here: nothing to stage
	h.p.write(data)
	h.p.finish()
	out := make([]byte, h.length)
	h.p.final.Read(out)
	return out
}

// Write absorbs more message bytes. It never returns an error.
func (h *ParallelHash) Write(p []byte) (int, error) {
	h.p.write(p)
	return len(p), nil
}

// ReadFrom absorbs r's bytes to its end, as Write does, and returns how
// many there were and r's error other than io.EOF; io.Copy into a
// ParallelHash calls it. It reads straight into the stage buffer, without
// the copy a Write makes.
func (h *ParallelHash) ReadFrom(r io.Reader) (int64, error) { return h.p.readFrom(r) }

// Sum appends the Size()-byte hash to b without changing the state.
func (h *ParallelHash) Sum(b []byte) []byte {
	dup := h.p
	dup.finish()
	b, out := engine.GrowSlice(b, h.length)
	dup.final.Read(out)
	return b
}

// Reset restores the initial state, keeping the customization, block size,
// output length and parallelism setting.
func (h *ParallelHash) Reset() { h.p.reset() }

// Size is the output length L in bytes chosen at construction.
func (h *ParallelHash) Size() int { return h.length }

// BlockSize is the rate of the underlying sponge (168 or 136 bytes), as
// hash.Hash means it; the ParallelHash block size B is BlockLen.
func (h *ParallelHash) BlockSize() int { return h.p.final.Rate() }

// BlockLen is the ParallelHash block size B in bytes.
func (h *ParallelHash) BlockLen() int { return h.p.leaves.Spec().BlockLen }

// SetParallelism caps the goroutines that hash blocks: n <= 0 means up to
// GOMAXPROCS (the default), 1 means none (all on the caller's). Like every
// method, it must not run during another call on h, a Write in particular.
func (h *ParallelHash) SetParallelism(n int) { h.p.leaves.SetWorkers(n) }

// Clone returns an independent copy of h, a *ParallelHash, and a nil
// error; it implements hash.Cloner.
func (h *ParallelHash) Clone() (hash.Cloner, error) {
	return &ParallelHash{p: h.p.clone(), length: h.length}, nil
}

// Write absorbs more message bytes. It never returns an error; it panics
// after Read.
func (h *ParallelHashXOF) Write(p []byte) (int, error) {
	if h.p.reading {
		panic("keccak: Write after Read")
	}
	h.p.write(p)
	return len(p), nil
}

// ReadFrom is ParallelHash.ReadFrom; it panics after Read.
func (h *ParallelHashXOF) ReadFrom(r io.Reader) (int64, error) {
	if h.p.reading {
		panic("keccak: ReadFrom after Read")
	}
	return h.p.readFrom(r)
}

// Read squeezes len(p) more bytes of output; the first Read ends the
// message. It never returns an error.
func (h *ParallelHashXOF) Read(p []byte) (int, error) {
	if !h.p.reading {
		h.p.finish()
	}
	h.p.final.Read(p)
	return len(p), nil
}

// Reset restores the initial state, keeping the customization, block size
// and parallelism setting.
func (h *ParallelHashXOF) Reset() { h.p.reset() }

// BlockSize is the rate of the underlying sponge; see ParallelHash.BlockSize.
func (h *ParallelHashXOF) BlockSize() int { return h.p.final.Rate() }

// BlockLen is the ParallelHash block size B in bytes.
func (h *ParallelHashXOF) BlockLen() int { return h.p.leaves.Spec().BlockLen }

// SetParallelism caps the goroutines that hash blocks; see
// ParallelHash.SetParallelism.
func (h *ParallelHashXOF) SetParallelism(n int) { h.p.leaves.SetWorkers(n) }

// Clone returns an independent copy of h.
func (h *ParallelHashXOF) Clone() *ParallelHashXOF {
	return &ParallelHashXOF{p: h.p.clone()}
}

// The ParallelHash construction (NIST SP 800-185, section 6.3):
//
//	z = left_encode(B) || CV_1 || ... || CV_n || right_encode(n) || right_encode(L)
//	ParallelHash(X, B, L, S) = cSHAKE(z, L, "ParallelHash", S)
//
// where X is cut into n = ceil(len(X)/B) blocks (the last may be short) and
// CV_i = cSHAKE(X_i, 2c, "", "") = SHAKE(X_i) to 2c bits: 32 bytes for the
// 128-bit variant, 64 for the 256-bit one. Those leaves are
// KangarooTwelve's shape with SHAKE's domain byte and 24 rounds, so they
// go through the same leaf stream (leafstream.go).

// parallelCore is the state shared by ParallelHash and ParallelHashXOF.
type parallelCore struct {
	final  engine.Sponge // cSHAKE: prefix, left_encode(B), then the CVs
	start  engine.Sponge // final as it was before the first block, for Reset
	leaves engine.LeafStream
	end    outputLengthCode

	reading bool
}

var parallelHashName = newCSHAKEName("ParallelHash")

func newParallelCore(rate int, custom []byte, blockSize, length int, xof bool) parallelCore {
	if blockSize < 1 {
		panic(fmt.Sprintf("keccak: ParallelHash block size = %d; it must be at least 1 byte", blockSize))
	}
	end := newOutputLengthCode(length, xof)
	final := parallelHashName.start(rate, custom)
	var enc [9]byte
	final.Write(sp800185.AppendLeftEncode(enc[:0], uint64(blockSize)))
	return parallelCore{
		final:  final,
		start:  final,
		leaves: engine.NewLeafStream(engine.LeafSpec{BlockLen: blockSize, Rate: rate, DS: dsSHAKE, Rounds: 24, CVLen: 200 - rate}),
		end:    end,
	}
}

// write absorbs message bytes.
func (c *parallelCore) write(p []byte) {
	c.final.Ready()
	c.leaves.Write(p, &c.final)
}

// readFrom absorbs r's bytes to its end.
func (c *parallelCore) readFrom(r io.Reader) (int64, error) {
	c.final.Ready()
	return c.leaves.WriteFrom(r, &c.final)
}

// finish hashes what is left, the last block possibly short, and appends
// right_encode(n) and right_encode(L); the final sponge is then ready to
// squeeze.
func (c *parallelCore) finish() {
	c.final.Ready()
	c.leaves.Finish(nil, &c.final)
	var enc [9]byte
	c.final.Write(sp800185.AppendRightEncode(enc[:0], c.leaves.Leaves()))
	c.final.Write(c.end.bytes())
	c.reading = true
}

func (c *parallelCore) reset() {
	c.final = c.start
	c.leaves.Reset()
	c.reading = false
}

// clone is a copy that owns its staged bytes.
func (c *parallelCore) clone() parallelCore {
	c.leaves.Settle(&c.final)
	dup := *c
	dup.leaves = c.leaves.Clone()
	return dup
}
