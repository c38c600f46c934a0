package poplar1

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
)

// nextVec rejects chunks at or above the modulus and reads on; a rejection
// anywhere shifts every later element by one chunk. (The real streams
// reject with probability 2^-32 or less, so this needs a made-up stream.)
func TestNextVecRejects(t *testing.T) {
	le := func(vs ...uint64) []byte {
		var b []byte
		for _, v := range vs {
			b = binary.LittleEndian.AppendUint64(b, v)
		}
		return b
	}
	var scratch []byte
	v := make([]idpf.Field64, 3)
	nextVec(bytes.NewReader(le(5, idpf.Modulus64, 1<<64-1, 7, idpf.Modulus64-1, 99)), v, &scratch)
	if v[0].Uint64() != 5 || v[1].Uint64() != 7 || v[2].Uint64() != idpf.Modulus64-1 {
		t.Errorf("Field64: got %d %d %d", v[0].Uint64(), v[1].Uint64(), v[2].Uint64())
	}

	// Field255: bit 255 is cleared first, so 0x80 in the last byte is
	// ignored; 2^255-1 and p are rejected.
	chunk := func(first, last byte) []byte {
		c := make([]byte, 32)
		c[0], c[31] = first, last
		return c
	}
	top := bytes.Repeat([]byte{0xff}, 32)                                      // 2^255 - 1 after the mask
	p := append([]byte{0xed}, append(bytes.Repeat([]byte{0xff}, 30), 0x7f)...) // 2^255 - 19
	stream := bytes.Join([][]byte{top, chunk(3, 0x80), p, chunk(4, 0)}, nil)
	w := make([]idpf.Field255, 2)
	nextVec(bytes.NewReader(stream), w, &scratch)
	if !w[0].Equal(idpf.NewField255(3)) || !w[1].Equal(idpf.NewField255(4)) {
		t.Errorf("Field255: got %v", w)
	}
}
