package keccak_test

import (
	"bytes"
	"fmt"

	"github.com/go-xkcp/keccak"
)

func ExampleSum256() {
	fmt.Printf("%x\n", keccak.Sum256([]byte("abc")))
	// Output: 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
}

func ExampleNewSHAKE128() {
	x := keccak.NewSHAKE128()
	x.Write([]byte("abc"))
	out := make([]byte, 16)
	x.Read(out)
	fmt.Printf("%x\n", out)
	// Output: 5881092dd818bf5cf8a3ddb793fbcba7
}

func ExampleNewCSHAKE256() {
	x := keccak.NewCSHAKE256([]byte("my protocol"), []byte("v1"))
	x.Write([]byte("message"))
	out := make([]byte, 32)
	x.Read(out)
	fmt.Println(len(out))
	// Output: 32
}

func ExampleSumTurboSHAKE128() {
	fmt.Printf("%x\n", keccak.SumTurboSHAKE128(nil, 0x1F, 32))
	// Output: 1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c
}

func ExampleSumSHAKE128x4() {
	// Four ML-KEM style matrix-sampling streams at once.
	seeds := [4][]byte{[]byte("seed0"), []byte("seed1"), []byte("seed2"), []byte("seed3")}
	out := keccak.SumSHAKE128x4(seeds, 504)
	fmt.Println(len(out[3]), string(keccak.SumSHAKE128(seeds[3], 504)) == string(out[3]))
	// Output: 504 true
}

func ExampleSumSHAKE256x4() {
	// ML-KEM's PRF for eta = 2: SHAKE256(sigma || N) to 64*eta bytes, for
	// four counters N at once (sigma is a secret seed in key generation).
	sigma := make([]byte, 32)
	var in [4][]byte
	for n := range in {
		in[n] = append(append([]byte(nil), sigma...), byte(n))
	}
	out := keccak.SumSHAKE256x4(in, 128)
	for n := range out {
		fmt.Printf("PRF(N=%d) = %x... %v\n", n, out[n][:8], string(out[n]) == string(keccak.SumSHAKE256(in[n], 128)))
	}
	// Output:
	// PRF(N=0) = c03fcc81e7360987... true
	// PRF(N=1) = d3593e6fc40e08fc... true
	// PRF(N=2) = 14e32ed12890f76b... true
	// PRF(N=3) = 3dc2375af3aa2b4c... true
}

func ExamplePermute() {
	var state [25]uint64
	keccak.Permute(&state, 24) // Keccak-f[1600]
	fmt.Printf("%016x\n", state[0])
	// Output: f1258f7940e1dde7
}

func ExampleBackend() {
	fmt.Println(keccak.Backend() != "")
	// Output: true
}

func ExampleSumKT128() {
	fmt.Printf("%x\n", keccak.SumKT128(nil, nil, 32))
	// Output: 1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5
}

func ExampleAppendKT128() {
	// RFC 9861's first two KT128 vectors: the empty message, and ptn(1) = 00.
	out := make([]byte, 0, 32) // reused: no allocation per hash
	for _, msg := range [][]byte{nil, {0x00}} {
		out = keccak.AppendKT128(out[:0], msg, nil, 32)
		fmt.Printf("%x\n", out)
	}
	// Output:
	// 1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5
	// 2bda92450e8b147f8a7cb629e784a058efca7cf7d8218e02d345dfaa65244a1f
}

func ExampleNewKT256() {
	h := keccak.NewKT256([]byte("customization"))
	h.SetParallelism(1) // no goroutines
	h.Write([]byte("a large message, streamed"))
	fmt.Println(len(h.Sum(nil)))
	// Output: 64
}

func ExampleKT_ReadFrom() {
	// ReadFrom reads straight into the KT's stage buffers, and the other
	// cores hash full stages while the next ones are read. io.Copy from an
	// *os.File into a KT ends up here.
	msg := bytes.Repeat([]byte("streamed "), 1<<20)
	h := keccak.NewKT128(nil)
	n, err := h.ReadFrom(bytes.NewReader(msg))
	if err != nil {
		panic(err)
	}
	fmt.Println(n, bytes.Equal(h.Sum(nil), keccak.SumKT128(msg, nil, 32)))
	// Output: 9437184 true
}

func ExampleSHAKEx4_MarshalBinary() {
	x := keccak.NewSHAKE128x4()
	x.Write([4][]byte{[]byte("a"), []byte("b"), []byte("c"), []byte("d")})
	first := [4][]byte{make([]byte, 8), make([]byte, 8), make([]byte, 8), make([]byte, 8)}
	x.Read(first)

	saved, _ := x.MarshalBinary()
	y := keccak.NewSHAKE128x4()
	if err := y.UnmarshalBinary(saved); err != nil {
		panic(err)
	}
	next := [4][]byte{make([]byte, 8), make([]byte, 8), make([]byte, 8), make([]byte, 8)}
	y.Read(next) // continues each stream after its first 8 bytes

	whole := keccak.SumSHAKE128([]byte("c"), 16)
	fmt.Println(len(saved), string(next[2]) == string(whole[8:]))
	// Output: 833 true
}
