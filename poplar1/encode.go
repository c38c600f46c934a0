package poplar1

import (
	"fmt"

	"github.com/go-xkcp/keccak/idpf"
)

// InputShareSize returns the size of an encoded input share: the IDPF key,
// the correlation seed, 2*(BITS-1) Field64 and 2 Field255.
func (p *Poplar1) InputShareSize() int {
	return idpf.KeySize + SeedSize + 2*(p.bits-1)*idpf.Field64Size + 2*idpf.Field255Size
}

// MarshalBinary encodes the input share as the draft does.
func (in *InputShare) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, idpf.KeySize+SeedSize+len(in.CorrInner)*idpf.Field64Size+2*idpf.Field255Size)
	b = append(b, in.Key[:]...)
	b = append(b, in.CorrSeed[:]...)
	b = appendVec(b, in.CorrInner)
	return appendVec(b, in.CorrLeaf[:]), nil
}

// DecodeInputShare parses an encoded input share for p: exactly
// InputShareSize bytes, every field element below its modulus.
func (p *Poplar1) DecodeInputShare(b []byte) (*InputShare, error) {
	if len(b) != p.InputShareSize() {
		return nil, fmt.Errorf("poplar1: input share is %d bytes, want %d", len(b), p.InputShareSize())
	}
	in := new(InputShare)
	b = b[copy(in.Key[:], b):]
	b = b[copy(in.CorrSeed[:], b):]
	ni := 2 * (p.bits - 1) * idpf.Field64Size
	var err error
	if in.CorrInner, err = decodeVec[idpf.Field64](b[:ni], 2*(p.bits-1), "input share"); err != nil {
		return nil, err
	}
	leaf, err := decodeVec[idpf.Field255](b[ni:], 2, "input share")
	if err != nil {
		return nil, err
	}
	in.CorrLeaf = [2]idpf.Field255(leaf)
	return in, nil
}

// DecodePublicShare parses an encoded public share (the IDPF's) for p.
func (p *Poplar1) DecodePublicShare(b []byte) (*idpf.PublicShare, error) {
	return p.idpf.DecodePublicShare(b)
}

// decodeLevelVec decodes n elements of level's field.
func (p *Poplar1) decodeLevelVec(level int, b []byte, n int, what string) (*FieldVec, error) {
	if p.isLeaf(level) {
		return decodeVecOf[idpf.Field255](b, n, what)
	}
	return decodeVecOf[idpf.Field64](b, n, what)
}

func decodeVecOf[F elem[F]](b []byte, n int, what string) (*FieldVec, error) {
	v, err := decodeVec[F](b, n, what)
	if err != nil {
		return nil, err
	}
	return vecOf(v), nil
}

// DecodeVerifierShare parses the peer's verifier share of the round s is
// in: three elements of the level's field in the first round, one in the
// second.
func (p *Poplar1) DecodeVerifierShare(s *VerifyState, b []byte) (*FieldVec, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	n := 3
	if s.reveal {
		n = 1
	}
	return p.decodeLevelVec(s.level, b, n, "verifier share")
}

// EncodeVerifierMessage encodes a verifier message: its elements, or
// nothing for the nil message of a successful second round.
func EncodeVerifierMessage(msg *FieldVec) []byte {
	if msg == nil {
		return []byte{}
	}
	b, _ := msg.MarshalBinary()
	return b
}

// DecodeVerifierMessage parses the verifier message of the round s is in:
// three elements of the level's field in the first round, the empty string
// (returned as nil) in the second.
func (p *Poplar1) DecodeVerifierMessage(s *VerifyState, b []byte) (*FieldVec, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if s.reveal {
		if len(b) != 0 {
			return nil, fmt.Errorf("poplar1: second-round verifier message is %d bytes, want 0", len(b))
		}
		return nil, nil
	}
	return p.decodeLevelVec(s.level, b, 3, "verifier message")
}

// DecodeAggShare parses an aggregate share for ap: one element of the
// level's field per prefix.
func (p *Poplar1) DecodeAggShare(ap *AggParam, b []byte) (*FieldVec, error) {
	if err := p.checkAggParam(ap); err != nil {
		return nil, err
	}
	return p.decodeLevelVec(ap.Level, b, len(ap.Prefixes), "aggregate share")
}
