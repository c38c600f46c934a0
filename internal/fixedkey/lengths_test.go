package fixedkey

import (
	"math"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/checked"
	"github.com/go-xkcp/keccak/internal/testkit/implrun"
	"github.com/go-xkcp/keccak/internal/testkit/isolate"
)

// A block count whose byte length wraps around in int arithmetic (on 64
// bits 16*(2^60+1) = 2^64+16 looks like 16).
var wraps16 = checked.Wrapping(16)

// Every entry point that takes a block count rejects huge and negative
// counts with a keccak: panic before any block is written, on both AES
// backends. Each case runs in a child process, because before the fix the
// AES-NI backend wrote past the buffer in C and the process died.
func TestFixedKeyCountsOverflow(t *testing.T) {
	seed := make([]byte, 16)
	cases := []struct {
		name string
		f    func(k, next *Key)
	}{
		{"FillStreams/wraps", func(k, _ *Key) { k.FillStreams(make([]byte, 16), seed, wraps16) }},
		{"FillStreams/maxint", func(k, _ *Key) { k.FillStreams(make([]byte, 16), seed, math.MaxInt) }},
		{"FillStreams/negative", func(k, _ *Key) { k.FillStreams(nil, seed, -1) }},
		{"ChainStreams/n1wraps", func(k, next *Key) {
			k.ChainStreams(make([]byte, 16), wraps16, next, nil, 0, seed)
		}},
		{"ChainStreams/n2wraps", func(k, next *Key) {
			k.ChainStreams(make([]byte, 16), 1, next, make([]byte, 16), wraps16, seed)
		}},
		{"ChainStreams/n1negative", func(k, next *Key) {
			k.ChainStreams(nil, -1, next, nil, 0, seed)
		}},
		{"ChainStreams/n2negative", func(k, next *Key) {
			k.ChainStreams(make([]byte, 16), 1, next, nil, -1, seed)
		}},
		{"DeriveAndChain/n1wraps", func(k, next *Key) {
			DeriveAndChain(k, nil, next, nil, nil, make([]byte, 16), wraps16, nil, 0, seed)
		}},
		{"DeriveAndChain/n2wraps", func(k, next *Key) {
			DeriveAndChain(k, nil, next, nil, nil, make([]byte, 16), 1, make([]byte, 16), wraps16, seed)
		}},
		{"DeriveAndChain/n2negative", func(k, next *Key) {
			DeriveAndChain(k, nil, next, nil, nil, make([]byte, 16), 1, nil, -1, seed)
		}},
	}
	implrun.Run(t, "aes", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				k, _ := NewKey([]byte("a"), nil)
				next, _ := NewKey([]byte("b"), nil)
				msg := isolate.Panic(t, func() { c.f(k, next) })
				if !strings.HasPrefix(msg, "xof: ") {
					t.Errorf("want a keccak: panic, got %q", msg)
				}
			})
		}
	})
}
