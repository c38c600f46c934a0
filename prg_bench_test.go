package keccak

import "testing"

// Fixed-key XOF benchmarks, each on AES-NI (C) and crypto/aes in the same
// binary, so the backend choice rests on one run's numbers.
func BenchmarkFixedKeyAes128(b *testing.B) {
	dst, binder := []byte("\x12\x01\x00\x00\x00\x00\x00\x00"), make([]byte, 16)
	backends := []bool{false}
	if fixedKeyNative {
		backends = append(backends, true)
	}
	saved := fixedKeyNative
	defer func() { fixedKeyNative = saved }()
	for _, native := range backends {
		fixedKeyNative = native
		name := "crypto-aes"
		if native {
			name = "aes-ni"
		}
		k, _ := NewFixedKeyAes128Key(dst, binder)
		k2, _ := NewFixedKeyAes128Key(dst, binder)
		seeds := make([]byte, 32)
		out := make([]byte, 1024)
		// One fixed-key derivation: TurboSHAKE128 plus the AES key schedule.
		b.Run("derive/"+name, func(b *testing.B) {
			var key FixedKeyAes128Key
			for b.Loop() {
				key.Derive(dst, binder)
			}
		})
		// An IDPF extend: a fresh stream, 32 bytes.
		b.Run("stream32/"+name, func(b *testing.B) {
			b.SetBytes(32)
			for b.Loop() {
				s := k.Stream([16]byte(seeds))
				s.Read(out[:32])
			}
		})
		// The same, deriving the key for the stream as the draft's
		// pseudocode does (NewXofFixedKeyAes128).
		b.Run("stream32-derive/"+name, func(b *testing.B) {
			b.SetBytes(32)
			for b.Loop() {
				s, _ := NewXofFixedKeyAes128(seeds[:16], dst, binder)
				s.Read(out[:32])
			}
		})
		// Both parties' extends of one Gen level in one batch (4 blocks).
		b.Run("fill2x2/"+name, func(b *testing.B) {
			b.SetBytes(64)
			for b.Loop() {
				k.FillStreams(out[:64], seeds, 2)
			}
		})
		// A Gen level's convert (2 blocks each) chained with the next
		// level's extend (2 blocks each), both parties: 8 blocks.
		b.Run("chain2/"+name, func(b *testing.B) {
			b.SetBytes(128)
			for b.Loop() {
				k.ChainStreams(out[:64], 2, k2, out[64:128], 2, seeds)
			}
		})
		b.Run("hash1KiB/"+name, func(b *testing.B) {
			b.SetBytes(1024)
			for b.Loop() {
				k.Hash(out, out)
			}
		})
	}
	fixedKeyNative = saved
	b.Run("XofTurboShake128/32B", func(b *testing.B) {
		x, _ := NewXofTurboShake128(seeds16(), dst, binder)
		b.SetBytes(32)
		var o [32]byte
		for b.Loop() {
			x.Reset(seeds16(), dst, binder)
			x.Read(o[:])
		}
	})
}

func seeds16() []byte { return make([]byte, 16) }
