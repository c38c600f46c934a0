//go:build cgo && !purego

// Package bulk is the seam between Go and the C kernels: the one Go
// package that calls the Keccak C code (the bulk modes in csrc/, over the
// kernels in xkcp/; both folders are cgo packages only so that cgo
// compiles their C, and export nothing to Go). Each function is one C
// call that does a whole buffer's work. It is internal: the engine
// (internal/engine) calls its operations, and internal/cpu asks it which
// kernels there are and what features each needs.
//
// States are [25]uint64 (or [4][25]uint64) of plain lanes in FIPS 202
// order; k picks a kernel from the C registry (0 .. KernelCount()-1).
package bulk

/*
#cgo CFLAGS: -O3 -std=c11 -Wall -I${SRCDIR}/../../csrc -I${SRCDIR}/../../xkcp
#cgo arm CFLAGS: -mthumb
#cgo noescape kbulk_permute
#cgo noescape kbulk_absorb
#cgo noescape kbulk_squeeze
#cgo noescape kbulk_hash
#cgo noescape kbulk_permute4
#cgo noescape kbulk_absorb4
#cgo noescape kbulk_squeeze4
#cgo noescape kbulk_leaves
#cgo noescape kbulk_batch
#cgo nocallback kbulk_permute
#cgo nocallback kbulk_absorb
#cgo nocallback kbulk_squeeze
#cgo nocallback kbulk_hash
#cgo nocallback kbulk_permute4
#cgo nocallback kbulk_absorb4
#cgo nocallback kbulk_squeeze4
#cgo nocallback kbulk_leaves
#cgo nocallback kbulk_batch
#include "bulk.h"
*/
import "C"

import (
	"slices"
	"sync"
	"unsafe"

	_ "github.com/go-xkcp/keccak/csrc" // links the C this package calls (csrc/bulk.h)
	"github.com/go-xkcp/keccak/internal/checked"
)

// CPU features a kernel may need (KernelFeatures bits).
const (
	FeatureAVX2 = uint(C.KP1600_FEATURE_AVX2)
	FeatureBMI2 = uint(C.KP1600_FEATURE_BMI2)
	// FeatureAVX512 is AVX-512 F, VL, BW and DQ.
	FeatureAVX512 = uint(C.KP1600_FEATURE_AVX512)
	// FeatureARM64SHA3: the ARMv8.2 SHA3 instructions (EOR3, RAX1, XAR, BCAX).
	FeatureARM64SHA3 = uint(C.KP1600_FEATURE_ARM64_SHA3)
)

// KernelCount is the number of kernels compiled in; kernel 0 is portable C.
func KernelCount() int { return int(C.kbulk_kernel_count()) }

// KernelName names kernel k, e.g. "portable" or "avx2". It panics unless
// 0 <= k < KernelCount().
func KernelName(k int) string {
	checkIndex(k)
	return C.GoString(C.kbulk_kernel_name(C.unsigned(k)))
}

// KernelFeatures is the set of Feature bits kernel k needs from the CPU. It
// panics unless 0 <= k < KernelCount().
func KernelFeatures(k int) uint {
	checkIndex(k)
	return uint(C.kbulk_kernel_features(C.unsigned(k)))
}

// The bulk functions neither keep the pointers they get (noescape) nor call
// back into Go (nocallback), so Go can leave states and buffers on the stack.

// bytePtr is a typed pointer to b's first byte, nil when b is empty (typed
// pointers spare cgo the run-time pointer check an unsafe.Pointer costs).
func bytePtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

func lanes(a *[25]uint64) *C.uint64_t { return (*C.uint64_t)(&a[0]) }

func lanes4(a *[4][25]uint64) *C.uint64_t { return (*C.uint64_t)(&a[0][0]) }

// The functions below panic (see check.go) unless k < KernelCount(),
// 1 <= nr <= 24 and rate is a multiple of 8 in 8..200.

// Permute applies the last nr rounds of Keccak-f[1600] to a.
func Permute(k int, a *[25]uint64, nr int) {
	checkKernel(k, nr)
	C.kbulk_permute(C.unsigned(k), lanes(a), C.unsigned(nr))
}

// Absorb is a streaming write: it XORs p into a from byte pos of the
// current block on (0 <= pos <= rate), permuting whenever a block fills
// and more input follows, and returns the new pos. A block p ends with is
// left unpermuted (pos == rate) for the next call to permute. One C call,
// however many blocks p completes.
func Absorb(k int, a *[25]uint64, rate, pos int, p []byte, nr int) int {
	checkKernel(k, nr)
	checkRate(rate)
	checked.Need(pos >= 0 && pos <= rate, "bulk: Absorb: position outside the block")
	return int(C.kbulk_absorb(C.unsigned(k), lanes(a), C.unsigned(rate), C.unsigned(pos),
		bytePtr(p), C.size_t(len(p)), C.unsigned(nr)))
}

// Squeeze is a streaming read into out, returning the new pos. With ds ==
// 0 the state is squeezing and pos bytes of its current block are used
// (rate: all); otherwise the input ends first, at pos as Absorb left it,
// padded with domain byte ds. One C call.
func Squeeze(k int, a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) int {
	checkKernel(k, nr)
	checkRate(rate)
	checked.Need(pos >= 0 && pos <= rate, "bulk: Squeeze: position outside the block")
	return int(C.kbulk_squeeze(C.unsigned(k), lanes(a), C.unsigned(rate), C.unsigned(pos),
		C.uint8_t(ds), bytePtr(out), C.size_t(len(out)), C.unsigned(nr)))
}

// Hash absorbs in from the zero state, pads with ds and fills out.
func Hash(k, rate int, ds byte, in, tail, out []byte, nr int) {
	checkKernel(k, nr)
	checkRate(rate)
	C.kbulk_hash(C.unsigned(k), C.unsigned(rate), C.uint8_t(ds), bytePtr(in),
		C.size_t(len(in)), bytePtr(tail), C.size_t(len(tail)), bytePtr(out),
		C.size_t(len(out)), C.unsigned(nr))
}

// Permute4 permutes four states.
func Permute4(k int, a *[4][25]uint64, nr int) {
	checkKernel(k, nr)
	C.kbulk_permute4(C.unsigned(k), lanes4(a), C.unsigned(nr))
}

// Absorb4 is Absorb on four states; the four inputs have equal lengths.
func Absorb4(k int, a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	checkKernel(k, nr)
	checkRate(rate)
	n := len(p[0])
	checked.Need(len(p[1]) == n && len(p[2]) == n && len(p[3]) == n, "bulk: Absorb4: input lengths differ")
	return int(C.kbulk_absorb4(C.unsigned(k), lanes4(a), C.unsigned(rate),
		bytePtr(p[0]), bytePtr(p[1]), bytePtr(p[2]), bytePtr(p[3]),
		C.size_t(len(p[0])), C.unsigned(nr)))
}

// Squeeze4 is Squeeze on four states; the four outputs have equal lengths.
func Squeeze4(k int, a *[4][25]uint64, rate int, out *[4][]byte, nr int) {
	checkKernel(k, nr)
	checkRate(rate)
	n := len(out[0])
	checked.Need(n%rate == 0 && len(out[1]) == n && len(out[2]) == n && len(out[3]) == n,
		"bulk: Squeeze4: output lengths differ or are not whole blocks")
	C.kbulk_squeeze4(C.unsigned(k), lanes4(a), C.unsigned(rate),
		bytePtr(out[0]), bytePtr(out[1]), bytePtr(out[2]), bytePtr(out[3]),
		C.size_t(len(out[0])/rate), C.unsigned(nr))
}

// Leaves hashes the consecutive blockLen-byte blocks of in (a whole number
// of them) into chaining values of cvLen bytes each, in order, in cv: each a
// sponge with the given rate, domain byte ds and nr rounds. cv must hold
// at least cvLen bytes per block, and cvLen is at most the rate.
func Leaves(k int, in []byte, blockLen int, cv []byte, rate int, ds byte, nr, cvLen int) {
	checkKernel(k, nr)
	checkRate(rate)
	checked.Need(blockLen > 0 && len(in)%blockLen == 0 && cvLen > 0 && cvLen <= rate,
		"bulk: Leaves: bad block or chaining value length")
	cvBytes, ok := checked.Product(len(in)/blockLen, cvLen)
	checked.Need(ok && cvBytes <= len(cv), "bulk: Leaves: cv too short")
	C.kbulk_leaves(C.unsigned(k), bytePtr(in), C.size_t(len(in)/blockLen), C.size_t(blockLen),
		bytePtr(cv), C.unsigned(rate), C.uint8_t(ds), C.unsigned(nr), C.unsigned(cvLen))
}

// Batch hashes each msgs[i] into dst[i]: a sponge with this rate, domain
// byte ds and nr rounds, 32 bytes out (rate >= 32), all in one C call.
//
// C may not be handed msgs as it is: a [][]byte is Go memory holding Go
// pointers. The messages are copied into one buffer with end offsets
// instead, both reused from a pool: cheaper than a fresh buffer per call
// or pinning each message (docs/MEASUREMENTS.md, "Batches in C").
func Batch(k, rate int, ds byte, msgs [][]byte, dst [][32]byte, nr int) {
	checkKernel(k, nr)
	checkRate(rate)
	checked.Need(rate >= 32 && len(dst) == len(msgs), "bulk: Batch: rate below 32 or len(dst) != len(msgs)")
	if len(msgs) == 0 {
		return
	}
	total, ok := 1, true // a final byte: never a nil pointer, even if every message is empty
	for _, m := range msgs {
		total, ok = checked.Add(total, len(m))
		checked.Need(ok, "bulk: Batch: messages longer than an int in all")
	}
	s := batchPool.Get().(*batchScratch)
	buf := slices.Grow(s.buf[:0], total) // one allocation at most
	ends := slices.Grow(s.ends[:0], len(msgs))[:len(msgs)]
	for i, m := range msgs {
		buf = append(buf, m...)
		ends[i] = uint64(len(buf))
	}
	buf = append(buf, 0)
	C.kbulk_batch(C.unsigned(k), C.unsigned(rate), C.uint8_t(ds), (*C.uint8_t)(&buf[0]),
		(*C.uint64_t)(&ends[0]), C.size_t(len(msgs)), (*C.uint8_t)(&dst[0][0]), 32, C.unsigned(nr))
	// Both slices count: with many short messages the offsets (8 bytes per
	// message) are the bigger one.
	if cap(buf)+8*cap(ends) <= maxPooledBatch {
		s.buf, s.ends = buf, ends
		batchPool.Put(s)
	}
}

// maxPooledBatch bounds what the pool keeps of a batch, its message
// buffer and offsets together; a bigger batch allocates its own. Not
// pooling costs much more than pooling, while past this size the hashing
// itself dwarfs the allocation (docs/MEASUREMENTS.md, "Batches in C").
const maxPooledBatch = 4 << 20

// batchScratch is Batch's reusable buffer and offsets.
type batchScratch struct {
	buf  []byte
	ends []uint64
}

var batchPool = sync.Pool{New: func() any { return new(batchScratch) }}
