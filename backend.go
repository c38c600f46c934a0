package keccak

// backend is the seam between the Go modes (padding, encodings, trees) and
// the permutation kernels. Every method does a whole buffer's work in one
// call, so the native backend crosses into C once per buffer, never per block.
//
// States are plain: 25 lanes in FIPS 202 order (lane x+5y), and the byte
// view of the state is the little-endian one. Rates are multiples of 8.
type backend interface {
	// name is what Backend reports, e.g. "go" or "c/avx2".
	name() string
	// permute applies the last nr rounds of Keccak-f[1600].
	permute(a *[25]uint64, nr int)
	// absorb XORs every full rate-byte block of p into a, permuting after
	// each, and returns the number of bytes consumed.
	absorb(a *[25]uint64, rate int, p []byte, nr int) int
	// squeeze fills out, a whole number of rate-byte blocks, a block at a
	// time: permute, then copy the first rate bytes of the state out.
	squeeze(a *[25]uint64, rate int, out []byte, nr int)
	// sponge is a whole sponge in one call: absorb in from the zero state,
	// pad with domain byte ds and pad10*1, squeeze len(out) bytes.
	sponge(rate int, ds byte, in, out []byte, nr int)

	// The same on four states at once; the four slices have equal lengths.
	permute4(a *[4][25]uint64, nr int)
	absorb4(a *[4][25]uint64, rate int, p *[4][]byte, nr int) int
	squeeze4(a *[4][25]uint64, rate int, out *[4][]byte, nr int)

	// leaves hashes each block of in (a whole number of l.blockLen-byte
	// blocks) into its chaining value, written to cv in order: the tree
	// leaves of KangarooTwelve and ParallelHash.
	leaves(l *leafSpec, in, cv []byte)
}

// leafSpec describes a tree's leaves: each blockLen-byte block becomes
// cvLen bytes of a sponge with this rate, domain byte and round count.
type leafSpec struct {
	blockLen, rate int
	ds             byte
	rounds, cvLen  int
}

// impl is the backend in use: the fastest one this CPU supports, chosen once
// at start-up. Tests swap it to run every backend in one binary.
var impl = bestBackend()

// Backend names the backend in use: "go" for the pure-Go one, "c/KERNEL" for
// a C kernel ("c/portable", "c/avx2", "c/armv7m").
func Backend() string { return impl.name() }

// bestBackend is the last (fastest) of the available backends.
func bestBackend() backend {
	all := backends()
	return all[len(all)-1]
}

// backends lists the generic backend first, then every native backend this
// CPU can run, slowest to fastest.
func backends() []backend {
	return append([]backend{genericBackend{}}, nativeBackends()...)
}
