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
			p4 := [4][]byte{in[:len(in)/4], in[len(in)/4 : len(in)/2], in[len(in)/2 : 3*len(in)/4], in[3*len(in)/4:]}
			b.Run("absorb4x256KiB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					be.absorb4(&a4, 168, &p4, 24)
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

// BenchmarkShortCalls times the single-state calls of the assembly
// kernels with a times-1 permutation of their own (BMI2, AVX-512) and of
// the fastest C kernel at the sizes around the mixed routes' crossovers (mixedRoute).
func BenchmarkShortCalls(b *testing.B) {
	var pair []backend
	c := -1
	for i, be := range backends() {
		switch {
		case be.c >= 0 && be.r.toC.stream > 0: // mixed
		case be.c >= 0:
			c = i
		case be.r.one == oneBMI2 || be.r.one == oneAVX512:
			pair = append(pair, be)
		}
	}
	if len(pair) == 0 || c < 0 {
		b.Skip("needs an assembly kernel and a C kernel")
	}
	pair = append(pair, backends()[c])
	in := make([]byte, 1<<14)
	var out [32]byte
	for _, n := range []int{0, 32, 136, 272, 512, 1024, 2048, 4096, 1 << 14} {
		for _, be := range pair {
			b.Run("hash"+itoa5(n)+"/"+be.label, func(b *testing.B) {
				b.SetBytes(int64(n))
				for b.Loop() {
					be.hash(136, 0x06, in[:n], nil, out[:], 24)
				}
			})
			b.Run("absorb"+itoa5(n)+"/"+be.label, func(b *testing.B) {
				var a [25]uint64
				b.SetBytes(int64(n))
				for b.Loop() {
					be.absorb(&a, 136, 136, in[:n], 24)
				}
			})
		}
	}
}

// itoa5 is n in five digits, so that sizes sort.
func itoa5(n int) string {
	s := []byte("00000")
	for i := 4; n > 0; i-- {
		s[i] = byte('0' + n%10)
		n /= 10
	}
	return string(s)
}

// BenchmarkWideCalls times the several-state calls (4 states, leaves,
// batches) of the Go-assembly backends with a 4-way kernel and of the
// fastest C kernel, at sizes around where a mixed route could move them
// between the two (mixedRoute).
func BenchmarkWideCalls(b *testing.B) {
	var pair []backend
	for _, be := range backends() {
		if be.c < 0 && be.r.four != fourLoop || be.c >= 0 && be.r.toC.stream == 0 {
			pair = append(pair, be)
		}
	}
	if len(pair) < 2 || pair[len(pair)-1].c < 0 {
		b.Skip("needs a 4-way assembly kernel and a C kernel")
	}
	pair = append(pair[:len(pair)-1:len(pair)-1], pair[len(pair)-1]) // the fastest C kernel last
	in := make([]byte, 1<<20)
	var a4 [4][25]uint64
	for _, n := range []int{0, 168, 672, 2016, 8064, 32256} {
		for _, be := range pair {
			p := [4][]byte{in[:n], in[n : 2*n], in[2*n : 3*n], in[3*n : 4*n]}
			b.Run("absorb4_"+itoa5(n)+"/"+be.label, func(b *testing.B) {
				for b.Loop() {
					if n == 0 {
						be.permute4(&a4, 12)
					} else {
						be.absorb4(&a4, 168, &p, 12)
					}
				}
			})
		}
	}
	l := LeafSpec{BlockLen: 8192, Rate: 168, DS: 0x0B, Rounds: 12, CVLen: 32}
	cv := make([]byte, 32*128)
	for _, n := range []int{1, 4, 8, 16, 64, 128} {
		for _, be := range pair {
			b.Run("leaves"+itoa5(n)+"/"+be.label, func(b *testing.B) {
				for b.Loop() {
					be.leaves(&l, in[:n*8192], cv[:32*n])
				}
			})
		}
	}
	msgs := make([][]byte, 64)
	for i := range msgs {
		msgs[i] = in[64*i : 64*i+64]
	}
	dst := make([][32]byte, 64)
	for _, n := range []int{1, 2, 4, 8, 16, 64} {
		for _, be := range pair {
			b.Run("batch"+itoa5(n)+"/"+be.label, func(b *testing.B) {
				for b.Loop() {
					be.batch(136, 0x06, msgs[:n], dst[:n], 24)
				}
			})
		}
	}
}
