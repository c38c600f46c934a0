package main

import (
	"strings"

	keccak "github.com/go-xkcp/keccak"
)

// params are the per-run settings an algorithm may use.
type params struct {
	customization []byte // --customization: cSHAKE's S, KangarooTwelve's C
	functionName  []byte // --function-name: cSHAKE's N
	domain        byte   // --domain: TurboSHAKE's D, 0x01..0x7F
	threads       int    // -j: cap on goroutines for tree hashes
}

// algorithm is one row of the table below. Adding an algorithm to
// keccaksum (hashing, --check, --tag, bench, help) is adding one row.
type algorithm struct {
	name   string // -a value, lower case, e.g. "sha3-256"
	tag    string // BSD --tag label, e.g. "SHA3-256"
	size   int    // output bytes: the fixed size, or the XOF default
	xof    bool   // -l may choose the output length
	custom bool   // takes --customization
	fname  bool   // takes --function-name
	domain bool   // takes --domain
	// parallel: one input is hashed on several cores, so big inputs are
	// handed over in big pieces and -j caps its goroutines.
	parallel bool
	new      func(p params) digest
}

// defaultDomain is TurboSHAKE's usual D (RFC 9861's choice for plain hashing).
const defaultDomain = 0x1F

var algorithms = []algorithm{
	{name: "sha3-224", tag: "SHA3-224", size: 28,
		new: func(params) digest { return fixedDigest{keccak.New224()} }},
	{name: "sha3-256", tag: "SHA3-256", size: 32,
		new: func(params) digest { return fixedDigest{keccak.New256()} }},
	{name: "sha3-384", tag: "SHA3-384", size: 48,
		new: func(params) digest { return fixedDigest{keccak.New384()} }},
	{name: "sha3-512", tag: "SHA3-512", size: 64,
		new: func(params) digest { return fixedDigest{keccak.New512()} }},
	{name: "shake128", tag: "SHAKE128", size: 32, xof: true,
		new: func(params) digest { return xofDigest{keccak.NewSHAKE128()} }},
	{name: "shake256", tag: "SHAKE256", size: 64, xof: true,
		new: func(params) digest { return xofDigest{keccak.NewSHAKE256()} }},
	{name: "cshake128", tag: "cSHAKE128", size: 32, xof: true, custom: true, fname: true,
		new: func(p params) digest { return xofDigest{keccak.NewCSHAKE128(p.functionName, p.customization)} }},
	{name: "cshake256", tag: "cSHAKE256", size: 64, xof: true, custom: true, fname: true,
		new: func(p params) digest { return xofDigest{keccak.NewCSHAKE256(p.functionName, p.customization)} }},
	{name: "turboshake128", tag: "TurboSHAKE128", size: 32, xof: true, domain: true,
		new: func(p params) digest { return xofDigest{keccak.NewTurboSHAKE128(p.domain)} }},
	{name: "turboshake256", tag: "TurboSHAKE256", size: 64, xof: true, domain: true,
		new: func(p params) digest { return xofDigest{keccak.NewTurboSHAKE256(p.domain)} }},
}

// findAlgorithm looks a name up case-insensitively, by -a name or by tag.
func findAlgorithm(name string) *algorithm {
	for i := range algorithms {
		a := &algorithms[i]
		if strings.EqualFold(name, a.name) || strings.EqualFold(name, a.tag) {
			return a
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
	return 0, usagef("%s has a fixed output of %d bytes; -l is for XOFs", a.name, a.size)
}
