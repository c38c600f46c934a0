package fixedkey

import "testing"

// Fixed-key XOF benchmarks, each on AES-NI (C) and crypto/aes in the same
// binary, so the backend choice rests on one run's numbers.
func BenchmarkFixedKeyAes128(b *testing.B) {
	dst, binder := []byte("\x12\x01\x00\x00\x00\x00\x00\x00"), make([]byte, 16)
	backends := []bool{false}
	if Native {
		backends = append(backends, true)
	}
	saved := Native
	defer func() { Native = saved }()
	for _, native := range backends {
		Native = native
		name := "crypto-aes"
		if native {
			name = "aes-ni"
		}
		k, _ := NewKey(dst, binder)
		k2, _ := NewKey(dst, binder)
		seeds := make([]byte, 32)
		out := make([]byte, 1024)
		// One fixed-key derivation: TurboSHAKE128 plus the AES key schedule.
		b.Run("derive/"+name, func(b *testing.B) {
			var key Key
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
		// pseudocode does (xof.NewXOFFixedKeyAES128).
		b.Run("stream32-derive/"+name, func(b *testing.B) {
			b.SetBytes(32)
			for b.Loop() {
				k, _ := NewKey(dst, binder)
				s := k.Stream([16]byte(seeds))
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
	Native = saved
}
