// Package heavyhitters runs Poplar1's heavy-hitters protocol in one
// process: clients shard their strings, two aggregators verify and
// aggregate every report level after level, and the collector walks the
// prefix tree down the prefixes whose count reaches a threshold. Every
// message crosses "the wire" encoded and is decoded on the other side, so
// the byte counts are what a deployment would send. It serves the
// poplar1 end-to-end test and cmd/poplar1sim.
package heavyhitters

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/poplar1"
)

// Stats are the costs of one run.
type Stats struct {
	Clients  int
	Levels   int // levels walked
	Verified int // report verifications (reports x levels)
	Rejected int // reports that failed verification
	// Extra is len(Options.Extra); Malformed counts those uploads the
	// aggregators could not decode, which are dropped before the walk.
	Extra, Malformed int
	Shard            time.Duration // all clients' sharding
	Agg              [2]time.Duration
	Upload           int // bytes from the clients: public share to both, input shares
	Exchange         int // bytes between the aggregators, all levels
	Params           int // bytes of aggregation parameters to both aggregators
	// PerLevel has one entry per level walked, in order.
	PerLevel []LevelStats
	// Transcript is the SHA3-256 of every message that crossed the wire,
	// in order, each as LE64(length) || message: equal for two runs with
	// the same measurements and the same Options.Rand stream.
	Transcript [32]byte
}

// LevelStats are the costs of one level of the walk.
type LevelStats struct {
	Level    int
	Prefixes int              // candidate prefixes (the aggregation parameter's)
	Heavy    int              // of which reached the threshold
	Wall     time.Duration    // the whole level, both aggregators and the collector
	Agg      [2]time.Duration // each aggregator's part of Stats.Agg in the level
}

// Result is the heavy hitters found (sorted), how many clients hold each
// (Counts[i] is HeavyHitters[i]'s count, as the collector unsharded it)
// and what it took.
type Result struct {
	HeavyHitters [][]bool
	Counts       []uint64
	Stats        Stats
}

// Progress is called after each report's verification at a level.
type Progress func(level, done, total int)

// ShardProgress is called after each client's sharding and upload.
type ShardProgress func(done, total int)

// report is one client's upload as each aggregator holds it.
type report struct {
	aggs     [2]*poplar1.Report
	rejected bool
}

// Options are RunWith's settings beside the measurements.
type Options struct {
	Threshold int      // count a string needs to be a heavy hitter, >= 1
	Progress  Progress // may be nil
	// ShardProgress, if not nil, follows the clients' sharding, which comes
	// before the first level.
	ShardProgress ShardProgress
	// Rand gives every random byte of the run: the aggregators' verify key,
	// then each client's nonce and sharding randomness. nil is
	// crypto/rand; a deterministic stream makes the whole transcript
	// reproducible.
	Rand io.Reader
	// Extra are uploads made outside the run, a misbehaving client's say,
	// sent after the honest clients' and handled as theirs: one that does
	// not decode is counted in Stats.Malformed and dropped, one that fails
	// verification in Stats.Rejected. Stats.Clients counts the honest
	// clients only.
	Extra []Upload
}

// Upload is a report as a client sends it: the nonce, the public share and
// the two aggregators' input shares, encoded.
type Upload struct {
	Nonce, PublicShare []byte
	InputShares        [2][]byte
}

// session is one run's shared state.
type session struct {
	p          *poplar1.Poplar1
	ctx        []byte
	rand       io.Reader
	transcript *keccak.SHA3
	st         *Stats
	progress   Progress
}

func newSession(p *poplar1.Poplar1, ctx []byte, rnd io.Reader, st *Stats, progress Progress) *session {
	if rnd == nil {
		rnd = rand.Reader
	}
	return &session{p: p, ctx: ctx, rand: rnd, transcript: keccak.New256(), st: st, progress: progress}
}

// send records message b as crossing the wire.
func (s *session) send(b []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(b)))
	s.transcript.Write(n[:])
	s.transcript.Write(b)
}

// random returns n bytes of s.rand.
func (s *session) random(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(s.rand, b); err != nil {
		return nil, fmt.Errorf("heavyhitters: randomness: %w", err)
	}
	return b, nil
}

// Run shards measurements (each p.Bits() bits) and finds every string
// held by at least threshold clients, with randomness from crypto/rand.
// progress may be nil.
func Run(p *poplar1.Poplar1, ctx []byte, measurements [][]bool, threshold int, progress Progress) (*Result, error) {
	return RunWith(p, ctx, measurements, Options{Threshold: threshold, Progress: progress})
}

// RunWith is Run with its settings in o.
func RunWith(p *poplar1.Poplar1, ctx []byte, measurements [][]bool, o Options) (*Result, error) {
	threshold := o.Threshold
	if threshold < 1 {
		return nil, errors.New("heavyhitters: threshold must be at least 1")
	}
	res := &Result{Stats: Stats{Clients: len(measurements)}}
	st := &res.Stats
	s := newSession(p, ctx, o.Rand, st, o.Progress)
	verifyKey, err := s.random(poplar1.VerifyKeySize)
	if err != nil {
		return nil, err
	}
	reports := make([]report, len(measurements))
	for i, m := range measurements {
		var err error
		if reports[i], err = s.upload(verifyKey, m); err != nil {
			return nil, err
		}
		if o.ShardProgress != nil {
			o.ShardProgress(i+1, len(measurements))
		}
	}
	st.Extra = len(o.Extra)
	for _, u := range o.Extra {
		r, err := s.receive(verifyKey, u)
		if err != nil {
			st.Malformed++
			continue
		}
		reports = append(reports, r)
	}
	prefixes := [][]bool{{false}, {true}}
	var prev []*poplar1.AggParam
	for level := 0; level < p.Bits() && len(prefixes) > 0; level++ {
		ap := &poplar1.AggParam{Level: level, Prefixes: prefixes}
		if err := p.ValidAggParam(ap, prev); err != nil {
			return nil, err
		}
		prev = append(prev, ap)
		t, agg := time.Now(), st.Agg
		counts, err := s.runLevel(ap, reports)
		if err != nil {
			return nil, err
		}
		st.Levels++
		ls := LevelStats{Level: level, Prefixes: len(prefixes), Wall: time.Since(t),
			Agg: [2]time.Duration{st.Agg[0] - agg[0], st.Agg[1] - agg[1]}}
		var heavy [][]bool
		var heavyCounts []uint64
		for i, c := range counts {
			if c >= uint64(threshold) {
				heavy = append(heavy, prefixes[i])
				heavyCounts = append(heavyCounts, c)
			}
		}
		ls.Heavy = len(heavy)
		st.PerLevel = append(st.PerLevel, ls)
		if level == p.Bits()-1 {
			res.HeavyHitters, res.Counts = heavy, heavyCounts
			break
		}
		prefixes = children(heavy)
	}
	for _, r := range reports {
		if r.rejected {
			st.Rejected++
		}
	}
	s.transcript.Sum(st.Transcript[:0])
	return res, nil
}

// children extends each prefix by 0 and by 1; sorted prefixes stay sorted.
func children(prefixes [][]bool) [][]bool {
	out := make([][]bool, 0, 2*len(prefixes))
	for _, pr := range prefixes {
		for _, b := range []bool{false, true} {
			out = append(out, append(pr[:len(pr):len(pr)], b))
		}
	}
	return out
}

// upload shards m and hands each aggregator its decoded shares.
func (s *session) upload(verifyKey []byte, m []bool) (report, error) {
	p, ctx, st := s.p, s.ctx, s.st
	nonce, err := s.random(poplar1.NonceSize)
	if err != nil {
		return report{}, err
	}
	rnd, err := s.random(poplar1.RandSize)
	if err != nil {
		return report{}, err
	}
	t := time.Now()
	ps, in, err := p.Shard(ctx, m, nonce, rnd)
	st.Shard += time.Since(t)
	if err != nil {
		return report{}, err
	}
	u := Upload{Nonce: nonce, PublicShare: ps.Encode()}
	for j := range 2 {
		u.InputShares[j], _ = in[j].MarshalBinary()
	}
	return s.receive(verifyKey, u)
}

// receive sends u over the wire and has each aggregator decode its part.
func (s *session) receive(verifyKey []byte, u Upload) (report, error) {
	var r report
	p, ctx, st := s.p, s.ctx, s.st
	s.send(u.Nonce)
	s.send(u.PublicShare)
	for j := range 2 {
		inb := u.InputShares[j]
		s.send(inb)
		st.Upload += len(u.PublicShare) + len(inb)
		t := time.Now()
		dps, err := p.DecodePublicShare(u.PublicShare)
		if err != nil {
			return r, err
		}
		din, err := p.DecodeInputShare(inb)
		if err != nil {
			return r, err
		}
		if r.aggs[j], err = p.NewReport(verifyKey, ctx, j, u.Nonce, dps, din); err != nil {
			return r, err
		}
		st.Agg[j] += time.Since(t)
	}
	return r, nil
}

// runLevel verifies and aggregates every report at ap and returns the
// collector's counts.
func (s *session) runLevel(ap *poplar1.AggParam, reports []report) ([]uint64, error) {
	p, st := s.p, s.st
	apb, err := ap.MarshalBinary()
	if err != nil {
		return nil, err
	}
	s.send(apb)
	st.Params += 2 * len(apb)
	var agg [2]*poplar1.FieldVec
	for j := range 2 {
		t := time.Now()
		dap, err := p.DecodeAggParam(apb)
		if err == nil {
			agg[j], err = p.AggInit(dap)
		}
		st.Agg[j] += time.Since(t)
		if err != nil {
			return nil, err
		}
	}
	for i := range reports {
		r := &reports[i]
		if !r.rejected {
			out, err := s.verify(ap, r)
			switch {
			case errors.Is(err, poplar1.ErrSketch):
				r.rejected = true
			case err != nil:
				return nil, fmt.Errorf("report %d: %w", i, err)
			default:
				st.Verified++
				for j := range 2 {
					t := time.Now()
					err := p.AggUpdate(ap, agg[j], out[j])
					st.Agg[j] += time.Since(t)
					if err != nil {
						return nil, err
					}
				}
			}
		}
		if s.progress != nil {
			s.progress(ap.Level, i+1, len(reports))
		}
	}
	var shares [2]*poplar1.FieldVec
	for j := range 2 {
		b, _ := agg[j].MarshalBinary()
		s.send(b)
		var err error
		if shares[j], err = p.DecodeAggShare(ap, b); err != nil {
			return nil, err
		}
	}
	return p.Unshard(ap, shares)
}

// verify runs the two rounds between the leader (0), which combines the
// shares, and the helper (1): the helper sends its share, the leader the
// message. It returns both output shares, or ErrSketch.
func (s *session) verify(ap *poplar1.AggParam, r *report) ([2]*poplar1.FieldVec, error) {
	p, st := s.p, s.st
	var out [2]*poplar1.FieldVec
	var states [2]*poplar1.VerifyState
	var shares [2]*poplar1.FieldVec
	var err error
	for j := range 2 {
		t := time.Now()
		states[j], shares[j], err = r.aggs[j].Init(ap)
		st.Agg[j] += time.Since(t)
		if err != nil {
			return out, err
		}
	}
	for round := range 2 {
		// Helper -> leader: the helper's share.
		hb, _ := shares[1].MarshalBinary()
		s.send(hb)
		st.Exchange += len(hb)
		t := time.Now()
		hs, err := p.DecodeVerifierShare(states[0], hb)
		var msg *poplar1.FieldVec
		if err == nil {
			msg, err = p.VerifierSharesToMessage(ap, [2]*poplar1.FieldVec{shares[0], hs})
		}
		st.Agg[0] += time.Since(t)
		if err != nil {
			return out, err
		}
		// Leader -> helper: the message.
		mb := poplar1.EncodeVerifierMessage(msg)
		s.send(mb)
		st.Exchange += len(mb)
		for j := range 2 {
			t := time.Now()
			m := msg
			if j == 1 {
				m, err = p.DecodeVerifierMessage(states[1], mb)
			}
			if err == nil {
				if round == 0 {
					states[j], shares[j], err = states[j].Next(m)
				} else {
					out[j], err = states[j].Out(m)
				}
			}
			st.Agg[j] += time.Since(t)
			if err != nil {
				return out, err
			}
		}
	}
	return out, nil
}
