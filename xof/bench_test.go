package xof

import "testing"

func BenchmarkXOFTurboSHAKE128(b *testing.B) {
	dst, binder := []byte("\x12\x01\x00\x00\x00\x00\x00\x00"), make([]byte, 16)
	seed := make([]byte, 16)
	b.Run("32B", func(b *testing.B) {
		x, _ := NewXOFTurboSHAKE128(seed, dst, binder)
		b.SetBytes(32)
		var o [32]byte
		for b.Loop() {
			x.Reset(seed, dst, binder)
			x.Read(o[:])
		}
	})
}
