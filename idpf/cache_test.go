package idpf

import (
	"math/rand/v2"
	"runtime"
	"testing"
)

// The bool-byte view and the word-at-a-time common prefix against their
// definitions.
func TestBoolBytesAndCommonPrefix(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for n := range 80 {
		a := randBits(r, n)
		raw := boolBytes(a)
		for i := range a {
			if raw[i] != byte(bit(a[i])) {
				t.Fatalf("n=%d: boolBytes[%d] = %d", n, i, raw[i])
			}
		}
		for k := 0; k <= n; k++ {
			b := append(append([]bool{}, a[:k]...), randBits(r, n-k)...)
			if k < n {
				b[k] = !a[k]
			}
			if got := commonPrefixLen(boolBytes(a), boolBytes(b)); got != k {
				t.Fatalf("n=%d: commonPrefixLen = %d, want %d", n, got, k)
			}
		}
	}
}

// heapInUse is the live heap after two collections.
func heapInUse() uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// A cache rebound to another report must not keep the memory of the
// first: clearing a Go map keeps its buckets, so a shared NewCache that
// once held a large report held megabytes for a single node after.
func TestCacheRebindReleasesMemory(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	p, _ := New(64, 2)
	var pss [2]*PublicShare
	var keys [2][2]Key
	nonce := randBytes(r, NonceSize)
	for i := range 2 {
		bi, bl := randBetas(r, p)
		pss[i], keys[i], _ = p.Gen(randBits(r, 64), bi, bl, nil, nonce, randBytes(r, RandSize))
	}
	prefixes := make([][]bool, 4096)
	for i := range prefixes {
		prefixes[i] = randBits(r, 48)
	}
	one := [][]bool{randBits(r, 1)}
	cache := NewCache()
	base := heapInUse()
	if _, err := p.Eval(0, pss[0], keys[0][0], 47, prefixes, nil, nonce, cache); err != nil {
		t.Fatal(err)
	}
	big := heapInUse() - base
	if _, err := p.Eval(0, pss[1], keys[1][0], 0, one, nil, nonce, cache); err != nil {
		t.Fatal(err)
	}
	held := int64(heapInUse()) - int64(base)
	runtime.KeepAlive(prefixes)
	if cache.Len() != 1 || held > 64<<10 {
		t.Errorf("after rebinding to a one-node report: %d nodes, %d bytes held (%d before)", cache.Len(), held, big)
	}
}

// A walk cache holds exactly the last call's nodes in buffers of at most
// twice their size, and a walk of several prefixes a level through it
// extends each node once.
func TestWalkCache(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	const bits = 24
	p, _ := New(bits, 2)
	alpha := randBits(r, bits)
	bi, bl := randBetas(r, p)
	nonce := randBytes(r, NonceSize)
	ps, keys, _ := p.Gen(alpha, bi, bl, nil, nonce, randBytes(r, RandSize))
	c := NewWalkCache()
	e, _ := p.NewEvaluator(0, ps, keys[0], nil, nonce, c)
	check := func(level, n int) {
		t.Helper()
		w := level + 1
		if level == bits-1 || n == 0 {
			n, w = 0, 0
		}
		if c.Len() != n || c.last.width != w || cap(c.last.keys) > 2*n*w || cap(c.last.nodes) > 2*n {
			t.Fatalf("level %d, %d prefixes: %d nodes of width %d, buffers %d and %d",
				level, n, c.Len(), c.last.width, cap(c.last.keys), cap(c.last.nodes))
		}
	}
	// Every prefix at level 7 (256), then 2 children of each of 4 of
	// them, level after level: the children's parents come from the cache.
	all := allPrefixes(8)
	if _, err := e.Eval(7, all); err != nil {
		t.Fatal(err)
	}
	check(7, 256)
	front := all[:4]
	for l := 8; l < bits; l++ {
		var next [][]bool
		for _, pr := range front {
			for _, b := range []bool{false, true} {
				next = append(next, append(append([]bool(nil), pr...), b))
			}
		}
		before := e.x.extended
		got, err := e.Eval(l, next)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := p.Eval(0, ps, keys[0], l, next, nil, nonce, nil)
		if !sharesEqual(got, want) {
			t.Fatalf("level %d: walk cache disagrees with no cache", l)
		}
		// Parents come extended from the cache; each new node is
		// extended once for the next call (the leaf's TurboSHAKE extend,
		// at level bits-2, is not counted).
		if ext := e.x.extended - before; l < bits-2 && ext != len(next) {
			t.Errorf("level %d: %d extends for %d prefixes", l, ext, len(next))
		}
		check(l, len(next))
		front = next[:4]
	}
	// A call that extends nothing cached still agrees, and replaces.
	if _, err := e.Eval(3, [][]bool{alpha[:4]}); err != nil {
		t.Fatal(err)
	}
	check(3, 1)
	if _, err := e.Eval(5, nil); err != nil {
		t.Fatal(err)
	}
	check(5, 0)
}
