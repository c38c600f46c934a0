package engine

import "testing"

// Per-backend costs of the seam's operations (the peers' comparisons live
// in the bench/ module).
func BenchmarkBackend(b *testing.B) {
	for _, be := range backends() {
		b.Run(be.label, func(b *testing.B) {
			var a [25]uint64
			var a4 [4][25]uint64
			for _, nr := range []int{12, 24} {
				b.Run("permute"+itoa(nr), func(b *testing.B) {
					for b.Loop() {
						be.permute(&a, nr)
					}
				})
				b.Run("permute4x"+itoa(nr), func(b *testing.B) {
					for b.Loop() {
						be.permute4(&a4, nr)
					}
				})
			}
			in := make([]byte, 1<<20)
			b.Run("absorb1MiB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					be.absorb(&a, 136, 0, in, 24)
				}
			})
			l := LeafSpec{BlockLen: 8192, Rate: 168, DS: 0x0B, Rounds: 12, CVLen: 32}
			cv := make([]byte, 32*len(in)/8192)
			b.Run("leaves1MiB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					be.leaves(&l, in, cv)
				}
			})
		})
	}
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }
