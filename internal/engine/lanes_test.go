package engine

import "testing"

// TestLaneBytes holds xorIn and copyOut, which take whole lanes four at a
// time, to the state's byte view one byte at a time, at every offset and
// length.
func TestLaneBytes(t *testing.T) {
	var p [200]byte
	for i := range p {
		p[i] = byte(7*i + 1)
	}
	var start [25]uint64
	for i := range start {
		start[i] = 0x0123456789abcdef * uint64(i+3)
	}
	for off := 0; off <= 200; off++ {
		for n := 0; off+n <= 200; n++ {
			got, want := start, start
			xorIn(&got, off, p[:n])
			for i, b := range p[:n] {
				xorByte(&want, off+i, b)
			}
			if got != want {
				t.Fatalf("xorIn at %d of %d bytes: %x, want %x", off, n, got, want)
			}
			out := make([]byte, n+3) // asks for more than the state has left
			if c := copyOut(got[:], off, out); c != min(n+3, 200-off) {
				t.Fatalf("copyOut at %d of %d bytes copied %d", off, n+3, c)
			}
			for i := range min(n+3, 200-off) {
				if b := byte(got[(off+i)/8] >> (8 * ((off + i) % 8))); out[i] != b {
					t.Fatalf("copyOut at %d: byte %d is %#x, want %#x", off, i, out[i], b)
				}
			}
		}
	}
}
