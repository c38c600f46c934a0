package poplar1

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// heapInUse is the live heap after two collections.
func heapInUse() int64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// reportBound is Report's documented bound on what it holds after an Init
// with n prefixes at level, beyond what NewReport made.
func reportBound(n, level int) int64 {
	return int64(n)*int64(3*(level+1)+reportBytesPerPrefix) + reportBytesFixed
}

// randomParam returns n distinct sorted prefixes at level, the first
// alpha's.
func randomParam(r *rand.Rand, alpha []bool, level, n int) *AggParam {
	seen := map[string]bool{}
	ap := &AggParam{Level: level}
	for len(ap.Prefixes) < n {
		pr := append([]bool(nil), alpha[:level+1]...)
		if len(ap.Prefixes) > 0 {
			for i := range pr {
				pr[i] = r.IntN(2) == 1
			}
		}
		if k := string(appendBits(nil, pr)); !seen[k] {
			seen[k] = true
			ap.Prefixes = append(ap.Prefixes, pr)
		}
	}
	sortParam(ap)
	return ap
}

func sortParam(ap *AggParam) {
	pk := func(i int) string { return string(appendBits(nil, ap.Prefixes[i])) }
	for i := 1; i < len(ap.Prefixes); i++ {
		for j := i; j > 0 && pk(j-1) > pk(j); j-- {
			ap.Prefixes[j-1], ap.Prefixes[j] = ap.Prefixes[j], ap.Prefixes[j-1]
		}
	}
}

// checkHeld runs Init on rep with each parameter in turn and fails if,
// after any of them, the report holds more than the bound for that
// parameter, whatever came before.
func checkHeld(t *testing.T, p *Poplar1, c client, aps []*AggParam) int64 {
	t.Helper()
	key := make([]byte, VerifyKeySize)
	rep, err := p.NewReport(key, nil, 0, c.nonce, c.ps, c.in[0])
	if err != nil {
		t.Fatal(err)
	}
	base := heapInUse()
	var most int64
	for i, ap := range aps {
		if _, _, err := rep.Init(ap); err != nil {
			t.Fatalf("parameter %d: %v", i, err)
		}
		held := heapInUse() - base
		most = max(most, held)
		if b := reportBound(len(ap.Prefixes), ap.Level); held > b {
			t.Fatalf("after parameter %d (%d prefixes at level %d): report holds %d bytes, bound %d",
				i, len(ap.Prefixes), ap.Level, held, b)
		}
	}
	runtime.KeepAlive(rep)
	runtime.KeepAlive(aps)
	return most
}

// One aggregation parameter deep in the tree cost memory quadratic in its
// level (the cache kept every level's node under its whole prefix): at
// BITS 4096, level 4094, 16 prefixes, one Init left 147.6 MiB behind.
func TestReportMemoryDeepParam(t *testing.T) {
	bits := 4096
	if testing.Short() {
		bits = 1024
	}
	r := rand.New(rand.NewPCG(61, 62))
	p, _ := New(bits)
	alpha := make([]bool, bits)
	c := shardRandom(t, p, r, nil, alpha)
	most := checkHeld(t, p, c, []*AggParam{randomParam(r, alpha, bits-2, 16)})
	t.Logf("BITS %d, 16 prefixes at level %d: %d bytes held", bits, bits-2, most)
}

// An honest walk down one path, two prefixes a level, stays within the
// bound at every level (it grew quadratically: 0.09 MiB per report at
// BITS 256, 2.51 MiB at 2048).
func TestReportMemoryWalk(t *testing.T) {
	bits := 256
	r := rand.New(rand.NewPCG(63, 64))
	p, _ := New(bits)
	alpha := randBits(r, bits)
	c := shardRandom(t, p, r, nil, alpha)
	var aps []*AggParam
	for l := range bits {
		pr := append([]bool(nil), alpha[:l+1]...)
		sib := append([]bool(nil), pr...)
		sib[l] = !sib[l]
		ap := &AggParam{Level: l, Prefixes: [][]bool{pr, sib}}
		sortParam(ap)
		aps = append(aps, ap)
	}
	most := checkHeld(t, p, c, aps)
	t.Logf("BITS %d walk, 2 prefixes a level: at most %d bytes held", bits, most)
}

// A wide parameter followed by a narrow one: the report must shrink to the
// narrow one's bound, not keep what the wide one needed.
func TestReportMemoryShrinks(t *testing.T) {
	r := rand.New(rand.NewPCG(65, 66))
	p, _ := New(16)
	alpha := randBits(r, 16)
	c := shardRandom(t, p, r, nil, alpha)
	wide := randomParam(r, alpha, 10, 2048) // every prefix at level 10
	narrow := &AggParam{Level: 12, Prefixes: [][]bool{alpha[:13]}}
	most := checkHeld(t, p, c, []*AggParam{wide, narrow})
	t.Logf("2048 prefixes at level 10, then 1 at level 12: at most %d bytes held", most)
}

func randBits(r *rand.Rand, n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = r.IntN(2) == 1
	}
	return b
}
