package keccak_test

import (
	"fmt"

	"github.com/go-xkcp/keccak"
)

// mlkemQ is ML-KEM's modulus q (FIPS 203).
const mlkemQ = 3329

// sampleNTTInto is the parsing step of FIPS 203's SampleNTT (Algorithm 7):
// each three bytes b0 b1 b2 of the stream give two 12-bit candidates,
// b0 + 256*(b1 mod 16) and b1/16 + 16*b2, each kept if below q, until the
// 256 coefficients of a are filled. filled is how many a has; the new
// count is returned. len(stream) is a multiple of 3.
func sampleNTTInto(a *[256]uint16, filled int, stream []byte) int {
	for k := 0; k+3 <= len(stream) && filled < len(a); k += 3 {
		d1 := uint16(stream[k]) | uint16(stream[k+1]&0x0f)<<8
		d2 := uint16(stream[k+1]>>4) | uint16(stream[k+2])<<4
		if d1 < mlkemQ {
			a[filled] = d1
			filled++
		}
		if d2 < mlkemQ && filled < len(a) {
			a[filled] = d2
			filled++
		}
	}
	return filled
}

// sampleRowx4 samples row i of ML-KEM's matrix Â (k entries, 2 <= k <= 4):
// entry j is SampleNTT(rho || j || i), the SHAKE128 streams of all k
// entries running in lockstep on one SHAKEx4. Each round reads one
// SHAKE128 block (168 bytes, 56 candidate pairs) from every stream,
// continuing where the previous Read stopped, and parses each stream whose
// entry is not yet full. Instances past k hash a dummy input and their
// output goes unused.
func sampleRowx4(rho []byte, i byte, k int) [][256]uint16 {
	x := keccak.NewSHAKE128x4()
	var in [4][]byte
	for j := range in {
		in[j] = append(append(make([]byte, 0, len(rho)+2), rho...), byte(j), i)
	}
	x.Write(in)
	row := make([][256]uint16, k)
	filled := make([]int, k)
	var blocks [4][168]byte
	for full := 0; full < k; {
		x.Read([4][]byte{blocks[0][:], blocks[1][:], blocks[2][:], blocks[3][:]})
		full = 0
		for j := range row {
			filled[j] = sampleNTTInto(&row[j], filled[j], blocks[j][:])
			if filled[j] == len(row[j]) {
				full++
			}
		}
	}
	return row
}

// sampleRowOneByOne samples the same row as sampleRowx4, one SHAKE128
// stream per entry, each squeezed three bytes at a time as FIPS 203's
// SampleNTT is written.
func sampleRowOneByOne(rho []byte, i byte, k int) [][256]uint16 {
	row := make([][256]uint16, k)
	for j := range row {
		x := keccak.NewSHAKE128()
		x.Write(rho)
		x.Write([]byte{byte(j), i})
		var c [3]byte
		for filled := 0; filled < len(row[j]); {
			x.Read(c[:])
			filled = sampleNTTInto(&row[j], filled, c[:])
		}
	}
	return row
}

// Sampling a row of ML-KEM-768's matrix Â (k = 3) as key generation does:
// three SHAKE128 streams of rho || j || i, read a block at a time in
// lockstep, with rejection sampling of 12-bit values below q = 3329. The
// result is checked against the same sampling done one stream at a time.
func ExampleSHAKEx4_mlkemMatrixRow() {
	rho := make([]byte, 32) // the public seed; from G(d || k) in a real key generation
	for b := range rho {
		rho[b] = byte(b)
	}
	const k = 3
	row := sampleRowx4(rho, 0, k)
	for j := range row {
		fmt.Printf("A[0][%d] = %v ...\n", j, row[j][:6])
	}

	want := sampleRowOneByOne(rho, 0, k)
	same := true
	for j := range row {
		same = same && row[j] == want[j]
	}
	fmt.Println("same as one stream at a time:", same)
	// Output:
	// A[0][0] = [481 1919 1434 2359 327 1066] ...
	// A[0][1] = [797 993 161 6 2608 2385] ...
	// A[0][2] = [346 2006 2853 1737 2925 1] ...
	// same as one stream at a time: true
}
