package poplar1

import (
	"errors"

	"github.com/go-xkcp/keccak/idpf"
)

// AggInit returns an empty aggregate share for ap: one zero per prefix.
func (p *Poplar1) AggInit(ap *AggParam) (*FieldVec, error) {
	if err := p.checkAggParam(ap); err != nil {
		return nil, err
	}
	n := len(ap.Prefixes)
	if p.isLeaf(ap.Level) {
		return &FieldVec{Leaf: make([]idpf.Field255, n)}, nil
	}
	return &FieldVec{Inner: make([]idpf.Field64, n)}, nil
}

// AggUpdate adds the output share out into the aggregate share agg, in
// place. Both must have ap's shape; if not, agg is left unchanged.
func (p *Poplar1) AggUpdate(ap *AggParam, agg, out *FieldVec) error {
	if err := p.checkAggParam(ap); err != nil {
		return err
	}
	if p.isLeaf(ap.Level) {
		return addInto[idpf.Field255](agg, out, len(ap.Prefixes))
	}
	return addInto[idpf.Field64](agg, out, len(ap.Prefixes))
}

func addInto[F elem[F]](agg, v *FieldVec, n int) error {
	if err := checkShape[F](agg, n, "aggregate share"); err != nil {
		return err
	}
	if err := checkShape[F](v, n, "share"); err != nil {
		return err
	}
	a, b := *part[F](agg), *part[F](v)
	for i := range a {
		a[i] = a[i].Add(b[i])
	}
	return nil
}

// Merge adds aggregate shares of ap (the draft's merge).
func (p *Poplar1) Merge(ap *AggParam, shares []*FieldVec) (*FieldVec, error) {
	agg, err := p.AggInit(ap)
	if err != nil {
		return nil, err
	}
	for _, s := range shares {
		if err := p.AggUpdate(ap, agg, s); err != nil {
			return nil, err
		}
	}
	return agg, nil
}

// errCount: a count does not fit 64 bits, which only a dishonest
// aggregator's share can cause at the leaf level.
var errCount = errors.New("poplar1: count does not fit 64 bits")

// Unshard adds the two aggregators' aggregate shares into the count of
// each candidate prefix (the draft's unshard).
func (p *Poplar1) Unshard(ap *AggParam, shares [2]*FieldVec) ([]uint64, error) {
	agg, err := p.Merge(ap, shares[:])
	if err != nil {
		return nil, err
	}
	counts := make([]uint64, 0, agg.Len())
	for _, x := range agg.Inner {
		counts = append(counts, x.Uint64())
	}
	for _, x := range agg.Leaf {
		b, _ := x.MarshalBinary()
		var c uint64
		for i, v := range b {
			if i >= 8 && v != 0 {
				return nil, errCount
			}
			if i < 8 {
				c |= uint64(v) << (8 * i)
			}
		}
		counts = append(counts, c)
	}
	return counts, nil
}
