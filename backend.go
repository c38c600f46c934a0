package keccak

import "os"

// backend is the seam between the Go modes (padding, encodings, trees) and
// the permutation kernels: the generic Go code (kernel < 0) or C kernel k of
// the csrc registry. Every operation does a whole buffer's work in one call,
// so the native side crosses into C once per buffer, never per block.
//
// It is a small value dispatched with a branch, not an interface: escape
// analysis sees through direct calls (and cgo's noescape), so states and
// buffers handed to a backend stay on the caller's stack.
//
// States are plain: 25 lanes in FIPS 202 order (lane x+5y), and the byte
// view of the state is the little-endian one. Rates are multiples of 8.
type backend struct {
	label  string // what Backend reports, e.g. "go" or "c/avx2"
	kernel int
}

// leafSpec describes a tree's leaves: each blockLen-byte block becomes
// cvLen bytes of a sponge with this rate, domain byte and round count.
type leafSpec struct {
	blockLen, rate int
	ds             byte
	rounds, cvLen  int
}

var genericBackend = backend{label: "go", kernel: -1}

// kernelEnv is the environment variable that forces a backend (see Backend).
const kernelEnv = "KECCAK_KERNEL"

// impl is the backend in use: the one kernelEnv names, else the fastest one
// this CPU supports. Tests swap it to run every backend in one binary.
var impl = chooseBackend(backends(), os.Getenv(kernelEnv))

// Backend names the backend in use: "go" for the pure-Go one, "c/KERNEL" for
// a C kernel ("c/portable", "c/avx2", "c/avx512", "c/armv7m", "c/arm64sha3",
// "c/arm64sha3x2"). By default it is the fastest one the CPU runs. The
// environment variable KECCAK_KERNEL, read once at start-up, forces one:
// "go", or a kernel's name with or without "c/" (KECCAK_KERNEL=portable). A
// name this build or CPU cannot run is ignored.
func Backend() string { return impl.label }

// chooseBackend is the backend of all named want, or the last (fastest) one
// when want names none of them.
func chooseBackend(all []backend, want string) backend {
	for _, b := range all {
		if want != "" && (b.label == want || b.label == "c/"+want) {
			return b
		}
	}
	return all[len(all)-1]
}

// backends lists the generic backend first, then every native backend this
// CPU can run, slowest to fastest.
func backends() []backend {
	return append([]backend{genericBackend}, nativeBackends()...)
}

func (b backend) name() string { return b.label }

// permute applies the last nr rounds of Keccak-f[1600].
func (b backend) permute(a *[25]uint64, nr int) {
	if b.kernel < 0 {
		keccakPGeneric(a, nr)
		return
	}
	nativePermute(b.kernel, a, nr)
}

// absorb XORs every full rate-byte block of p into a, permuting after each,
// and returns the number of bytes consumed.
func (b backend) absorb(a *[25]uint64, rate int, p []byte, nr int) int {
	if b.kernel < 0 {
		return genericAbsorb(a, rate, p, nr)
	}
	return nativeAbsorb(b.kernel, a, rate, p, nr)
}

// squeeze fills out, a whole number of rate-byte blocks, a block at a time:
// permute, then copy the first rate bytes of the state out.
func (b backend) squeeze(a *[25]uint64, rate int, out []byte, nr int) {
	if b.kernel < 0 {
		genericSqueeze(a, rate, out, nr)
		return
	}
	nativeSqueeze(b.kernel, a, rate, out, nr)
}

// sponge is a whole sponge in one call: absorb in || tail from the zero
// state (tail may be empty), pad with domain byte ds and pad10*1, squeeze
// len(out) bytes.
func (b backend) sponge(rate int, ds byte, in, tail, out []byte, nr int) {
	if b.kernel < 0 {
		genericSponge(rate, ds, in, tail, out, nr)
		return
	}
	nativeSponge(b.kernel, rate, ds, in, tail, out, nr)
}

// permute4, absorb4 and squeeze4 do the same on four states at once; the
// four slices have equal lengths.
func (b backend) permute4(a *[4][25]uint64, nr int) {
	if b.kernel < 0 {
		for i := range a {
			keccakPGeneric(&a[i], nr)
		}
		return
	}
	nativePermute4(b.kernel, a, nr)
}

func (b backend) absorb4(a *[4][25]uint64, rate int, p *[4][]byte, nr int) int {
	if b.kernel < 0 {
		n := 0
		for i := range a {
			n = genericAbsorb(&a[i], rate, p[i], nr)
		}
		return n
	}
	return nativeAbsorb4(b.kernel, a, rate, p, nr)
}

func (b backend) squeeze4(a *[4][25]uint64, rate int, out *[4][]byte, nr int) {
	if b.kernel < 0 {
		for i := range a {
			genericSqueeze(&a[i], rate, out[i], nr)
		}
		return
	}
	nativeSqueeze4(b.kernel, a, rate, out, nr)
}

// leaves hashes each block of in (a whole number of l.blockLen-byte blocks)
// into its chaining value, written to cv in order: the tree leaves of
// KangarooTwelve and ParallelHash.
func (b backend) leaves(l *leafSpec, in, cv []byte) {
	if b.kernel < 0 {
		for ; len(in) >= l.blockLen; in, cv = in[l.blockLen:], cv[l.cvLen:] {
			genericSponge(l.rate, l.ds, in[:l.blockLen], nil, cv[:l.cvLen], l.rounds)
		}
		return
	}
	nativeLeaves(b.kernel, l, in, cv)
}

// batch sets dst[i] to the first 32 bytes of a sponge over msgs[i] (from
// the zero state, padded with ds), for every i; len(dst) == len(msgs).
// Every message is read before any digest is written, so messages may
// alias dst. Natively one C call, messages in the lanes of the widest
// kernel (csrc.Batch copies them all before C writes dst).
func (b backend) batch(rate int, ds byte, msgs [][]byte, dst [][32]byte, nr int) {
	if b.kernel < 0 {
		out, aliased := dst, messagesOverlap(msgs, dst)
		if aliased {
			out = make([][32]byte, len(dst)) // no digest lands under a later message
		}
		for i, m := range msgs {
			genericSponge(rate, ds, m, nil, out[i][:], nr)
		}
		if aliased {
			copy(dst, out)
		}
		return
	}
	nativeBatch(b.kernel, rate, ds, msgs, dst, nr)
}
