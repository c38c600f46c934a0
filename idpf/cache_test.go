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
