// Package fixedkey is the fixed-key AES-128 XOF of the VDAF draft
// (draft-irtf-cfrg-vdaf-20, XofFixedKeyAes128) and its cSHAKE128-keyed
// predecessor (drafts 05/06, PrgFixedKeyAes128): the code behind package
// xof's public types, plus the batched stream entry points only the IDPF
// (package idpf) needs, which cross into C once per batch instead of once
// per block. It is the XOF only: no IDPF logic lives here.
//
// The AES key depends only on (dst, binder), never on the seed. Deriving it
// costs a Keccak permutation and an AES key schedule, far more than the two
// or three blocks an IDPF step reads from a stream, so it is done once in a
// Key and shared by every seed's stream.
package fixedkey

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
	"sync"

	"github.com/go-xkcp/keccak/internal/aesni"
	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/engine"
	"github.com/go-xkcp/keccak/internal/sp800185"
)

// SeedSize is the seed size of XofFixedKeyAes128.
const SeedSize = 16

// MaxDSTLen is the longest domain separation tag the VDAF XOFs accept: its
// length is encoded in two bytes.
const MaxDSTLen = 65535

// ErrDSTTooLong is returned for a dst longer than MaxDSTLen.
var ErrDSTTooLong = errors.New("xof: VDAF dst longer than 65535 bytes")

// Key is the expanded fixed AES-128 key of XofFixedKeyAes128
// for one (dst, binder). Once derived it is only read, so one key may serve
// any number of streams, also from several goroutines. The zero value is
// not a key: use NewKey or Derive.
type Key struct {
	rk    [176]byte    // AES-NI round keys, when native
	block cipher.Block // crypto/aes, when not native
}

// NewKey derives the fixed key of draft-20's XofFixedKeyAes128:
// the first 16 bytes of TurboSHAKE128 with D = 2 over
// LE16(len(dst)) || dst || binder. It fails only if dst is longer than
// MaxDSTLen.
func NewKey(dst, binder []byte) (*Key, error) {
	k := new(Key)
	if err := k.Derive(dst, binder); err != nil {
		return nil, err
	}
	return k, nil
}

// Derive sets k to the fixed key for (dst, binder), exactly as
// NewKey does, but in k's own memory (with AES-NI it then
// allocates nothing). Streams made from k before must no longer be used.
func (k *Key) Derive(dst, binder []byte) error {
	if len(dst) > MaxDSTLen {
		return ErrDSTTooLong
	}
	aesKey := deriveFixedKey(dst, binder)
	k.set(&aesKey, Native)
	return nil
}

// DeriveKeys sets keys[i] to the fixed key for
// (dsts[i], binder), as Derive does for each, with one C call per four
// keys where Derive would make one each (an IDPF needs two per report:
// extend and convert). len(keys) must equal len(dsts) (it panics
// otherwise); on error no key is changed.
func DeriveKeys(keys []*Key, dsts [][]byte, binder []byte) error {
	if len(keys) != len(dsts) {
		panic("xof: DeriveKeys: one dst per key")
	}
	for _, dst := range dsts {
		if len(dst) > MaxDSTLen {
			return ErrDSTTooLong
		}
	}
	if !Native {
		for i, k := range keys {
			k.Derive(dsts[i], binder) // cannot fail: lengths checked
		}
		return nil
	}
	for len(keys) > 0 {
		var aesKeys [4][16]byte
		var rk [4][176]byte
		n := min(len(keys), 4)
		for i := range n {
			aesKeys[i] = deriveFixedKey(dsts[i], binder)
		}
		aesni.ExpandN(aesKeys[:n], rk[:n])
		for i, k := range keys[:n] {
			k.rk, k.block = rk[i], nil
		}
		keys, dsts = keys[n:], dsts[n:]
	}
	return nil
}

// fixedKeySponge is TurboSHAKE128 (D = 2) after absorbing
// LE16(len(dst)) || dst || binder; len(dst) must fit in 16 bits.
func fixedKeySponge(dst, binder []byte) engine.Sponge {
	s := engine.NewSponge(168, 0x02, 12)
	s.Write([]byte{byte(len(dst)), byte(len(dst) >> 8)})
	s.Write(dst)
	s.Write(binder)
	return s
}

// deriveFixedKey is the draft-20 AES key for (dst, binder); len(dst) must
// fit in 16 bits.
func deriveFixedKey(dst, binder []byte) [16]byte {
	s := fixedKeySponge(dst, binder)
	var key [16]byte
	s.Read(key[:])
	return key
}

// NewPrgKey derives the fixed key of drafts 05 and 06
// (PrgFixedKeyAes128, as in libprio-rs 0.12 to 0.14): the first 16 bytes of
// cSHAKE128 with function name "", customization dst and input binder. The
// streams it makes are those of draft 06.
func NewPrgKey(dst, binder []byte) *Key {
	k := new(Key)
	k.DerivePrg(dst, binder)
	return k
}

// DerivePrg sets k to the draft-06 key for (dst, binder), as
// NewPrgKey does, in k's own memory. Streams made from k
// before must no longer be used.
func (k *Key) DerivePrg(dst, binder []byte) {
	aesKey := derivePrgKey(dst, binder)
	k.set(&aesKey, Native)
}

// derivePrgKey is the draft-05/06 AES key for (dst, binder): cSHAKE128
// with an empty function name, which for an empty dst too is SHAKE128.
func derivePrgKey(dst, binder []byte) [16]byte {
	s := engine.NewSponge(168, 0x1f, 24) // SHAKE128
	if len(dst) > 0 {
		s = engine.NewSponge(168, 0x04, 24) // cSHAKE128
		var name [2]byte
		sp800185.WriteBytepad(&s, sp800185.AppendEncodeString(name[:0], nil), sp800185.AppendEncodeString(nil, dst))
	}
	s.Write(binder)
	var aesKey [16]byte
	s.Read(aesKey[:])
	return aesKey
}

// newFixedKey expands aesKey for the native (AES-NI in C) or the Go
// (crypto/aes) backend.
func newFixedKey(aesKey *[16]byte, native bool) *Key {
	k := new(Key)
	k.set(aesKey, native)
	return k
}

func (k *Key) set(aesKey *[16]byte, native bool) {
	if native {
		aesni.Expand(aesKey, &k.rk)
		k.block = nil
		return
	}
	b, err := aes.NewCipher(aesKey[:])
	if err != nil {
		panic("xof: aes.NewCipher rejected a 16-byte key: " + err.Error())
	}
	k.block = b
}

// RoundKeys returns k's AES-NI round keys (internal/aesni's schedule),
// or nil if k runs on crypto/aes. Package idpf hands them to its C walk
// (aesni.IdpfGen); nothing may write through the pointer.
func (k *Key) RoundKeys() *[176]byte {
	if k.block != nil {
		return nil
	}
	return &k.rk
}

// Stream returns the XOF stream for seed: block i is the fixed-key hash of
// seed ^ LE128(i). It costs nothing beyond copying the seed: no key
// derivation, no key schedule, no allocation.
func (k *Key) Stream(seed [16]byte) Stream {
	return Stream{key: k, seed: seed, used: 16}
}

// Hash sets each 16-byte block of out to the fixed-key hash of the same
// block x of in: AES(key, s(x)) ^ s(x), where s(lo || hi) = hi || (hi ^ lo)
// for the 8-byte halves lo and hi. in and out must have the same length, a
// multiple of 16 (it panics otherwise); they may be the same slice.
func (k *Key) Hash(out, in []byte) {
	if len(in) != len(out) || len(in)%16 != 0 {
		panic("xof: Key.Hash: lengths must be equal multiples of 16")
	}
	if k.block == nil {
		aesni.Hash(&k.rk, in, out)
		return
	}
	scratch := goScratch.Get().(*[32]byte)
	for i := 0; i < len(in); i += 16 {
		copy(scratch[:16], in[i:i+16])
		k.goHashBlock(out[i:i+16], scratch)
	}
	goScratch.Put(scratch)
}

// FillStreams writes, for each 16-byte seed of seeds in turn, the first
// nblocks blocks of that seed's stream: nblocks must be at least 0 and out
// hold exactly len(seeds)*nblocks bytes (it panics otherwise). This is Stream(seed) then reading 16*nblocks
// bytes, for many seeds in one call, which lets the AES rounds of different
// blocks overlap.
func (k *Key) FillStreams(out, seeds []byte, nblocks int) {
	if len(seeds)%16 != 0 || !checked.Len(len(out), len(seeds), nblocks) {
		panic("xof: Key.FillStreams: len(out) is not len(seeds)*nblocks")
	}
	k.streamBlocks(out, seeds, 0, nblocks)
}

// ChainStreams derives a seed from one stream and expands it with another
// key, for many seeds in one call: for each 16-byte seed of seeds, out1
// gets the first n1 blocks (n1 >= 1) of its stream under k; the first 16 of
// those bytes are then the seed of a stream under next, of which out2 gets
// the first n2 blocks (n2 >= 0). out1 must hold exactly len(seeds)*n1
// bytes and out2 len(seeds)*n2 (it panics otherwise). An IDPF level does exactly this: a
// convert whose output seed is extended right away.
func (k *Key) ChainStreams(out1 []byte, n1 int, next *Key, out2 []byte, n2 int, seeds []byte) {
	if !chainLengthsOK(seeds, n1, out1, n2, out2) {
		panic("xof: Key.ChainStreams: lengths do not match the block counts")
	}
	if k.block == nil && next.block == nil {
		aesni.Chain(&k.rk, &next.rk, seeds, n1, out1, n2, out2)
		return
	}
	k.streamBlocks(out1, seeds, 0, n1)
	if n2 == 0 {
		return
	}
	// Gather each seed's first output block, then expand those.
	n := len(seeds) / 16
	var stack [8 * 16]byte
	mid := stack[:0]
	if 16*n > len(stack) {
		mid = make([]byte, 0, 16*n)
	}
	for i := range n {
		mid = append(mid, out1[16*n1*i:16*n1*i+16]...)
	}
	next.streamBlocks(out2, mid, 0, n2)
}

// chainLengthsOK checks the lengths of a chain of streams (ChainStreams)
// without arithmetic that can wrap around.
func chainLengthsOK(seeds []byte, n1 int, out1 []byte, n2 int, out2 []byte) bool {
	return len(seeds)%16 == 0 && n1 >= 1 &&
		checked.Len(len(out1), len(seeds), n1) && checked.Len(len(out2), len(seeds), n2)
}

// streamBlocks writes blocks first .. first+nblocks-1 of each seed's stream.
func (k *Key) streamBlocks(out, seeds []byte, first uint64, nblocks int) {
	if k.block == nil {
		aesni.Streams(&k.rk, seeds, first, nblocks, out)
		return
	}
	scratch := goScratch.Get().(*[32]byte)
	o := 0
	for s := 0; s < len(seeds); s += 16 {
		for i := range uint64(nblocks) {
			copy(scratch[:16], seeds[s:s+16])
			// LE128(i) with i < 2^64 only touches the low 8 bytes.
			lo := binary.LittleEndian.Uint64(scratch[:8]) ^ (first + i)
			binary.LittleEndian.PutUint64(scratch[:8], lo)
			k.goHashBlock(out[o:o+16], scratch)
			o += 16
		}
	}
	goScratch.Put(scratch)
}

// goScratch holds the buffers crypto/aes works in. Slices handed to a
// cipher.Block escape (it is an interface), so caller buffers never reach
// it: with the pool, streams on the Go backend do not allocate either.
var goScratch = sync.Pool{New: func() any { return new([32]byte) }}

// goHashBlock writes the fixed-key hash of scratch[:16] to out, using
// scratch[16:] for AES's output.
func (k *Key) goHashBlock(out []byte, scratch *[32]byte) {
	lo := binary.LittleEndian.Uint64(scratch[:8])
	hi := binary.LittleEndian.Uint64(scratch[8:16])
	binary.LittleEndian.PutUint64(scratch[:8], hi)
	binary.LittleEndian.PutUint64(scratch[8:16], hi^lo)
	k.block.Encrypt(scratch[16:], scratch[:16])
	binary.LittleEndian.PutUint64(out[:8], binary.LittleEndian.Uint64(scratch[16:24])^hi)
	binary.LittleEndian.PutUint64(out[8:16], binary.LittleEndian.Uint64(scratch[24:32])^hi^lo)
}
