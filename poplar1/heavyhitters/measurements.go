package heavyhitters

import (
	"bufio"
	"errors"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
)

// Zipf draws n measurements of bits bits: support random strings, picked
// with Zipf's law of exponent s > 1 (libprio-rs's Poplar1 benchmark uses
// support 128 and s = 1.03), so a few strings are common and most rare.
func Zipf(r *rand.Rand, n, bits, support int, s float64) [][]bool {
	strs := make([][]bool, support)
	for i := range strs {
		strs[i] = make([]bool, bits)
		for b := range strs[i] {
			strs[i][b] = r.IntN(2) == 1
		}
	}
	z := rand.NewZipf(r, s, 1, uint64(support-1))
	out := make([][]bool, n)
	for i := range out {
		out[i] = strs[z.Uint64()]
	}
	return out
}

// Expected counts measurements in the clear: the strings held at least
// threshold times, sorted as Poplar1 sorts prefixes.
func Expected(measurements [][]bool, threshold int) [][]bool {
	out, _ := ExpectedCounts(measurements, threshold)
	return out
}

// ExpectedCounts is Expected with each string's count (counts[i] is
// strs[i]'s).
func ExpectedCounts(measurements [][]bool, threshold int) (strs [][]bool, counts []uint64) {
	count := map[string]uint64{}
	byKey := map[string][]bool{}
	for _, m := range measurements {
		k := BitString(m)
		count[k]++
		byKey[k] = m
	}
	for k, c := range count {
		if c >= uint64(threshold) {
			strs = append(strs, byKey[k])
		}
	}
	slices.SortFunc(strs, func(a, b []bool) int { return strings.Compare(BitString(a), BitString(b)) })
	for _, m := range strs {
		counts = append(counts, count[BitString(m)])
	}
	return strs, counts
}

// BitString writes a measurement or prefix as '0's and '1's; such strings
// sort as Poplar1 orders prefixes.
func BitString(m []bool) string {
	b := make([]byte, len(m))
	for i, v := range m {
		b[i] = '0'
		if v {
			b[i] = '1'
		}
	}
	return string(b)
}

// FromBytes maps a measurement given as bytes (a string's UTF-8 encoding)
// to bits bits: the first bits bits of b, most significant bit of each
// byte first, padded with zero bits when b is shorter.
func FromBytes(b []byte, bits int) []bool {
	m := make([]bool, bits)
	for i := range min(bits, 8*len(b)) {
		m[i] = b[i/8]>>(7-i%8)&1 == 1
	}
	return m
}

// ToBytes is FromBytes read backwards: m packed into bytes, most
// significant bit first, the last byte padded with zero bits.
func ToBytes(m []bool) []byte {
	b := make([]byte, (len(m)+7)/8)
	for i, v := range m {
		if v {
			b[i/8] |= 0x80 >> (i % 8)
		}
	}
	return b
}

// ReadLines reads one measurement per line of r, each mapped to bits bits
// by FromBytes. Lines end at "\n"; a "\r" before it is dropped, as is a
// last "\n" at the end of the input (it does not start another line). An
// empty line is a measurement (all zero bits). Only the first bits bits
// of a line are kept, so lines may be of any length. Equal measurements
// share one slice.
func ReadLines(r io.Reader, bits int) ([][]bool, error) {
	need := (bits + 7) / 8
	br := bufio.NewReader(r)
	seen := map[string][]bool{}
	var out [][]bool
	// head keeps need+1 bytes: enough to drop a "\r" ending a line of
	// exactly need bytes.
	head := make([]byte, 0, need+1)
	total := 0 // the line's length so far
	var last byte
	for {
		chunk, err := br.ReadSlice('\n')
		end := len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if end {
			chunk = chunk[:len(chunk)-1]
		}
		head = append(head, chunk[:min(len(chunk), cap(head)-len(head))]...)
		total += len(chunk)
		if len(chunk) > 0 {
			last = chunk[len(chunk)-1]
		}
		if end || (err == io.EOF && total > 0) {
			n := total
			if last == '\r' && n > 0 {
				n--
			}
			k := head[:min(len(head), n, need)]
			m, ok := seen[string(k)]
			if !ok {
				m = FromBytes(k, bits)
				seen[string(k)] = m
			}
			out = append(out, m)
			head, total, last = head[:0], 0, 0
		}
		switch {
		case err == io.EOF:
			return out, nil
		case err != nil && !errors.Is(err, bufio.ErrBufferFull):
			return nil, err
		}
	}
}
