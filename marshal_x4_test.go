package keccak

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// x4Parts returns four slices of p's four rows from off to off+n.
func x4Parts(p *[4][]byte, off, n int) [4][]byte {
	var s [4][]byte
	for i := range s {
		s[i] = p[i][off : off+n]
	}
	return s
}

// x4Out reads n bytes from each instance of x.
func x4Out(x *SHAKEx4, n int) [4][]byte {
	var out [4][]byte
	for i := range out {
		out[i] = make([]byte, n)
	}
	x.Read(out)
	return out
}

// A state saved at any point (mid-block, on a block boundary, after Reads
// that end mid-block or on one) resumes to the same streams; each
// instance's part of the encoding is a crypto/sha3 SHAKE state that
// continues that instance alone.
func TestSHAKEx4MarshalResumes(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 4))
	for _, c := range []struct {
		make func() *SHAKEx4
		std  func() *sha3.SHAKE
		rate int
	}{{NewSHAKE128x4, sha3.NewSHAKE128, 168}, {NewSHAKE256x4, sha3.NewSHAKE256, 136}} {
		var in [4][]byte
		for i := range in {
			in[i] = randomBytes(r, 3*c.rate+5)
		}
		for _, cut := range []int{0, 1, c.rate - 1, c.rate, c.rate + 1, 3*c.rate + 5} {
			for _, read := range []int{-1, 0, 1, c.rate, c.rate + 7, 2 * c.rate} {
				whole := c.make()
				whole.Write(in)
				want := x4Out(whole, 2*c.rate+50)

				x := c.make()
				x.Write(x4Parts(&in, 0, cut))
				skip := 0
				if read >= 0 {
					x.Write(x4Parts(&in, cut, len(in[0])-cut))
					x4Out(x, read)
					skip = read
				}
				b, err := x.MarshalBinary()
				require.NoError(t, err)
				require.Len(t, b, shakex4StateSize)
				b2, err := x.AppendBinary([]byte("prefix"))
				require.NoError(t, err)
				require.Equal(t, b, b2[len("prefix"):])

				y := c.make()
				require.NoError(t, y.UnmarshalBinary(b))
				if read < 0 {
					y.Write(x4Parts(&in, cut, len(in[0])-cut))
					x.Write(x4Parts(&in, cut, len(in[0])-cut))
				}
				got := x4Out(y, len(want[0])-skip)
				require.Equal(t, x4Out(x, len(want[0])-skip), got, "cut %d read %d", cut, read)
				for i := range got {
					require.Equal(t, want[i][skip:], got[i], "cut %d read %d instance %d", cut, read, i)

					// Instance i's part alone, in crypto/sha3 and here.
					part := b[5+i*marshaledSize : 5+(i+1)*marshaledSize]
					std, ours := c.std(), NewSHAKE128()
					if c.rate == 136 {
						ours = NewSHAKE256()
					}
					require.NoError(t, std.UnmarshalBinary(part))
					require.NoError(t, ours.UnmarshalBinary(part))
					if read < 0 {
						std.Write(in[i][cut:])
						ours.Write(in[i][cut:])
					}
					s1, s2 := make([]byte, len(got[i])), make([]byte, len(got[i]))
					std.Read(s1)
					ours.Read(s2)
					require.Equal(t, want[i][skip:], s1, "crypto/sha3, instance %d", i)
					require.Equal(t, want[i][skip:], s2, "SHAKE, instance %d", i)
				}
			}
		}
	}
}

// checkSHAKEx4Unmarshal loads b into a SHAKE128x4 and a SHAKE256x4 that
// have absorbed some input: on error each must be unchanged, on success it
// must marshal back to b.
func checkSHAKEx4Unmarshal(t *testing.T, b []byte) {
	for _, mk := range []func() *SHAKEx4{NewSHAKE128x4, NewSHAKE256x4} {
		x := mk()
		x.Write([4][]byte{[]byte("a"), []byte("b"), []byte("c"), []byte("d")})
		before, _ := x.MarshalBinary()
		if err := x.UnmarshalBinary(b); err != nil {
			after, _ := x.MarshalBinary()
			require.Equal(t, before, after, "a refused state changed the hash")
			continue
		}
		again, err := x.MarshalBinary()
		require.NoError(t, err)
		require.Equal(t, b, again, "a loaded state marshals to the bytes it came from")
	}
}

// Bad input returns an error and leaves the state as it was: every
// truncation, extensions, other types and rates, instances out of
// lockstep, bad offsets and directions, and random mutations.
func TestSHAKEx4UnmarshalRejects(t *testing.T) {
	x := NewSHAKE128x4()
	x.Write([4][]byte{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}})
	x4Out(x, 10)
	good, err := x.MarshalBinary()
	require.NoError(t, err)
	for n := range good {
		require.ErrorIs(t, NewSHAKE128x4().UnmarshalBinary(good[:n]), errBadState, "cut to %d", n)
		checkSHAKEx4Unmarshal(t, good[:n])
	}
	require.ErrorIs(t, NewSHAKE128x4().UnmarshalBinary(append(bytes.Clone(good), 0)), errBadState)

	err = NewSHAKE256x4().UnmarshalBinary(good)
	require.ErrorIs(t, err, errWrongMagic)
	require.Contains(t, err.Error(), "a SHAKE128x4 state, loaded into SHAKE256x4")
	sum, _ := New256().MarshalBinary()
	err = NewSHAKE128x4().UnmarshalBinary(sum)
	require.ErrorIs(t, err, errWrongMagic)
	require.Contains(t, err.Error(), "a SHA3 state, loaded into SHAKE128x4")

	at := func(i, field int) int { return 5 + i*marshaledSize + field }
	const rateAt, nAt, dirAt = 4, 4 + 1 + 200, 4 + 1 + 200 + 1
	for _, c := range []struct {
		name string
		pos  int
		val  byte
	}{
		{"version", 4, 2},
		{"inner magic", at(2, 3), 0x08},
		{"one instance's offset", at(3, nAt), 11},
		{"one instance's direction", at(1, dirAt), 0},
		{"direction 2", at(0, dirAt), 2},
		{"offset past the rate", at(0, nAt), 169},
		{"one instance's rate", at(2, rateAt), 136},
	} {
		b := bytes.Clone(good)
		b[c.pos] = c.val
		if c.name == "offset past the rate" {
			for i := range 4 {
				b[at(i, nAt)] = c.val
			}
		}
		require.Error(t, NewSHAKE128x4().UnmarshalBinary(b), c.name)
		checkSHAKEx4Unmarshal(t, b)
	}

	r := rand.New(rand.NewPCG(833, 4))
	for range pick(testing.Short(), 300, 3000) {
		b := bytes.Clone(good)
		for range 1 + r.IntN(3) {
			b[r.IntN(len(b))] ^= byte(1 + r.IntN(255))
		}
		checkSHAKEx4Unmarshal(t, b)
	}
	require.Panics(t, func() { var z SHAKEx4; z.UnmarshalBinary(good) })
	require.Panics(t, func() { var z SHAKEx4; z.MarshalBinary() })
}
