// Package checked does the length arithmetic of the entry points that hand
// buffers to C: a product that wraps around would let a short buffer pass
// a length check and C write past its end, so every such product is
// computed here, where it cannot wrap.
package checked

import (
	"math"
	"math/bits"
)

// Product returns the product of the factors and true when every factor is
// non-negative and the exact product fits in an int; otherwise 0 and false.
// A zero factor makes the product 0 whatever the others are.
func Product(factors ...int) (int, bool) {
	zero := false
	for _, f := range factors {
		if f < 0 {
			return 0, false
		}
		zero = zero || f == 0
	}
	if zero {
		return 0, true
	}
	p := uint(1)
	for _, f := range factors {
		hi, lo := bits.Mul(p, uint(f))
		if hi != 0 || lo > math.MaxInt {
			return 0, false
		}
		p = lo
	}
	return int(p), true
}

// Len reports whether n equals the exact product of the factors, every
// factor non-negative: the check "len(buf) == a*b*c" without wrap-around.
func Len(n int, factors ...int) bool {
	p, ok := Product(factors...)
	return ok && p == n
}

// Wrapping is a count n whose product size*n wraps around to size in int
// arithmetic (2^60+1 for size 16 on 64 bits), for a power-of-two size: the
// count every length check must reject. Tests use it.
func Wrapping(size int) int { return int(^uint(0)/uint(size)) + 2 }

// Add returns a+b and true when both are non-negative and the sum fits in
// an int (a running total of buffer lengths); otherwise 0 and false.
func Add(a, b int) (int, bool) {
	if a < 0 || b < 0 || b > math.MaxInt-a {
		return 0, false
	}
	return a + b, true
}

// Need panics with msg unless ok: the checks before a C call, which the
// callers' own validation never trips, so a failure is a bug in the
// caller, not bad input.
func Need(ok bool, msg string) {
	if !ok {
		panic(msg)
	}
}
