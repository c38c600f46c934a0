package idpf

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"
)

var big64 = new(big.Int).SetUint64(Modulus64)

func edge64(r *rand.Rand) uint64 {
	edges := []uint64{0, 1, 2, eps64, eps64 + 1, 1 << 32, 1 << 63, Modulus64 - 1, Modulus64 - 2, Modulus64 - eps64}
	if r.IntN(3) == 0 {
		return edges[r.IntN(len(edges))]
	}
	return r.Uint64() % Modulus64
}

func TestField64Arithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 100000 {
		a, b := edge64(r), edge64(r)
		x, y := NewField64(a), NewField64(b)
		ba, bb := new(big.Int).SetUint64(a), new(big.Int).SetUint64(b)
		check := func(op string, got Field64, want *big.Int) {
			want.Mod(want, big64)
			if got.Uint64() != want.Uint64() {
				t.Fatalf("%d %s %d = %d, want %v", a, op, b, got.Uint64(), want)
			}
		}
		check("+", x.Add(y), new(big.Int).Add(ba, bb))
		check("-", x.Sub(y), new(big.Int).Sub(ba, bb))
		check("*", x.Mul(y), new(big.Int).Mul(ba, bb))
		check("neg", x.Neg(), new(big.Int).Neg(ba))
		if x.Equal(y) != (a == b) {
			t.Fatalf("Equal(%d, %d) wrong", a, b)
		}
	}
	// NewField64 reduces any uint64.
	for _, v := range []uint64{Modulus64, Modulus64 + 5, ^uint64(0)} {
		if got := NewField64(v).Uint64(); got != v-Modulus64 {
			t.Errorf("NewField64(%d) = %d", v, got)
		}
	}
}

func TestField64Encoding(t *testing.T) {
	var x Field64
	le := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	for _, v := range []uint64{0, 1, Modulus64 - 1} {
		if err := x.UnmarshalBinary(le(v)); err != nil || x.Uint64() != v {
			t.Errorf("UnmarshalBinary(%d) = %d, %v", v, x.Uint64(), err)
		}
		if b, _ := x.MarshalBinary(); !bytes.Equal(b, le(v)) {
			t.Errorf("MarshalBinary(%d) = %x", v, b)
		}
	}
	for _, v := range []uint64{Modulus64, Modulus64 + 1, ^uint64(0)} {
		if err := x.UnmarshalBinary(le(v)); err == nil {
			t.Errorf("UnmarshalBinary accepted %d >= p", v)
		}
		if _, ok := sampleField64(le(v)); ok {
			t.Errorf("sampleField64 accepted %d >= p", v)
		}
	}
	if _, ok := sampleField64(le(Modulus64 - 1)); !ok {
		t.Error("sampleField64 rejected p-1")
	}
	for _, n := range []int{0, 7, 9} {
		if err := x.UnmarshalBinary(make([]byte, n)); err == nil {
			t.Errorf("UnmarshalBinary accepted %d bytes", n)
		}
	}
}

func leBytes(v *big.Int) []byte {
	be := v.FillBytes(make([]byte, 32))
	for i := 0; i < 16; i++ {
		be[i], be[31-i] = be[31-i], be[i]
	}
	return be
}

func TestField255Arithmetic(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	pm1 := new(big.Int).Sub(modulus255, big.NewInt(1))
	for i := range 20000 {
		var a, b *big.Int
		switch i % 4 {
		case 0:
			a, b = pm1, new(big.Int).SetBytes(randBytes(r, 31))
		case 1:
			a, b = big.NewInt(0), pm1
		default:
			a = new(big.Int).Mod(new(big.Int).SetBytes(randBytes(r, 32)), modulus255)
			b = new(big.Int).Mod(new(big.Int).SetBytes(randBytes(r, 32)), modulus255)
		}
		x, y := field255FromBig(t, a), field255FromBig(t, b)
		check := func(op string, got Field255, want *big.Int) {
			want.Mod(want, modulus255)
			if field255ToBig(got).Cmp(want) != 0 {
				t.Fatalf("%v %s %v = %v, want %v", a, op, b, field255ToBig(got), want)
			}
		}
		check("+", x.Add(y), new(big.Int).Add(a, b))
		check("-", x.Sub(y), new(big.Int).Sub(a, b))
		check("*", x.Mul(y), new(big.Int).Mul(a, b))
		check("neg", x.Neg(), new(big.Int).Neg(a))
	}
	if field255ToBig(NewField255(^uint64(0))).Cmp(new(big.Int).SetUint64(^uint64(0))) != 0 {
		t.Error("NewField255(2^64-1) wrong")
	}
}

func TestField255Encoding(t *testing.T) {
	var x Field255
	two255 := new(big.Int).Lsh(big.NewInt(1), 255)
	bad := []*big.Int{
		modulus255,
		new(big.Int).Add(modulus255, big.NewInt(1)),
		new(big.Int).Sub(two255, big.NewInt(1)),
	}
	for _, v := range bad {
		if err := x.UnmarshalBinary(leBytes(v)); err == nil {
			t.Errorf("UnmarshalBinary accepted %v >= p", v)
		}
		if _, ok := sampleField255(leBytes(v)); ok {
			t.Errorf("sampleField255 accepted %v", v)
		}
	}
	// Bit 255 set: not canonical, but sampling masks it off first.
	five := leBytes(big.NewInt(5))
	five[31] |= 0x80
	if err := x.UnmarshalBinary(five); err == nil {
		t.Error("UnmarshalBinary accepted bit 255")
	}
	if e, ok := sampleField255(five); !ok || !e.Equal(NewField255(5)) {
		t.Error("sampleField255 did not mask bit 255")
	}
	// p with bit 255 set masks to p: rejected.
	pTop := leBytes(modulus255)
	pTop[31] |= 0x80
	if _, ok := sampleField255(pTop); ok {
		t.Error("sampleField255 accepted p | 2^255")
	}
	pm1 := leBytes(new(big.Int).Sub(modulus255, big.NewInt(1)))
	if err := x.UnmarshalBinary(pm1); err != nil {
		t.Errorf("UnmarshalBinary rejected p-1: %v", err)
	}
	if b, _ := x.MarshalBinary(); !bytes.Equal(b, pm1) {
		t.Error("p-1 does not round-trip")
	}
	for _, n := range []int{0, 31, 33} {
		if err := x.UnmarshalBinary(make([]byte, n)); err == nil {
			t.Errorf("UnmarshalBinary accepted %d bytes", n)
		}
	}
}

// next_vec with rejections, on a fake stream: rejected chunks are consumed
// and sampling continues with the next chunk, from the buffer and then from
// the "more" source.
func TestSampleVecRejection(t *testing.T) {
	le := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	buf := append(append(le(7), le(Modulus64)...), le(9)...) // 7, rejected, 9
	more := [][]byte{le(^uint64(0)), le(11), le(12)}         // rejected, 11, 12
	calls := 0
	out := make([]Field64, 3)
	sampleVec(out, buf, Field64Size, sampleField64, func(c []byte) { copy(c, more[calls]); calls++ })
	if out[0].Uint64() != 7 || out[1].Uint64() != 9 || out[2].Uint64() != 11 || calls != 2 {
		t.Errorf("got %d %d %d after %d extra chunks", out[0].Uint64(), out[1].Uint64(), out[2].Uint64(), calls)
	}
	p255 := leBytes(modulus255)
	buf = append(append([]byte{}, p255...), leBytes(big.NewInt(3))...)
	out255 := make([]Field255, 1)
	sampleVec(out255, buf, Field255Size, sampleField255, func([]byte) { t.Fatal("read past buffer") })
	if !out255[0].Equal(NewField255(3)) {
		t.Error("Field255 rejection sampling did not skip p")
	}
}
