package poplar1

import (
	"math/rand/v2"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
	"github.com/go-xkcp/keccak/internal/testkit/rnd"
)

// bitsOf parses a string of '0' and '1' into a prefix.
func bitsOf(s string) []bool {
	b := make([]bool, len(s))
	for i := range s {
		b[i] = s[i] == '1'
	}
	return b
}

func param(level int, prefixes ...string) *AggParam {
	ap := &AggParam{Level: level}
	for _, s := range prefixes {
		ap.Prefixes = append(ap.Prefixes, bitsOf(s))
	}
	return ap
}

var randBytes = rnd.Bytes

// client is one sharded report.
type client struct {
	nonce []byte
	ps    *idpf.PublicShare
	in    [2]*InputShare
}

func shardRandom(t testing.TB, p *Poplar1, r *rand.Rand, ctx []byte, m []bool) client {
	t.Helper()
	c := client{nonce: randBytes(r, NonceSize)}
	var err error
	c.ps, c.in, err = p.Shard(ctx, m, c.nonce, randBytes(r, RandSize))
	if err != nil {
		t.Fatal(err)
	}
	return c
}
