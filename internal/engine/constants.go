package engine

//go:generate sh -c "python3 ../../tools/keccakf-go/gen.py | gofmt > keccakf_generic.go"

// roundConstants are the iota constants RC[0..23] of Keccak-f[1600]. They are
// derived at start-up from the spec's LFSR (FIPS 202, algorithm 5) rather than
// typed in; Keccak-p[1600, nr] uses the last nr of them.
var roundConstants = func() (rc [24]uint64) {
	lfsr := byte(1) // x^8 + x^6 + x^5 + x^4 + 1, bit i = coefficient of x^i
	for ir := range rc {
		for j := range 7 {
			if lfsr&1 == 1 {
				rc[ir] |= 1 << ((1 << j) - 1)
			}
			carry := lfsr & 0x80
			lfsr <<= 1
			if carry != 0 {
				lfsr ^= 0x71
			}
		}
	}
	return rc
}()
