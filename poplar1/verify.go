package poplar1

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/go-xkcp/keccak/idpf"
)

// Report is one aggregator's side of one report over a walk down the
// prefix tree. It derives the IDPF's XOF keys once, keeps the tree nodes
// of the last parameter's prefixes and its place in the inner correlation
// stream, so that verifying the report level after level costs one tree
// step per prefix; and it enforces the draft's rules for a sequence of aggregation
// parameters (ValidAggParam) on every Init, so the report can never be
// verified twice at one level. It holds secret key material and is not
// safe for concurrent use.
//
// Memory: besides its shares and what NewReport makes (linear in BITS),
// after an Init with n prefixes at level L a Report holds at most
// n*(3*(L+1) + 1024) + 16384 bytes, whatever the earlier parameters were:
// the tree nodes of those n prefixes only (an idpf.NewWalkCache), the
// parameter's packed prefixes to check the next one against, and scratch
// memory that shrinks when a parameter needs less than half of it. So an
// aggregator's cost per report is linear in prefixes x BITS, and a
// parameter can only make it hold about three times its own size, plus
// 1 KiB a prefix.
type Report struct {
	p         *Poplar1
	aggID     int
	verifyKey [VerifyKeySize]byte
	ctx       []byte
	nonce     []byte
	ps        *idpf.PublicShare
	in        *InputShare
	eval      *idpf.Evaluator // nil: evaluate with idpf's Eval
	corr      *xof            // inner correlation stream, made on first use
	vx        *xof            // reused: verification randomness, leaf correlation
	corrPos   int             // Field64 elements read from corr
	last      *packed         // the last parameter's prefixes; nil before the first Init
	scratch   []byte
}

// NewReport prepares aggregator aggID (0 or 1) to verify the report with
// public share ps and its input share in, bound to ctx and nonce, under
// the aggregators' shared verifyKey.
func (p *Poplar1) NewReport(verifyKey, ctx []byte, aggID int, nonce []byte, ps *idpf.PublicShare, in *InputShare) (*Report, error) {
	r, err := p.newReport(verifyKey, ctx, aggID, nonce, ps, in)
	if err != nil {
		return nil, err
	}
	if r.eval, err = p.idpf.NewEvaluator(aggID, ps, in.Key, ctx, nonce, idpf.NewWalkCache()); err != nil {
		return nil, err
	}
	return r, nil
}

// newReport checks and keeps the report's inputs. Without an Evaluator
// (VerifyInit's one-off use) Init evaluates with idpf's Eval, whose
// scratch memory is pooled.
func (p *Poplar1) newReport(verifyKey, ctx []byte, aggID int, nonce []byte, ps *idpf.PublicShare, in *InputShare) (*Report, error) {
	if len(verifyKey) != VerifyKeySize {
		return nil, fmt.Errorf("poplar1: verify key must be %d bytes", VerifyKeySize)
	}
	if err := checkBinding(ctx, nonce); err != nil {
		return nil, err
	}
	if in == nil || len(in.CorrInner) != 2*(p.bits-1) {
		return nil, errors.New("poplar1: input share is for other parameters")
	}
	r := &Report{p: p, aggID: aggID, verifyKey: [VerifyKeySize]byte(verifyKey), ps: ps, in: in}
	r.ctx = append([]byte(nil), ctx...)
	r.nonce = append([]byte(nil), nonce...)
	return r, nil
}

// VerifyInit is the draft's verify_init for one report and one
// aggregation parameter. To verify a report at several levels, use a
// Report: it enforces the rules across parameters and reuses its work.
func (p *Poplar1) VerifyInit(verifyKey, ctx []byte, aggID int, ap *AggParam, nonce []byte, ps *idpf.PublicShare, in *InputShare) (*VerifyState, *FieldVec, error) {
	r, err := p.newReport(verifyKey, ctx, aggID, nonce, ps, in)
	if err != nil {
		return nil, nil, err
	}
	return r.Init(ap)
}

// Init starts verification at ap's level (the draft's verify_init): it
// evaluates the IDPF share at each prefix and returns the verifier state
// and this aggregator's first-round verifier share (three elements). It
// fails, changing nothing, if ap is invalid after the parameters of
// earlier successful Init calls.
func (r *Report) Init(ap *AggParam) (*VerifyState, *FieldVec, error) {
	p := r.p
	if err := p.checkAggParam(ap); err != nil {
		return nil, nil, err
	}
	cur := pack(ap)
	if err := cur.checkSorted(); err != nil {
		return nil, nil, err
	}
	if r.last != nil {
		if err := cur.checkExtends(*r.last); err != nil {
			return nil, nil, err
		}
	}
	var shares *idpf.Shares
	var err error
	if r.eval != nil {
		shares, err = r.eval.Eval(ap.Level, ap.Prefixes)
	} else {
		shares, err = p.idpf.Eval(r.aggID, r.ps, r.in.Key, ap.Level, ap.Prefixes, r.ctx, r.nonce, nil)
	}
	if err != nil {
		return nil, nil, err
	}
	var st *VerifyState
	var share *FieldVec
	if p.isLeaf(ap.Level) {
		abc := r.leafOffsets()
		st, share = initSketch(r, ap.Level, shares.Leaf, abc, r.in.CorrLeaf[:])
	} else {
		abc := r.innerOffsets(ap.Level)
		st, share = initSketch(r, ap.Level, shares.Inner, abc, r.in.CorrInner[2*ap.Level:2*ap.Level+2])
	}
	r.last = &cur
	if cap(r.scratch) > maxKeptScratch {
		r.scratch = nil // a wide parameter's sampling buffer is not kept
	}
	return st, share, nil
}

// The terms of Report's memory bound, per prefix and fixed; memory_test.go
// holds Report to them.
const (
	reportBytesPerPrefix = 1024
	reportBytesFixed     = 16 << 10
	maxKeptScratch       = 1 << 10
)

// innerOffsets returns this aggregator's (a, b, c) shares at an inner
// level: the stream is read on from where the last level left it.
// Levels only increase, so it never has to go back.
func (r *Report) innerOffsets(level int) [3]idpf.Field64 {
	if r.corr == nil {
		r.corr = newXof(r.in.CorrSeed[:], r.p.dst(usageCorrInner, r.ctx), corrBinder(r.aggID, r.nonce))
	}
	if skip := 3*level - r.corrPos; skip > 0 {
		nextVec(r.corr, make([]idpf.Field64, skip), &r.scratch)
	}
	var abc [3]idpf.Field64
	nextVec(r.corr, abc[:], &r.scratch)
	r.corrPos = 3*level + 3
	return abc
}

func (r *Report) leafOffsets() [3]idpf.Field255 {
	var abc [3]idpf.Field255
	x := restartXof(&r.vx, r.in.CorrSeed[:], r.p.dst(usageCorrLeaf, r.ctx), corrBinder(r.aggID, r.nonce))
	nextVec(x, abc[:], &r.scratch)
	return abc
}

// verifyRand is the joint randomness of the sketch at level, one element
// per prefix, from the verification key.
func verifyRand[F elem[F]](r *Report, level, n int) []F {
	binder := binary.BigEndian.AppendUint16(append([]byte(nil), r.nonce...), uint16(level))
	x := restartXof(&r.vx, r.verifyKey[:], r.p.dst(usageVerifyRand, r.ctx), binder)
	v := make([]F, n)
	nextVec(x, v, &r.scratch)
	return v
}

// initSketch computes the first-round sketch share: with data shares d_i,
// authenticator shares k_i and random r_i, (a + sum d_i r_i,
// b + sum d_i r_i^2, c + sum k_i r_i). The output share is the d_i.
func initSketch[F elem[F]](r *Report, level int, vals [][]F, abc [3]F, corr []F) (*VerifyState, *FieldVec) {
	rnd := verifyRand[F](r, level, len(vals))
	sk := abc
	out := make([]F, len(vals))
	for i, ri := range rnd {
		d, k := vals[i][0], vals[i][1]
		dr := d.Mul(ri)
		sk[0] = sk[0].Add(dr)
		sk[1] = sk[1].Add(dr.Mul(ri))
		sk[2] = sk[2].Add(k.Mul(ri))
		out[i] = d
	}
	st := &VerifyState{level: level, aggID: r.aggID, corr: *vecOf([]F{corr[0], corr[1]}), out: *vecOf(out)}
	return st, vecOf(sk[:])
}

// VerifyState is one aggregator's verification state for one report at
// one level, between rounds. It is not changed by its methods.
type VerifyState struct {
	level  int
	reveal bool // false: waiting for the first message; true: for the second
	aggID  int
	corr   FieldVec // A and B shares
	out    FieldVec
}

// Level returns the tree level being verified.
func (s *VerifyState) Level() int { return s.level }

var (
	errNilState  = errors.New("poplar1: nil *VerifyState")
	errZeroState = errors.New("poplar1: VerifyState not made by Report.Init or VerifyInit")
)

// check rejects a nil state and one Init did not make: a first-round
// state always holds its two correlation shares.
func (s *VerifyState) check() error {
	if s == nil {
		return errNilState
	}
	if !s.reveal && s.corr.Len() != 2 {
		return errZeroState
	}
	return nil
}

// Next is the draft's verify_next in the first round: given the sketch
// (the first verifier message) it returns the state for the second round
// and this aggregator's second-round verifier share (one element).
func (s *VerifyState) Next(msg *FieldVec) (*VerifyState, *FieldVec, error) {
	if err := s.check(); err != nil {
		return nil, nil, err
	}
	if s.reveal {
		return nil, nil, errors.New("poplar1: Next on a second-round state")
	}
	if msg == nil {
		return nil, nil, errors.New("poplar1: first-round verifier message missing")
	}
	if s.out.Leaf != nil || s.corr.Leaf != nil {
		return revealSketch[idpf.Field255](s, msg)
	}
	return revealSketch[idpf.Field64](s, msg)
}

// revealSketch: with the sketch (x, y, z), the share of x^2 - y - z is
// agg_id * (x^2 - y - z) + A*x + B; the shares sum to zero exactly when
// the data shares add up to a zero or one-hot vector with the right
// authenticator (except with negligible probability).
func revealSketch[F elem[F]](s *VerifyState, msg *FieldVec) (*VerifyState, *FieldVec, error) {
	if err := checkShape[F](msg, 3, "first-round verifier message"); err != nil {
		return nil, nil, err
	}
	m, c := *part[F](msg), *part[F](&s.corr)
	var z F
	if s.aggID == 1 {
		z = m[0].Mul(m[0]).Sub(m[1]).Sub(m[2])
	}
	z = z.Add(c[0].Mul(m[0])).Add(c[1])
	next := &VerifyState{level: s.level, reveal: true, aggID: s.aggID, out: s.out}
	return next, vecOf([]F{z}), nil
}

// Out is the draft's verify_next in the second round: given the second
// verifier message, which is empty (nil) when the sketch verified, it
// returns the output share, one element per candidate prefix.
func (s *VerifyState) Out(msg *FieldVec) (*FieldVec, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if !s.reveal {
		return nil, errors.New("poplar1: Out on a first-round state")
	}
	if msg != nil && msg.Len() != 0 {
		return nil, errors.New("poplar1: second-round verifier message must be empty")
	}
	out := FieldVec{Inner: append([]idpf.Field64(nil), s.out.Inner...), Leaf: append([]idpf.Field255(nil), s.out.Leaf...)}
	return &out, nil
}

// VerifierSharesToMessage is the draft's verifier_shares_to_message:
// it adds the two aggregators' verifier shares of a round. In the first
// round (three elements each) the sum is the message; in the second (one
// element each) the sum must be zero and the message is nil, else the
// report is invalid and an error says so.
func (p *Poplar1) VerifierSharesToMessage(ap *AggParam, shares [2]*FieldVec) (*FieldVec, error) {
	if err := p.checkAggParam(ap); err != nil {
		return nil, err
	}
	if p.isLeaf(ap.Level) {
		return sharesToMessage[idpf.Field255](shares)
	}
	return sharesToMessage[idpf.Field64](shares)
}

// ErrSketch is returned by VerifierSharesToMessage when a report fails
// verification: its shares do not add up to a zero or one-hot vector.
var ErrSketch = errors.New("poplar1: sketch verification failed")

func sharesToMessage[F elem[F]](shares [2]*FieldVec) (*FieldVec, error) {
	if shares[0] == nil || shares[1] == nil {
		return nil, errors.New("poplar1: verifier share missing")
	}
	n := shares[0].Len()
	if n != 3 && n != 1 {
		return nil, fmt.Errorf("poplar1: verifier share of %d elements, want 3 or 1", n)
	}
	for _, s := range shares {
		if err := checkShape[F](s, n, "verifier share"); err != nil {
			return nil, err
		}
	}
	sum := vecAdd(*part[F](shares[0]), *part[F](shares[1]))
	if n == 3 {
		return vecOf(sum), nil
	}
	var zero F
	if !sum[0].Equal(zero) {
		return nil, ErrSketch
	}
	return nil, nil
}

// checkShape reports an error unless v holds exactly n elements of F and
// none of the other field.
func checkShape[F elem[F]](v *FieldVec, n int, what string) error {
	if v == nil || len(*part[F](v)) != n || v.Len() != n {
		return fmt.Errorf("poplar1: %s must be %d elements of the level's field", what, n)
	}
	return nil
}
