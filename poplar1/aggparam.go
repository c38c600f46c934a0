package poplar1

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
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
	cur := pack(ap)
	if err := cur.checkSorted(); err != nil {
		return err
	}
	if len(previous) == 0 {
		return nil
	}
	last := previous[len(previous)-1]
	if err := p.checkAggParam(last); err != nil {
		return fmt.Errorf("previous parameter: %w", err)
	}
	return cur.checkExtends(pack(last))
}

// packed is an aggregation parameter's prefixes packed as on the wire
// (MSB first, zero padded, w bytes each): for prefixes of one length,
// byte order is the draft's lexicographic order, so the rules cost a
// memcmp per prefix, not a loop over bits.
type packed struct {
	level int
	w     int
	b     []byte
}

func pack(ap *AggParam) packed {
	pk := packed{level: ap.Level, w: (ap.Level + 1 + 7) / 8}
	pk.b = make([]byte, 0, pk.w*len(ap.Prefixes))
	for _, pr := range ap.Prefixes {
		pk.b = appendBits(pk.b, pr)
	}
	return pk
}

func (pk packed) n() int          { return len(pk.b) / pk.w }
func (pk packed) at(i int) []byte { return pk.b[i*pk.w : (i+1)*pk.w] }

// checkSorted rejects prefixes that are not strictly increasing in
// lexicographic order (false before true), so also duplicates.
func (pk packed) checkSorted() error {
	for i := 1; i < pk.n(); i++ {
		if bytes.Compare(pk.at(i-1), pk.at(i)) >= 0 {
			return fmt.Errorf("poplar1: prefixes %d and %d are not unique and in lexicographic order", i-1, i)
		}
	}
	return nil
}

// checkExtends enforces the sequence rules against the last parameter
// used: a higher level, and every prefix extending one of its prefixes.
// Both lists are sorted, so the ancestors are found in one merge pass.
func (pk packed) checkExtends(last packed) error {
	if pk.level <= last.level {
		return fmt.Errorf("poplar1: level %d after level %d: levels must increase", pk.level, last.level)
	}
	anc := make([]byte, last.w)
	mask := byte(0xff) << ((8 - (last.level+1)%8) % 8) // bits of the last byte kept
	j := 0
	for i := range pk.n() {
		copy(anc, pk.at(i))
		anc[last.w-1] &= mask
		for j < last.n() && bytes.Compare(last.at(j), anc) < 0 {
			j++
		}
		if j == last.n() || !bytes.Equal(last.at(j), anc) {
			return fmt.Errorf("poplar1: prefix %d does not extend a prefix of level %d", i, last.level)
		}
	}
	return nil
}

// appendBits packs bits MSB first into ceil(len/8) bytes, zero padded,
// eight at a time.
func appendBits(b []byte, bits []bool) []byte {
	for len(bits) >= 8 {
		c := bits[:8]
		b = append(b, bit(c[0])<<7|bit(c[1])<<6|bit(c[2])<<5|bit(c[3])<<4|bit(c[4])<<3|bit(c[5])<<2|bit(c[6])<<1|bit(c[7]))
		bits = bits[8:]
	}
	if len(bits) > 0 {
		var last byte
		for i, v := range bits {
			last |= bit(v) << (7 - i)
		}
		b = append(b, last)
	}
	return b
}

func bit(v bool) byte {
	if v {
		return 1
	}
	return 0
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
// count, and non-zero padding bits after a prefix. Before allocating
// anything it also rejects what no valid parameter can be: more prefixes
// than level+1 bits tell apart (2^(level+1)), and prefixes that are not
// strictly increasing (duplicates, or out of the lexicographic order that
// ValidAggParam and Report.Init require). A parameter that decodes costs
// two allocations of 24 + level+1 bytes per prefix (a slice header and a
// bool per bit): at most 20 times its encoding plus 8.5 KiB (the most 256
// prefixes can cost at a level under 8, where each is one byte).
func (p *Poplar1) DecodeAggParam(b []byte) (*AggParam, error) {
	if len(b) < 6 {
		return nil, errors.New("poplar1: aggregation parameter truncated")
	}
	level := int(binary.BigEndian.Uint16(b))
	count := uint64(binary.BigEndian.Uint32(b[2:]))
	if level >= p.bits {
		return nil, fmt.Errorf("poplar1: level %d out of range 0..%d", level, p.bits-1)
	}
	if level+1 < 64 && count > 1<<(level+1) {
		return nil, fmt.Errorf("poplar1: %d prefixes at level %d, at most %d are distinct", count, level, uint64(1)<<(level+1))
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
	// Check on the wire bytes, where byte order is the prefixes' order.
	pk := packed{level: level, w: int(w), b: b}
	for i := range int(count) {
		if pk.at(i)[w-1]&pad != 0 {
			return nil, fmt.Errorf("poplar1: prefix %d has non-zero padding bits", i)
		}
	}
	if err := pk.checkSorted(); err != nil {
		return nil, err
	}
	ap := &AggParam{Level: level, Prefixes: make([][]bool, count)}
	bits := make([]bool, int(count)*(level+1))
	for i := range ap.Prefixes {
		c := pk.at(i)
		pr := bits[i*(level+1) : (i+1)*(level+1) : (i+1)*(level+1)]
		for j := range pr {
			pr[j] = c[j/8]&(0x80>>(j%8)) != 0
		}
		ap.Prefixes[i] = pr
	}
	return ap, nil
}
