package engine

import (
	"fmt"
	"os"
	"strings"
	"unsafe"

	"github.com/go-xkcp/keccak/internal/bulk"
	"github.com/go-xkcp/keccak/internal/cpu"
	"github.com/go-xkcp/keccak/internal/impl"
)

// backend is the seam between the Go modes (padding, encodings, trees) and
// the permutation kernels: Go's block loops around a kernel run from Go
// (the generic Go code or Go assembly), C kernel c of xkcp's registry
// (through internal/bulk), or both, as its route (route.go) says call by
// call. Every operation does a whole buffer's work in one call, so a call
// crosses into C once per buffer, never per block.
//
// It is a small value dispatched with a branch, not an interface: escape
// analysis sees through direct calls (and cgo's noescape), so states and
// buffers handed to a backend stay on the caller's stack.
//
// States are plain: 25 lanes in FIPS 202 order (lane x+5y), and the byte
// view of the state is the little-endian one. Rates are multiples of 8.
type backend struct {
	label string // what Backend reports, e.g. "go", "asm/bmi2", "asm/arm64sha3", "c/avx2" or "c/avx2+asm/bmi2"
	c     int    // the C kernel, or -1: none
	r     route
}

// LeafSpec describes a tree's leaves: each blockLen-byte block becomes
// cvLen bytes of a sponge with this rate, domain byte and round count.
type LeafSpec struct {
	BlockLen, Rate int
	DS             byte
	Rounds, CVLen  int
}

var (
	genericBackend = backend{label: "go", c: -1, r: goRoute(oneGo, fourLoop)}
	bmi2Backend    = backend{label: "asm/bmi2", c: -1, r: goRoute(oneBMI2, fourLoop)}
	avx2Backend    = backend{label: "asm/avx2", c: -1, r: goRoute(oneBMI2, fourAVX2)}
	avx512Backend  = backend{label: "asm/avx512", c: -1, r: goRoute(oneAVX512, fourAVX512)}
	sha3Backend    = backend{label: "asm/arm64sha3", c: -1, r: goRoute(oneSHA3, fourSHA3)}
)

// kernelEnv is the environment variable that forces a backend (see Name).
const kernelEnv = "KECCAK_KERNEL"

// active is the backend in use: the one kernelEnv names, else the fastest one
// this CPU supports; choiceNote says why a kernelEnv value was not taken.
// Tests swap it with Use to run every backend in one binary.
var active, choiceNote = chooseBackend(backends(), os.Getenv(kernelEnv))

// Name names the backend in use: "go" for the pure-Go one, "asm/KERNEL"
// for a Go-assembly kernel, "c/KERNEL" for a C kernel. When KECCAK_KERNEL
// named no backend this build and CPU run, it says so after the name, so
// that a typo does not pass for the default.
func Name() string {
	if choiceNote != "" {
		return active.label + " (" + choiceNote + ")"
	}
	return active.label
}

// chooseBackend is the backend of all named want, or the last (fastest) one
// with a note when want is set but names none of them. A name without its
// "c/" or "asm/" prefix is a C kernel's if there is one of that name (as
// before there were assembly kernels), else the assembly one's.
func chooseBackend(all []backend, want string) (backend, string) {
	best := all[len(all)-1]
	if want == "" {
		return best, ""
	}
	var names []string
	for _, prefix := range []string{"", "c/", "asm/"} {
		for _, b := range all {
			if b.label == prefix+want {
				return b, ""
			}
		}
	}
	for _, b := range all {
		names = append(names, b.label)
	}
	return best, fmt.Sprintf("%s=%q ignored: not one of %s", kernelEnv, want, strings.Join(names, ", "))
}

// Names lists the backends this build and CPU can run, slowest first.
func Names() []string {
	var names []string
	for _, b := range backends() {
		names = append(names, b.label)
	}
	return names
}

// Use makes the backend called name the one in use, until restore is
// called; it panics if this build or CPU cannot run it. It is for tests
// and benchmarks that hold backends against each other (internal/impl):
// nothing may hash on another goroutine meanwhile.
func Use(name string) (restore func()) {
	for _, b := range backends() {
		if b.label == name {
			saved := active
			active = b
			return func() { active = saved }
		}
	}
	panic("engine: no backend " + name + " here")
}

// backends lists the generic backend first, then the Go-assembly kernels
// this build has and the CPU runs, then every C kernel this CPU can run,
// slowest to fastest, and last, on amd64, the fastest C kernel mixed with
// the assembly one (AVX-512 where the CPU has it, else BMI2) for the calls
// its route runs from Go (mixedRoute); AVX-512 CPUs also have
// c/avx2+asm/bmi2 before it. The last is the default: without cgo the
// fastest assembly kernel, with cgo the mixed one on amd64, else the
// fastest C kernel.
func backends() []backend {
	bs := []backend{genericBackend}
	if asmBMI2 {
		bs = append(bs, bmi2Backend)
	}
	if asmBMI2 && asmAVX2 {
		bs = append(bs, avx2Backend)
	}
	if asmAVX512 {
		bs = append(bs, avx512Backend)
	}
	if asmSHA3 {
		bs = append(bs, sha3Backend)
	}
	for _, k := range cpu.Kernels {
		bs = append(bs, backend{label: "c/" + bulk.KernelName(k), c: k, r: cRoute})
	}
	mix := func(c, asm backend) backend {
		return backend{label: c.label + "+" + asm.label, c: c.c, r: mixedRoute(asm.r)}
	}
	switch c := bs[len(bs)-1]; {
	case c.c < 0:
	case asmAVX512:
		// c/avx2+asm/bmi2 is what AVX2-only CPUs run by default; it is
		// offered here too, so that it can be forced and tested.
		for _, b := range bs {
			if asmBMI2 && b.label == "c/avx2" {
				bs = append(bs, mix(b, bmi2Backend))
				break
			}
		}
		bs = append(bs, mix(c, avx512Backend))
	case asmBMI2:
		bs = append(bs, mix(c, bmi2Backend))
	}
	return bs
}

// permute applies the last nr rounds of Keccak-f[1600].
func (b *backend) permute(a *[25]uint64, nr int) {
	if 0 < b.r.toC.stream {
		b.r.one.permute(a, nr)
		return
	}
	bulk.Permute(b.c, a, nr)
}

// absorb is a streaming write: XOR p into a from byte pos of the current
// block on (pos <= rate), permuting whenever a block fills and more input
// follows; a block p ends with is left for the next call to permute (pos
// == rate). It returns the new pos.
func (b *backend) absorb(a *[25]uint64, rate, pos int, p []byte, nr int) int {
	if len(p) < b.r.toC.stream {
		return b.r.absorb(a, rate, pos, p, nr)
	}
	return bulk.Absorb(b.c, a, rate, pos, p, nr)
}

// squeeze is a streaming read into out. With ds == 0 the state is
// squeezing with pos bytes of its block used (rate: all); otherwise the
// input ends first at pos, as absorb left it, padded with ds. It returns
// the new pos.
func (b *backend) squeeze(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) int {
	if len(out) < b.r.toC.stream {
		return b.r.squeeze(a, rate, pos, ds, out, nr)
	}
	return bulk.Squeeze(b.c, a, rate, pos, ds, out, nr)
}

// digest is squeeze on a state still absorbing (ds != 0) that it leaves
// as it is: a Sum, which may skip work that only a later output would
// need (route.bmi2Digest).
func (b *backend) digest(a *[25]uint64, rate, pos int, ds byte, out []byte, nr int) {
	if len(out) < b.r.toC.stream {
		b.r.digest(a, rate, pos, ds, out, nr)
		return
	}
	t := *a
	bulk.Squeeze(b.c, &t, rate, pos, ds, out, nr)
}

// hash is a whole sponge in one call: absorb in || tail from the zero
// state (tail may be empty), pad with domain byte ds and pad10*1, squeeze
// len(out) bytes.
func (b *backend) hash(rate int, ds byte, in, tail, out []byte, nr int) {
	if len(in)+len(tail)+len(out) < b.r.toC.hash {
		b.r.hash(rate, ds, in, tail, out, nr)
		return
	}
	bulk.Hash(b.c, rate, ds, in, tail, out, nr)
}

// permute4, absorb4 and squeeze4 do the same on four states at once; the
// four slices have equal lengths.
func (b *backend) permute4(a *[4][25]uint64, nr int) {
	if 0 < b.r.toC.multi {
		b.r.permute4(a, nr)
		return
	}
	bulk.Permute4(b.c, a, nr)
}

func (b *backend) absorb4(a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	if len(p[0]) < b.r.toC.multi {
		return b.r.absorb4(a, rate, p, nr)
	}
	return bulk.Absorb4(b.c, a, rate, p, nr)
}

func (b *backend) squeeze4(a *[4][25]uint64, rate int, out *[4][]byte, nr int) {
	if len(out[0]) < b.r.toC.multi {
		b.r.squeeze4(a, rate, out, nr)
		return
	}
	bulk.Squeeze4(b.c, a, rate, out, nr)
}

// leaves hashes each block of in (a whole number of l.BlockLen-byte blocks)
// into its chaining value, written to cv in order: the tree leaves of
// KangarooTwelve and ParallelHash.
func (b *backend) leaves(l *LeafSpec, in, cv []byte) {
	if len(in) < b.r.toC.leaves {
		b.r.leaves(l, in, cv)
		return
	}
	bulk.Leaves(b.c, in, l.BlockLen, cv, l.Rate, l.DS, l.Rounds, l.CVLen)
}

// batch sets dst[i] to the first 32 bytes of a sponge over msgs[i] (from
// the zero state, padded with ds), for every i; len(dst) == len(msgs).
// Every message is read before any digest is written, so messages may
// alias dst. In C it is one call, messages in the lanes of the widest
// kernel (bulk.Batch copies them all before C writes dst).
func (b *backend) batch(rate int, ds byte, msgs [][]byte, dst [][32]byte, nr int) {
	if len(msgs) >= b.r.toC.batch {
		bulk.Batch(b.c, rate, ds, msgs, dst, nr)
		return
	}
	out, aliased := dst, messagesOverlap(msgs, dst)
	if aliased {
		out = make([][32]byte, len(dst)) // no digest lands under a later message
	}
	b.r.batch(rate, ds, msgs, out, nr)
	if aliased {
		copy(dst, out)
	}
}

// The operations the public API calls directly, on the backend in use.

// Permute applies the last nr rounds of Keccak-f[1600] to a.
func Permute(a *[25]uint64, nr int) { active.permute(a, nr) }

// Permute4 does the same to four states, on a 4-way kernel where there is one.
func Permute4(a *[4][25]uint64, nr int) { active.permute4(a, nr) }

// Hash is a whole sponge in one call: absorb in || tail from the zero state
// (tail may be empty), pad with domain byte ds and pad10*1, squeeze
// len(out) bytes.
func Hash(rate int, ds byte, in, tail, out []byte, nr int) { active.hash(rate, ds, in, tail, out, nr) }

// Batch sets dst[i] to the first 32 bytes of a sponge over msgs[i], for
// every i (len(dst) == len(msgs), rate >= 32); natively one C call.
func Batch(rate int, ds byte, msgs [][]byte, dst [][32]byte, nr int) {
	active.batch(rate, ds, msgs, dst, nr)
}

func init() { impl.Register("keccak", Names, Use) }

// messagesOverlap reports whether some message shares memory with the
// digests in dst (the backends run from Go then hash into a copy first).
func messagesOverlap(msgs [][]byte, dst [][32]byte) bool {
	if len(dst) == 0 {
		return false
	}
	lo := uintptr(unsafe.Pointer(&dst[0]))
	hi := lo + uintptr(len(dst))*32
	for _, m := range msgs {
		if len(m) == 0 {
			continue
		}
		p := uintptr(unsafe.Pointer(unsafe.SliceData(m)))
		if p < hi && lo < p+uintptr(len(m)) {
			return true
		}
	}
	return false
}
