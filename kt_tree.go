package keccak

import (
	"sync"
)

// The KangarooTwelve tree (RFC 9861, section 3): S = M || C ||
// length_encode(|C|). If S fits one chunk, the output is TurboSHAKE(S, 0x07).
// Otherwise the final node is S_0 || 0x03 0x00^7 || CV_1 .. CV_n ||
// length_encode(n) || 0xFF 0xFF, hashed with D = 0x06, where CV_i is
// TurboSHAKE(S_i, 0x0B) of chunk i.

var treeMarker = [8]byte{0x03}

// write feeds message bytes (or, at the end, the suffix) into the tree.
func (d *KT) write(p []byte) {
	if d.chunk0 < chunkSize {
		k := min(len(p), chunkSize-d.chunk0)
		d.final.write(p[:k])
		d.chunk0 += k
		if p = p[k:]; len(p) == 0 {
			return
		}
	}
	if !d.tree {
		d.final.write(treeMarker[:])
		d.tree = true
	}
	if d.leafLen > 0 {
		k := min(len(p), chunkSize-d.leafLen)
		d.leaf.write(p[:k])
		d.leafLen += k
		p = p[k:]
		if d.leafLen < chunkSize {
			return
		}
		d.endLeaf()
	}
	whole := len(p) - len(p)%chunkSize
	d.leaves(p[:whole])
	if p = p[whole:]; len(p) > 0 {
		d.leaf.write(p)
		d.leafLen = len(p)
	}
}

// endLeaf turns the running leaf into its chaining value.
func (d *KT) endLeaf() {
	var cv [64]byte
	d.leaf.read(cv[:d.cvLen])
	d.final.write(cv[:d.cvLen])
	d.leaf.reset()
	d.leafLen = 0
	d.nLeaves++
}

// finish appends the suffix and closes the final node for reading.
func (d *KT) finish() {
	d.write(d.suffix)
	if d.tree {
		if d.leafLen > 0 {
			d.endLeaf()
		}
		d.final.write(appendLengthEncode(nil, d.nLeaves))
		d.final.write([]byte{0xFF, 0xFF})
		d.final.ds = 0x06
	}
	d.reading = true
}

// Leaves in bulk: whole chunks are hashed batch by batch, each batch's
// chaining values collected in a pooled buffer and absorbed at once.
const (
	batchChunks = 256 // 2 MiB of input per batch, so the buffer stays small
	// minChunksPerWorker keeps goroutines for inputs where they pay: below
	// 8 chunks (64 KiB) a second goroutine costs more than it saves
	// (measured with BenchmarkKT128Parallel, see the README).
	minChunksPerWorker = 8
)

var cvPool = sync.Pool{New: func() any { return new([batchChunks * 64]byte) }}

func (d *KT) leaves(p []byte) {
	if len(p) == 0 {
		return
	}
	buf := cvPool.Get().(*[batchChunks * 64]byte)
	defer cvPool.Put(buf)
	for len(p) > 0 {
		n := min(len(p)/chunkSize, batchChunks)
		cv := buf[:n*d.cvLen]
		leavesParallel(p[:n*chunkSize], cv, d.final.rate, d.cvLen, d.workers())
		d.final.write(cv)
		d.nLeaves += uint64(n)
		p = p[n*chunkSize:]
	}
}

// leavesParallel hashes the chunks of in into cv on up to workers
// goroutines, each owning a contiguous run of chunks (a multiple of 4, for
// the 4-way kernel) and the matching chaining-value slots.
func leavesParallel(in, cv []byte, rate, cvLen, workers int) {
	n := len(in) / chunkSize
	workers = min(workers, n/minChunksPerWorker)
	if workers <= 1 {
		impl.leaves(in, cv, rate, cvLen)
		return
	}
	per := (n + workers - 1) / workers
	per = (per + 3) &^ 3
	var wg sync.WaitGroup
	for start := per; start < n; start += per {
		end := min(start+per, n)
		wg.Go(func() {
			impl.leaves(in[start*chunkSize:end*chunkSize], cv[start*cvLen:end*cvLen], rate, cvLen)
		})
	}
	impl.leaves(in[:per*chunkSize], cv[:per*cvLen], rate, cvLen)
	wg.Wait()
}
