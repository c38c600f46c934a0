//go:build cgo && !purego

package bulk

import "testing"

// What Batch puts back in its pool stays within maxPooledBatch, message
// buffer and offsets together: a batch of many empty messages has a
// one-byte buffer but 8 bytes of offsets per message, and the pool kept
// those (past 4 MiB) because only the buffer's capacity was compared.
func TestBatchPoolBound(t *testing.T) {
	for _, c := range []struct {
		name    string
		n, size int
	}{
		{"many-empty", maxPooledBatch/8 + 1, 0},
		{"long-messages", 2, maxPooledBatch / 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			msgs := make([][]byte, c.n)
			for i := range msgs {
				msgs[i] = make([]byte, c.size)
			}
			Batch(0, 136, 6, msgs, make([][32]byte, c.n), 24)
			// Only this goroutine uses the pool here: Get returns what Batch
			// put back (or a new scratch, if the pool dropped it).
			s := batchPool.Get().(*batchScratch)
			defer batchPool.Put(s)
			if b, e := cap(s.buf), 8*cap(s.ends); b+e > maxPooledBatch {
				t.Errorf("pool keeps a %d-byte buffer and %d bytes of offsets; the bound is %d",
					b, e, maxPooledBatch)
			}
		})
	}
}
