package main

import (
	"strings"

	keccak "github.com/go-xkcp/keccak"
)

// params are the per-run settings an algorithm may use.
type params struct {
	customization []byte // --customization: cSHAKE's and SP 800-185's S, KangarooTwelve's C
	functionName  []byte // --function-name: cSHAKE's N
	domain        byte   // --domain: TurboSHAKE's D, 0x01..0x7F
	key           []byte // --key-file: KMAC's K
	blockSize     int    // --block-size: ParallelHash's B
	threads       int    // -j: cap on goroutines for tree hashes
}

// takes is the set of algorithm options an algorithm uses.
type takes uint8

const (
	takesCustomization takes = 1 << iota
	takesFunctionName
	takesDomain
	takesKey
	takesBlockSize
)

// algorithm is one row of the table below. Adding an algorithm to
// keccaksum (hashing, --check, --tag, bench, help, option checks) is
// adding one row.
type algorithm struct {
	name string // -a value, lower case, e.g. "sha3-256"
	tag  string // BSD --tag label, e.g. "SHA3-256"
	// aliases are other names -a and tagged --check lines accept, e.g.
	// openssl's "SHAKE-256".
	aliases []string
	size    int // output bytes: the fixed size, or the default for -l
	// xof: -l chooses the output length. lengthHashed: the length is
	// an input too (KMAC, ParallelHash, TupleHash, not their XOF
	// variants), so a different -l gives an unrelated output, not a
	// longer or shorter one.
	xof          bool
	lengthHashed bool
	takes        takes
	// parallel: one input is hashed on several cores (a tree), so -j caps
	// its goroutines and big inputs are handed over in big pieces.
	parallel bool
	// new starts a hash giving n output bytes (n is size unless xof).
	new func(p params, n int) digest
}

// defaultDomain is TurboSHAKE's usual D (RFC 9861's choice for plain
// hashing); defaultBlockSize is ParallelHash's B when not given.
const (
	defaultDomain    = 0x1F
	defaultBlockSize = 8192
)

var algorithms = []algorithm{
	{name: "sha3-224", tag: "SHA3-224", size: 28,
		new: func(params, int) digest { return fixedDigest{keccak.New224()} }},
	{name: "sha3-256", tag: "SHA3-256", size: 32,
		new: func(params, int) digest { return fixedDigest{keccak.New256()} }},
	{name: "sha3-384", tag: "SHA3-384", size: 48,
		new: func(params, int) digest { return fixedDigest{keccak.New384()} }},
	{name: "sha3-512", tag: "SHA3-512", size: 64,
		new: func(params, int) digest { return fixedDigest{keccak.New512()} }},
	{name: "keccak-256", tag: "Keccak-256", size: 32,
		new: func(params, int) digest { return fixedDigest{keccak.NewLegacyKeccak256()} }},
	{name: "keccak-512", tag: "Keccak-512", size: 64,
		new: func(params, int) digest { return fixedDigest{keccak.NewLegacyKeccak512()} }},
	{name: "shake128", tag: "SHAKE128", aliases: []string{"shake-128"}, size: 32, xof: true,
		new: func(params, int) digest { return xofDigest{keccak.NewSHAKE128()} }},
	{name: "shake256", tag: "SHAKE256", aliases: []string{"shake-256"}, size: 64, xof: true,
		new: func(params, int) digest { return xofDigest{keccak.NewSHAKE256()} }},
	{name: "cshake128", tag: "cSHAKE128", size: 32, xof: true, takes: takesCustomization | takesFunctionName,
		new: func(p params, _ int) digest { return xofDigest{keccak.NewCSHAKE128(p.functionName, p.customization)} }},
	{name: "cshake256", tag: "cSHAKE256", size: 64, xof: true, takes: takesCustomization | takesFunctionName,
		new: func(p params, _ int) digest { return xofDigest{keccak.NewCSHAKE256(p.functionName, p.customization)} }},
	{name: "turboshake128", tag: "TurboSHAKE128", size: 32, xof: true, takes: takesDomain,
		new: func(p params, _ int) digest { return xofDigest{keccak.NewTurboSHAKE128(p.domain)} }},
	{name: "turboshake256", tag: "TurboSHAKE256", size: 64, xof: true, takes: takesDomain,
		new: func(p params, _ int) digest { return xofDigest{keccak.NewTurboSHAKE256(p.domain)} }},
	{name: "kt128", tag: "KT128", size: 32, xof: true, takes: takesCustomization, parallel: true,
		new: func(p params, _ int) digest {
			h := keccak.NewKT128(p.customization)
			h.SetParallelism(p.threads)
			return xofDigest{h}
		}},
	{name: "kt256", tag: "KT256", size: 64, xof: true, takes: takesCustomization, parallel: true,
		new: func(p params, _ int) digest {
			h := keccak.NewKT256(p.customization)
			h.SetParallelism(p.threads)
			return xofDigest{h}
		}},
	{name: "kmac128", tag: "KMAC128", size: 32, xof: true, lengthHashed: true, takes: takesCustomization | takesKey,
		new: func(p params, n int) digest { return fixedDigest{keccak.NewKMAC128(p.key, p.customization, n)} }},
	{name: "kmac256", tag: "KMAC256", size: 64, xof: true, lengthHashed: true, takes: takesCustomization | takesKey,
		new: func(p params, n int) digest { return fixedDigest{keccak.NewKMAC256(p.key, p.customization, n)} }},
	{name: "kmacxof128", tag: "KMACXOF128", size: 32, xof: true, takes: takesCustomization | takesKey,
		new: func(p params, _ int) digest { return xofDigest{keccak.NewKMACXOF128(p.key, p.customization)} }},
	{name: "kmacxof256", tag: "KMACXOF256", size: 64, xof: true, takes: takesCustomization | takesKey,
		new: func(p params, _ int) digest { return xofDigest{keccak.NewKMACXOF256(p.key, p.customization)} }},
	{name: "parallelhash128", tag: "ParallelHash128", size: 32, xof: true, lengthHashed: true, takes: takesCustomization | takesBlockSize, parallel: true,
		new: func(p params, n int) digest {
			h := keccak.NewParallelHash128(p.customization, p.blockSize, n)
			h.SetParallelism(p.threads)
			return fixedDigest{h}
		}},
	{name: "parallelhash256", tag: "ParallelHash256", size: 64, xof: true, lengthHashed: true, takes: takesCustomization | takesBlockSize, parallel: true,
		new: func(p params, n int) digest {
			h := keccak.NewParallelHash256(p.customization, p.blockSize, n)
			h.SetParallelism(p.threads)
			return fixedDigest{h}
		}},
	{name: "parallelhashxof128", tag: "ParallelHashXOF128", size: 32, xof: true, takes: takesCustomization | takesBlockSize, parallel: true,
		new: func(p params, _ int) digest {
			h := keccak.NewParallelHashXOF128(p.customization, p.blockSize)
			h.SetParallelism(p.threads)
			return xofDigest{h}
		}},
	{name: "parallelhashxof256", tag: "ParallelHashXOF256", size: 64, xof: true, takes: takesCustomization | takesBlockSize, parallel: true,
		new: func(p params, _ int) digest {
			h := keccak.NewParallelHashXOF256(p.customization, p.blockSize)
			h.SetParallelism(p.threads)
			return xofDigest{h}
		}},
	// TupleHash of the one-element tuple (input): the element's length
	// comes before its bytes, so the input is held whole (see wholeDigest).
	{name: "tuplehash128", tag: "TupleHash128", size: 32, xof: true, lengthHashed: true, takes: takesCustomization,
		new: func(p params, n int) digest {
			return &wholeDigest{finish: func(m []byte, n int) []byte {
				h := keccak.NewTupleHash128(p.customization, n)
				h.Add(m)
				return h.Sum(nil)
			}}
		}},
	{name: "tuplehash256", tag: "TupleHash256", size: 64, xof: true, lengthHashed: true, takes: takesCustomization,
		new: func(p params, n int) digest {
			return &wholeDigest{finish: func(m []byte, n int) []byte {
				h := keccak.NewTupleHash256(p.customization, n)
				h.Add(m)
				return h.Sum(nil)
			}}
		}},
	{name: "tuplehashxof128", tag: "TupleHashXOF128", size: 32, xof: true, takes: takesCustomization,
		new: func(p params, _ int) digest {
			return &wholeDigest{finish: func(m []byte, n int) []byte {
				h := keccak.NewTupleHashXOF128(p.customization)
				h.Add(m)
				return readN(h, n)
			}}
		}},
	{name: "tuplehashxof256", tag: "TupleHashXOF256", size: 64, xof: true, takes: takesCustomization,
		new: func(p params, _ int) digest {
			return &wholeDigest{finish: func(m []byte, n int) []byte {
				h := keccak.NewTupleHashXOF256(p.customization)
				h.Add(m)
				return readN(h, n)
			}}
		}},
}

// findAlgorithm looks a name up case-insensitively, by -a name, tag or
// alias.
func findAlgorithm(name string) *algorithm {
	for i := range algorithms {
		a := &algorithms[i]
		if strings.EqualFold(name, a.name) || strings.EqualFold(name, a.tag) {
			return a
		}
		for _, alias := range a.aliases {
			if strings.EqualFold(name, alias) {
				return a
			}
		}
	}
	return nil
}

func algorithmNames() string {
	names := make([]string, len(algorithms))
	for i, a := range algorithms {
		names[i] = a.name
	}
	return strings.Join(names, ", ")
}

func unknownAlgorithm(name string) error {
	return usagef("unknown algorithm '%s' (known: %s)", name, algorithmNames())
}

// outputLength is the number of output bytes for a given -l (0 = unset).
func (a *algorithm) outputLength(l int) (int, error) {
	switch {
	case l == 0:
		return a.size, nil
	case a.xof:
		return l, nil
	case l == a.size:
		return l, nil
	}
	return 0, usagef("%s has a fixed output of %d bytes; -l is for XOFs and the SP 800-185 functions", a.name, a.size)
}
