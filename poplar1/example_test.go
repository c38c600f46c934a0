package poplar1_test

import (
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/go-xkcp/keccak/poplar1"
)

// Six clients hold 4-bit strings; the collector wants those held by at
// least two. Both aggregators run in this process. Level by level, they
// verify each report at the candidate prefixes and add up the output
// shares; the collector keeps the prefixes counted at least twice and
// asks for their children next.
func Example() {
	const bits, threshold = 4, 2
	p, _ := poplar1.New(bits)
	ctx := []byte("example heavy hitters")
	verifyKey := make([]byte, poplar1.VerifyKeySize) // shared by the aggregators
	rand.Read(verifyKey)

	// Clients: shard and upload. Each aggregator keeps a Report per
	// client for the whole walk.
	var reports [][2]*poplar1.Report
	for _, s := range []string{"1011", "0110", "1011", "0001", "0110", "1011"} {
		nonce := make([]byte, poplar1.NonceSize)
		rnd := make([]byte, poplar1.RandSize)
		rand.Read(nonce)
		rand.Read(rnd)
		ps, in, err := p.Shard(ctx, bitsOf(s), nonce, rnd)
		if err != nil {
			panic(err)
		}
		var r [2]*poplar1.Report
		for j := range 2 {
			r[j], _ = p.NewReport(verifyKey, ctx, j, nonce, ps, in[j])
		}
		reports = append(reports, r)
	}

	prefixes := [][]bool{{false}, {true}}
	for level := 0; level < bits && len(prefixes) > 0; level++ {
		ap := &poplar1.AggParam{Level: level, Prefixes: prefixes}
		var agg [2]*poplar1.FieldVec
		for j := range 2 {
			agg[j], _ = p.AggInit(ap)
		}
		for _, r := range reports {
			var st [2]*poplar1.VerifyState
			var share [2]*poplar1.FieldVec
			for j := range 2 {
				st[j], share[j], _ = r[j].Init(ap)
			}
			msg, _ := p.VerifierSharesToMessage(ap, share) // first round: the sketch
			for j := range 2 {
				st[j], share[j], _ = st[j].Next(msg)
			}
			if _, err := p.VerifierSharesToMessage(ap, share); err != nil {
				continue // an invalid report: not aggregated
			}
			for j := range 2 {
				out, _ := st[j].Out(nil)
				p.AggUpdate(ap, agg[j], out)
			}
		}
		counts, _ := p.Unshard(ap, agg)
		var next [][]bool
		for i, c := range counts {
			if c < threshold {
				continue
			}
			if level == bits-1 {
				fmt.Printf("%s: %d\n", stringOf(prefixes[i]), c)
			}
			next = append(next, append(prefixes[i][:level+1:level+1], false), append(prefixes[i][:level+1:level+1], true))
		}
		prefixes = next
	}
	// Output:
	// 0110: 2
	// 1011: 3
}

func bitsOf(s string) []bool {
	b := make([]bool, len(s))
	for i := range s {
		b[i] = s[i] == '1'
	}
	return b
}

func stringOf(b []bool) string {
	var s strings.Builder
	for _, v := range b {
		s.WriteByte("01"[btoi(v)])
	}
	return s.String()
}

func btoi(v bool) int {
	if v {
		return 1
	}
	return 0
}

// The collector's aggregation parameters over a walk: each must go deeper
// than the last and ask only for extensions of its prefixes. An
// aggregator checks every new parameter against those already used with
// the same reports (a Report does this on its own).
func ExamplePoplar1_ValidAggParam() {
	p, _ := poplar1.New(8)
	first := &poplar1.AggParam{Level: 1, Prefixes: [][]bool{bitsOf("01"), bitsOf("11")}}
	fmt.Println(p.ValidAggParam(first, nil))
	next := &poplar1.AggParam{Level: 3, Prefixes: [][]bool{bitsOf("0100"), bitsOf("1101")}}
	fmt.Println(p.ValidAggParam(next, []*poplar1.AggParam{first}))
	stray := &poplar1.AggParam{Level: 3, Prefixes: [][]bool{bitsOf("0100"), bitsOf("1001")}}
	fmt.Println(p.ValidAggParam(stray, []*poplar1.AggParam{first}))
	again := &poplar1.AggParam{Level: 1, Prefixes: [][]bool{bitsOf("01")}}
	fmt.Println(p.ValidAggParam(again, []*poplar1.AggParam{first}))
	// Output:
	// <nil>
	// <nil>
	// poplar1: prefix 1 does not extend a prefix of level 1
	// poplar1: level 1 after level 1: levels must increase
}

// The aggregation parameter on the wire: the level and the prefix count
// (big-endian), then each prefix packed most significant bit first.
func ExampleAggParam_MarshalBinary() {
	ap := &poplar1.AggParam{Level: 9, Prefixes: [][]bool{bitsOf("1100100000"), bitsOf("1100100001")}}
	b, _ := ap.MarshalBinary()
	fmt.Printf("%x\n", b)
	p, _ := poplar1.New(16)
	back, err := p.DecodeAggParam(b)
	fmt.Println(back.Level, len(back.Prefixes), err)
	_, err = p.DecodeAggParam(append(b, 0))
	fmt.Println(err)
	// Output:
	// 000900000002c800c840
	// 9 2 <nil>
	// poplar1: aggregation parameter has 5 prefix bytes, want 4
}
