package poplar1

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// AggParam is the aggregation parameter: a level of the prefix tree and
// the candidate prefixes at that level (level+1 bits each, level 0 first),
// unique and in lexicographic order.
type AggParam struct {
	Level    int
	Prefixes [][]bool
}

// check verifies ap against p: the level is in range and every prefix has
// level+1 bits.
func (p *Poplar1) checkAggParam(ap *AggParam) error {
	if ap == nil {
		return errors.New("poplar1: no aggregation parameter")
	}
	if ap.Level < 0 || ap.Level >= p.bits {
		return fmt.Errorf("poplar1: level %d out of range 0..%d", ap.Level, p.bits-1)
	}
	for i, pr := range ap.Prefixes {
		if len(pr) != ap.Level+1 {
			return fmt.Errorf("poplar1: prefix %d has %d bits at level %d, want %d", i, len(pr), ap.Level, ap.Level+1)
		}
	}
	return nil
}

// ValidAggParam is the draft's is_valid with reasons: it returns nil if
// ap may be used for reports that were already verified with each of
// previous (oldest first). The prefixes must be unique and sorted; after
// earlier parameters, the level must be above the last one's and every
// prefix must extend one of the last one's prefixes. A report must never
// be verified twice at the same level: that would reuse its correlated
// randomness. Lengths and levels are checked against BITS too.
func (p *Poplar1) ValidAggParam(ap *AggParam, previous []*AggParam) error {
	if err := p.checkAggParam(ap); err != nil {
		return err
	}
	if err := checkSorted(ap.Prefixes); err != nil {
		return err
	}
	if len(previous) == 0 {
		return nil
	}
	last := previous[len(previous)-1]
	if err := p.checkAggParam(last); err != nil {
		return fmt.Errorf("previous parameter: %w", err)
	}
	return checkExtends(ap, last.Level, prefixSet(last.Prefixes))
}

// checkSorted rejects prefixes that are not strictly increasing in
// lexicographic order (false before true), so also duplicates.
func checkSorted(prefixes [][]bool) error {
	for i := 1; i < len(prefixes); i++ {
		if compareBits(prefixes[i-1], prefixes[i]) >= 0 {
			return fmt.Errorf("poplar1: prefixes %d and %d are not unique and in lexicographic order", i-1, i)
		}
	}
	return nil
}

func compareBits(a, b []bool) int {
	return slices.CompareFunc(a, b, func(x, y bool) int {
		switch {
		case x == y:
			return 0
		case y:
			return -1
		}
		return 1
	})
}

// checkExtends enforces the sequence rules against the last parameter
// used: a higher level, and every prefix extending one of its prefixes.
func checkExtends(ap *AggParam, lastLevel int, last map[string]bool) error {
	if ap.Level <= lastLevel {
		return fmt.Errorf("poplar1: level %d after level %d: levels must increase", ap.Level, lastLevel)
	}
	for i, pr := range ap.Prefixes {
		if !last[bitsKey(pr[:lastLevel+1])] {
			return fmt.Errorf("poplar1: prefix %d does not extend a prefix of level %d", i, lastLevel)
		}
	}
	return nil
}

// packedSet is the set of packed prefixes of nbits bits each in b.
func packedSet(b []byte, nbits int) map[string]bool {
	w := (nbits + 7) / 8
	m := make(map[string]bool, len(b)/w)
	for i := 0; i < len(b); i += w {
		m[string(b[i:i+w])] = true
	}
	return m
}

func prefixSet(prefixes [][]bool) map[string]bool {
	m := make(map[string]bool, len(prefixes))
	for _, pr := range prefixes {
		m[bitsKey(pr)] = true
	}
	return m
}

// bitsKey packs a prefix into a map key.
func bitsKey(pr []bool) string { return string(appendBits(nil, pr)) }

// appendBits packs bits MSB first into ceil(len/8) bytes, zero padded.
func appendBits(b []byte, bits []bool) []byte {
	n := len(b)
	b = append(b, make([]byte, (len(bits)+7)/8)...)
	for i, v := range bits {
		if v {
			b[n+i/8] |= 0x80 >> (i % 8)
		}
	}
	return b
}

// MarshalBinary encodes ap as the draft does: the level (2 bytes), the
// number of prefixes (4 bytes), both big-endian, then each prefix packed
// MSB first into ceil((level+1)/8) bytes.
func (ap *AggParam) MarshalBinary() ([]byte, error) {
	if ap.Level < 0 || ap.Level >= 1<<16 {
		return nil, fmt.Errorf("poplar1: level %d does not fit 16 bits", ap.Level)
	}
	if uint64(len(ap.Prefixes)) >= 1<<32 {
		return nil, errors.New("poplar1: too many prefixes")
	}
	w := (ap.Level + 1 + 7) / 8
	b := make([]byte, 6, 6+w*len(ap.Prefixes))
	binary.BigEndian.PutUint16(b, uint16(ap.Level))
	binary.BigEndian.PutUint32(b[2:], uint32(len(ap.Prefixes)))
	for i, pr := range ap.Prefixes {
		if len(pr) != ap.Level+1 {
			return nil, fmt.Errorf("poplar1: prefix %d has %d bits at level %d", i, len(pr), ap.Level)
		}
		b = appendBits(b, pr)
	}
	return b, nil
}

// DecodeAggParam parses an encoded aggregation parameter for p. It rejects
// a level outside 0..BITS-1, a length that does not match the prefix
// count, and non-zero padding bits after a prefix. (Order and uniqueness
// are ValidAggParam's and VerifyInit's to check.)
func (p *Poplar1) DecodeAggParam(b []byte) (*AggParam, error) {
	if len(b) < 6 {
		return nil, errors.New("poplar1: aggregation parameter truncated")
	}
	level := int(binary.BigEndian.Uint16(b))
	count := uint64(binary.BigEndian.Uint32(b[2:]))
	if level >= p.bits {
		return nil, fmt.Errorf("poplar1: level %d out of range 0..%d", level, p.bits-1)
	}
	w := uint64(level+1+7) / 8
	b = b[6:]
	if uint64(len(b)) != count*w {
		return nil, fmt.Errorf("poplar1: aggregation parameter has %d prefix bytes, want %d", len(b), count*w)
	}
	pad := byte(0xff) >> ((level + 1) % 8) // unused low bits of the last byte
	if (level+1)%8 == 0 {
		pad = 0
	}
	ap := &AggParam{Level: level, Prefixes: make([][]bool, count)}
	bits := make([]bool, int(count)*(level+1))
	for i := range ap.Prefixes {
		c := b[uint64(i)*w : uint64(i+1)*w]
		if c[w-1]&pad != 0 {
			return nil, fmt.Errorf("poplar1: prefix %d has non-zero padding bits", i)
		}
		pr := bits[i*(level+1) : (i+1)*(level+1) : (i+1)*(level+1)]
		for j := range pr {
			pr[j] = c[j/8]&(0x80>>(j%8)) != 0
		}
		ap.Prefixes[i] = pr
	}
	return ap, nil
}
