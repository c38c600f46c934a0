package checked

import (
	"math"
	"math/bits"
	"testing"
)

// Counts whose byte lengths wrap around to 16 and 32 in int arithmetic on
// this platform (2^60+1 and 2^59+1 where int has 64 bits).
var (
	wraps16 = Wrapping(16)
	wraps32 = Wrapping(32)
)

func TestProduct(t *testing.T) {
	cases := []struct {
		factors []int
		want    int
		ok      bool
	}{
		{nil, 1, true},
		{[]int{16, 3, 5}, 240, true},
		{[]int{16, wraps16}, 0, false},
		{[]int{32, wraps32, 1}, 0, false},
		{[]int{16, math.MaxInt}, 0, false},
		{[]int{math.MaxInt, 1}, math.MaxInt, true},
		{[]int{16, -1}, 0, false},
		{[]int{-1, -1}, 0, false}, // the product is positive, a length is not
		{[]int{0, math.MaxInt, math.MaxInt}, 0, true},
		{[]int{math.MaxInt, math.MaxInt, 0}, 0, true},
		{[]int{0, -1}, 0, false},
	}
	for _, c := range cases {
		got, ok := Product(c.factors...)
		if got != c.want || ok != c.ok {
			t.Errorf("Product(%v) = %d, %v; want %d, %v", c.factors, got, ok, c.want, c.ok)
		}
	}
	if n := wraps16; 16*n != 16 || 32*wraps32 != 32 || wraps16 != 1<<(bits.UintSize-4)+1 {
		t.Fatal("Wrapping gives a count that does not wrap")
	}
	if !Len(48, 16, 3) || Len(16, 16, wraps16) || Len(0, 16, -1) {
		t.Error("Len disagrees with Product")
	}
}

func TestProductNoAlloc(t *testing.T) {
	n := 3
	if a := testing.AllocsPerRun(100, func() { Len(48, 16, n) }); a != 0 {
		t.Errorf("%v allocations", a)
	}
}

func TestAdd(t *testing.T) {
	cases := []struct{ a, b, want int }{
		{0, 0, 0}, {3, 4, 7}, {math.MaxInt - 5, 5, math.MaxInt}, {0, math.MaxInt, math.MaxInt},
	}
	for _, c := range cases {
		if got, ok := Add(c.a, c.b); got != c.want || !ok {
			t.Errorf("Add(%d, %d) = %d, %v; want %d, true", c.a, c.b, got, ok, c.want)
		}
	}
	for _, c := range [][2]int{{math.MaxInt, 1}, {math.MaxInt/2 + 1, math.MaxInt/2 + 1}, {-1, 2}, {2, -1}} {
		if got, ok := Add(c[0], c[1]); ok || got != 0 {
			t.Errorf("Add(%d, %d) = %d, %v; want 0, false", c[0], c[1], got, ok)
		}
	}
}

// Need panics with its message exactly when the condition fails.
func TestNeed(t *testing.T) {
	Need(true, "unused")
	defer func() {
		if r := recover(); r != "pkg: bad length" {
			t.Fatalf("Need(false, msg) panicked with %v, want msg", r)
		}
	}()
	Need(false, "pkg: bad length")
	t.Fatal("Need(false, msg) returned")
}
