package idpf

import (
	"encoding/binary"
	"testing"

	"github.com/go-xkcp/keccak/internal/testkit/implrun"
)

// A rejection inside convert's pre-read blocks makes sampling continue
// with the stream bytes right after them. AES output never realistically
// hits p, so the pre-read buffer is doctored here.
func TestSampleAESContinuesStream(t *testing.T) {
	implrun.RunAll(t, func(t *testing.T) {
		p, _ := New(4, 2)
		x, err := p.newXofs(nil, make([]byte, 16))
		if err != nil {
			t.Fatal(err)
		}
		seed := []byte("0123456789abcdef")
		st := x.conv.Stream([16]byte(seed))
		stream := st.Next(64) // blocks 0..3
		raw := append([]byte{}, stream[:32]...)
		binary.LittleEndian.PutUint64(raw[16:], Modulus64) // reject the first element
		vals := make([]Field64, 2)
		sampleAES(x, seed, raw, vals, Field64Size, sampleField64)
		want0, _ := sampleField64(stream[24:32])
		want1, _ := sampleField64(stream[32:40]) // first bytes after raw
		if !vals[0].Equal(want0) || !vals[1].Equal(want1) {
			t.Errorf("got %d %d, want %d %d", vals[0].Uint64(), vals[1].Uint64(), want0.Uint64(), want1.Uint64())
		}
	})
}
