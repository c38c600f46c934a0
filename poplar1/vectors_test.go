package poplar1

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/go-xkcp/keccak/internal/testkit/testvec"
)

// The vector test runs every Poplar1_*.json under testdata/vdaf (or under
// the folder VDAF_TEST_VECTORS names): each operation in the order the
// file lists it, comparing every message byte for byte and each
// operation's success with the expected one. VDAF_TEST_VERSION sets the
// VERSION byte (default 18), as in the idpf tests.

type vector = testvec.Poplar1Vector

func TestVectors(t *testing.T) {
	testvec.WalkVDAF(t, []string{"Poplar1"}, func(t *testing.T, _ string, data []byte) {
		v := testvec.DecodePoplar1(t, data)
		// Every file on every Keccak backend and AES path.
		implrun.RunAll(t, func(t *testing.T) { runVector(t, v, testvec.VDAFVersion(t, Version)) })
	})
}

// reportRun is one report's messages as the operations produce them.
type reportRun struct {
	ps     *idpf.PublicShare
	in     [2]*InputShare
	st     [2]*VerifyState
	shares [2][2]*FieldVec // [round][agg]
	msg    [2]*FieldVec
	out    [2]*FieldVec
}

func runVector(t *testing.T, v *vector, version byte) {
	p, err := New(v.Bits, WithVersion(version))
	if err != nil {
		t.Fatal(err)
	}
	if v.Shares != 2 {
		t.Fatalf("shares = %d", v.Shares)
	}
	ap, err := p.DecodeAggParam(v.AggParam)
	if err != nil {
		t.Fatal(err)
	}
	if enc, _ := ap.MarshalBinary(); !bytes.Equal(enc, v.AggParam) {
		t.Errorf("agg_param re-encodes as %x", enc)
	}
	if err := p.ValidAggParam(ap, nil); err != nil {
		t.Fatal(err)
	}
	runs := make([]reportRun, len(v.Reports))
	// Reports without a shard operation start from their encoded shares.
	for i := range runs {
		r := &v.Reports[i]
		if runs[i].ps, err = p.DecodePublicShare(r.PublicShare); err != nil {
			t.Fatal(err)
		}
		for j := range 2 {
			if runs[i].in[j], err = p.DecodeInputShare(r.InputShares[j]); err != nil {
				t.Fatal(err)
			}
			if enc, _ := runs[i].in[j].MarshalBinary(); !bytes.Equal(enc, r.InputShares[j]) {
				t.Errorf("report %d: input share %d re-encodes differently", i, j)
			}
		}
	}
	var agg [2]*FieldVec
	for _, op := range v.Operations {
		var err error
		switch op.Operation {
		case "shard":
			err = shardOp(p, v, op.ReportIndex, &runs[op.ReportIndex])
		case "verify_init":
			err = verifyInitOp(p, v, ap, op.ReportIndex, op.AggID, &runs[op.ReportIndex])
		case "verifier_shares_to_message":
			err = toMessageOp(p, v, ap, op.ReportIndex, op.Round, &runs[op.ReportIndex])
		case "verify_next":
			err = verifyNextOp(p, v, op.ReportIndex, op.AggID, op.Round, &runs[op.ReportIndex])
		case "aggregate":
			agg[op.AggID], err = aggregateOp(p, v, ap, op.AggID, runs)
		case "unshard":
			err = unshardOp(p, v, ap, agg)
		default:
			t.Fatalf("unknown operation %q", op.Operation)
		}
		var bad errMismatch
		if errors.As(err, &bad) || (err == nil) != op.Success {
			t.Fatalf("%+v: error %v, want success %v", op, err, op.Success)
		}
		// The draft's one negative case fails where sketch verification
		// fails, for that reason.
		if !op.Success && !errors.Is(err, ErrSketch) {
			t.Fatalf("%+v: error %v, want ErrSketch", op, err)
		}
	}
}

// errMismatch marks an output that differs from the vector's: that fails
// the test whatever success the operation expects.
type errMismatch struct{ what string }

func (e errMismatch) Error() string { return e.what }

func mismatch(what string, got, want []byte) error {
	if bytes.Equal(got, want) {
		return nil
	}
	return errMismatch{fmt.Sprintf("%s: got %x, want %x", what, got, want)}
}

func shardOp(p *Poplar1, v *vector, i int, run *reportRun) error {
	r := &v.Reports[i]
	ps, in, err := p.Shard(v.Ctx, r.Measurement, r.Nonce, r.Rand)
	if err != nil {
		return err
	}
	if err := mismatch("public share", ps.Encode(), r.PublicShare); err != nil {
		return err
	}
	for j := range 2 {
		enc, _ := in[j].MarshalBinary()
		if err := mismatch("input share", enc, r.InputShares[j]); err != nil {
			return err
		}
	}
	run.ps, run.in = ps, in
	return nil
}

func verifyInitOp(p *Poplar1, v *vector, ap *AggParam, i, agg int, run *reportRun) error {
	r := &v.Reports[i]
	st, share, err := p.VerifyInit(v.VerifyKey, v.Ctx, agg, ap, r.Nonce, run.ps, run.in[agg])
	if err != nil {
		return err
	}
	enc, _ := share.MarshalBinary()
	if err := mismatch("round-0 verifier share", enc, r.VerifierShares[0][agg]); err != nil {
		return err
	}
	// The vector's share decodes to the same elements.
	if _, err := p.DecodeVerifierShare(st, r.VerifierShares[0][agg]); err != nil {
		return err
	}
	run.st[agg], run.shares[0][agg] = st, share
	return nil
}

func toMessageOp(p *Poplar1, v *vector, ap *AggParam, i, round int, run *reportRun) error {
	r := &v.Reports[i]
	msg, err := p.VerifierSharesToMessage(ap, run.shares[round])
	if err != nil {
		return err
	}
	if err := mismatch("verifier message", EncodeVerifierMessage(msg), r.VerifierMessages[round]); err != nil {
		return err
	}
	// A later round's state decodes the message the vector has.
	if st := run.st[0]; st != nil {
		dec, err := p.DecodeVerifierMessage(st, r.VerifierMessages[round])
		if err != nil {
			return err
		}
		if (dec == nil) != (msg == nil) {
			return errMismatch{"decoded verifier message differs"}
		}
	}
	run.msg[round] = msg
	return nil
}

func verifyNextOp(p *Poplar1, v *vector, i, agg, round int, run *reportRun) error {
	r := &v.Reports[i]
	st := run.st[agg]
	if round == 1 {
		next, share, err := st.Next(run.msg[0])
		if err != nil {
			return err
		}
		enc, _ := share.MarshalBinary()
		if err := mismatch("round-1 verifier share", enc, r.VerifierShares[1][agg]); err != nil {
			return err
		}
		if _, err := p.DecodeVerifierShare(next, r.VerifierShares[1][agg]); err != nil {
			return err
		}
		run.st[agg], run.shares[1][agg] = next, share
		return nil
	}
	out, err := st.Out(run.msg[1])
	if err != nil {
		return err
	}
	enc, _ := out.MarshalBinary()
	if err := mismatch("out share", enc, r.OutShares[agg]); err != nil {
		return err
	}
	run.out[agg] = out
	return nil
}

func aggregateOp(p *Poplar1, v *vector, ap *AggParam, agg int, runs []reportRun) (*FieldVec, error) {
	share, err := p.AggInit(ap)
	if err != nil {
		return nil, err
	}
	for i := range runs {
		if err := p.AggUpdate(ap, share, runs[i].out[agg]); err != nil {
			return nil, err
		}
	}
	enc, _ := share.MarshalBinary()
	if err := mismatch("aggregate share", enc, v.AggShares[agg]); err != nil {
		return nil, err
	}
	if _, err := p.DecodeAggShare(ap, v.AggShares[agg]); err != nil {
		return nil, err
	}
	return share, nil
}

func unshardOp(p *Poplar1, v *vector, ap *AggParam, agg [2]*FieldVec) error {
	counts, err := p.Unshard(ap, agg)
	if err != nil {
		return err
	}
	if len(counts) != len(v.AggResult) {
		return errMismatch{"agg_result length differs"}
	}
	for i := range counts {
		if counts[i] != v.AggResult[i] {
			return errMismatch{fmt.Sprintf("agg_result %v, want %v", counts, v.AggResult)}
		}
	}
	return nil
}
