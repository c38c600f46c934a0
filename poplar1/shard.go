package poplar1

import (
	"fmt"

	"github.com/go-xkcp/keccak/idpf"
)

// InputShare is one aggregator's input share: its IDPF key, its seed of
// the correlation offsets, and its shares of the (A, B) correlation pairs,
// two Field64 per inner level and two Field255 for the leaf.
type InputShare struct {
	Key      idpf.Key
	CorrSeed [SeedSize]byte
	// CorrInner is 2*(BITS-1) elements: A_0, B_0, A_1, B_1, ...
	CorrInner []idpf.Field64
	// CorrLeaf is A and B of the leaf level.
	CorrLeaf [2]idpf.Field255
}

// Shard splits measurement (BITS bits, level 0 first) into the public
// share and the two aggregators' input shares. nonce must be NonceSize
// random bytes, rand RandSize bytes from a CSPRNG.
func (p *Poplar1) Shard(ctx []byte, measurement []bool, nonce, rand []byte) (*idpf.PublicShare, [2]*InputShare, error) {
	var none [2]*InputShare
	if len(measurement) != p.bits {
		return nil, none, fmt.Errorf("poplar1: measurement of %d bits, want %d", len(measurement), p.bits)
	}
	if len(rand) != RandSize {
		return nil, none, fmt.Errorf("poplar1: rand must be %d bytes", RandSize)
	}
	if err := checkBinding(ctx, nonce); err != nil {
		return nil, none, err
	}
	idpfRand, rand := rand[:idpf.RandSize], rand[idpf.RandSize:]
	corrSeeds := [2][]byte{rand[:SeedSize], rand[SeedSize : 2*SeedSize]}
	shardSeed := rand[2*SeedSize:]

	// The authenticators: one per level, each IDPF value is (1, k).
	var scratch []byte
	shardXof := newXof(shardSeed, p.dst(usageShardRand, ctx), nonce)
	n := p.bits - 1
	kInner := make([]idpf.Field64, n)
	nextVec(shardXof, kInner, &scratch)
	var kLeaf [1]idpf.Field255
	nextVec(shardXof, kLeaf[:], &scratch)
	betaInner := make([][]idpf.Field64, n)
	pairs := make([]idpf.Field64, 2*n)
	for l := range betaInner {
		pairs[2*l], pairs[2*l+1] = idpf.NewField64(1), kInner[l]
		betaInner[l] = pairs[2*l : 2*l+2 : 2*l+2]
	}
	betaLeaf := []idpf.Field255{idpf.NewField255(1), kLeaf[0]}
	ps, keys, err := p.idpf.Gen(measurement, betaInner, betaLeaf, ctx, nonce, idpfRand)
	if err != nil {
		return nil, none, err
	}

	// The correlation offsets (a, b, c) per level are the sums of what the
	// two aggregators will expand from their seeds; the client sends shares
	// of A = -2a + k and B = a^2 + b - a*k + c.
	var out [2]*InputShare
	for j := range out {
		out[j] = &InputShare{Key: keys[j], CorrSeed: [SeedSize]byte(corrSeeds[j]), CorrInner: make([]idpf.Field64, 2*n)}
	}
	var cx *xof // one XOF for the four correlation streams
	offInner := corrOffsets[idpf.Field64](&cx, p.dst(usageCorrInner, ctx), corrSeeds, nonce, 3*n, &scratch)
	corrPairs(shardXof, offInner, kInner, out[0].CorrInner, out[1].CorrInner, &scratch)
	offLeaf := corrOffsets[idpf.Field255](&cx, p.dst(usageCorrLeaf, ctx), corrSeeds, nonce, 3, &scratch)
	corrPairs(shardXof, offLeaf, kLeaf[:], out[0].CorrLeaf[:], out[1].CorrLeaf[:], &scratch)
	return ps, out, nil
}

// corrBinder is the binder of aggregator aggID's correlation XOF:
// aggID || nonce.
func corrBinder(aggID int, nonce []byte) []byte {
	return append([]byte{byte(aggID)}, nonce...)
}

// corrOffsets expands both aggregators' correlation seeds and adds them:
// n elements of F, (a, b, c) for each level.
func corrOffsets[F elem[F]](x **xof, dst []byte, seeds [2][]byte, nonce []byte, n int, scratch *[]byte) []F {
	sum, v := make([]F, n), make([]F, n)
	for j := range seeds {
		nextVec(restartXof(x, seeds[j], dst, corrBinder(j, nonce)), v, scratch)
		for i := range sum {
			sum[i] = sum[i].Add(v[i])
		}
	}
	return sum
}

// corrPairs computes, for each level with offsets (a, b, c) and
// authenticator k, A = -2a + k and B = a^2 + b - a*k + c, and splits them:
// share1 is sampled from the shard XOF (two elements per level, in level
// order), share0 = (A, B) - share1.
func corrPairs[F elem[F]](x *xof, off, k, share0, share1 []F, scratch *[]byte) {
	nextVec(x, share1, scratch)
	for l := range k {
		a, b, c := off[3*l], off[3*l+1], off[3*l+2]
		A := k[l].Sub(a.Add(a))
		B := a.Mul(a).Add(b).Sub(a.Mul(k[l])).Add(c)
		share0[2*l] = A.Sub(share1[2*l])
		share0[2*l+1] = B.Sub(share1[2*l+1])
	}
}
