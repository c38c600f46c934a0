package poplar1

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/allocs"
)

// allocated is the number of bytes f allocates: the least of five runs,
// because TotalAlloc also counts what the runtime and any other goroutine
// allocate meanwhile (a CI run under qemu-aarch64 once saw 5,656 stray
// bytes around a call that allocates none).
func allocated(f func()) uint64 {
	least := ^uint64(0)
	for range 5 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// encodedParam is a parameter's encoding with count copies of prefix (w
// bytes each), without checks.
func encodedParam(level, count int, prefix []byte) []byte {
	b := binary.BigEndian.AppendUint16(nil, uint16(level))
	b = binary.BigEndian.AppendUint32(b, uint32(count))
	return append(b, bytes.Repeat(prefix, count)...)
}

// DecodeAggParam allocated 25-32 times its input before any plausibility
// check: 1,000,006 bytes of a million equal prefixes at level 0 (where two
// can be distinct) decoded into 25 MB. It now rejects such a parameter
// without allocating for it, and a valid one costs at most 20 times its
// encoding plus 8.5 KiB.
func TestDecodeAggParamAllocation(t *testing.T) {
	p, _ := New(32)
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"a million equal prefixes at level 0", encodedParam(0, 1_000_000, []byte{0x80}), "distinct"},
		{"three prefixes at level 0", encodedParam(0, 3, []byte{0}), "distinct"},
		{"200,000 equal prefixes at level 20", encodedParam(20, 200_000, []byte{1, 2, 0}), "unique"},
		{"descending prefixes at level 15", append(encodedParam(15, 2, nil), 0, 2, 0, 1), "order"},
	} {
		var err error
		n := allocated(func() { _, err = p.DecodeAggParam(c.b) })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
		if !allocs.Unreliable && n > 1024 {
			t.Errorf("%s: %d bytes allocated to reject %d bytes", c.name, n, len(c.b))
		}
	}
	// Valid parameters: every prefix at levels 7 and 15, a few at 31.
	for _, level := range []int{0, 7, 15, 31} {
		ap := &AggParam{Level: level}
		for i := range min(1<<(level+1), 1<<16) {
			pr := make([]bool, level+1)
			for j := range pr {
				pr[j] = uint64(i)>>(level-j)&1 == 1
			}
			ap.Prefixes = append(ap.Prefixes, pr)
		}
		b, _ := ap.MarshalBinary()
		var got *AggParam
		var err error
		n := allocated(func() { got, err = p.DecodeAggParam(b) })
		if err != nil || len(got.Prefixes) != len(ap.Prefixes) {
			t.Fatalf("level %d: %v", level, err)
		}
		if limit := uint64(20*len(b) + 8704); !allocs.Unreliable && n > limit {
			t.Errorf("level %d, %d prefixes: %d bytes allocated for %d bytes, limit %d", level, len(ap.Prefixes), n, len(b), limit)
		}
	}
}
