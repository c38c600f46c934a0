package xsha3

import (
	"hash"

	"github.com/go-xkcp/keccak"
)

// New224 returns a new SHA3-224 hash.
func New224() hash.Hash { return keccak.New224() }

// New256 returns a new SHA3-256 hash.
func New256() hash.Hash { return keccak.New256() }

// New384 returns a new SHA3-384 hash.
func New384() hash.Hash { return keccak.New384() }

// New512 returns a new SHA3-512 hash.
func New512() hash.Hash { return keccak.New512() }

// Sum224 returns the SHA3-224 digest of data.
func Sum224(data []byte) [28]byte { return keccak.Sum224(data) }

// Sum256 returns the SHA3-256 digest of data.
func Sum256(data []byte) [32]byte { return keccak.Sum256(data) }

// Sum384 returns the SHA3-384 digest of data.
func Sum384(data []byte) [48]byte { return keccak.Sum384(data) }

// Sum512 returns the SHA3-512 digest of data.
func Sum512(data []byte) [64]byte { return keccak.Sum512(data) }

// NewLegacyKeccak256 returns a new Keccak-256 hash (the original padding,
// as in Ethereum). The value is a *keccak.LegacyKeccak: it also reads
// (squeezes) output and marshals its state.
func NewLegacyKeccak256() hash.Hash { return keccak.NewLegacyKeccak256() }

// NewLegacyKeccak512 returns a new Keccak-512 hash; see NewLegacyKeccak256.
func NewLegacyKeccak512() hash.Hash { return keccak.NewLegacyKeccak512() }
