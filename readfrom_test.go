package keccak

import (
	"errors"
	"hash"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// chunky hands out msg in reads of random sizes, the last one sometimes
// with io.EOF, and fails with err (if set) once fail bytes are read.
type chunky struct {
	r    *rand.Rand
	msg  []byte
	fail int
	err  error
}

func (c *chunky) Read(p []byte) (int, error) {
	if c.err != nil && c.fail == 0 {
		return 0, c.err
	}
	n := min(len(p), len(c.msg), 1+c.r.IntN(pick(c.r.IntN(3) == 0, 300<<10, 9000)))
	if c.err != nil {
		n = min(n, c.fail)
		c.fail -= n
	}
	copy(p, c.msg[:n])
	c.msg = c.msg[n:]
	if len(c.msg) == 0 && c.r.IntN(2) == 0 {
		return n, io.EOF
	}
	return n, nil
}

// io.Copy into a tree hash (ReadFrom, reading into the stage) absorbs what
// Write would, after any writes, across chunk 0 and many stages, with
// 1..3 goroutines; a reader's error comes back with the bytes read before
// it, which are absorbed.
func TestReadFromAbsorbsAsWrite(t *testing.T) {
	forEachSubject(t, 81, func(t *testing.T, r *rand.Rand, s subject) {
		for range pick(testing.Short(), 2, 3) {
			newHash, ref := s.make(r, randomBytes(r, r.IntN(40)))
			h := newHash()
			rf, ok := h.(io.ReaderFrom)
			if !ok {
				return
			}
			if p, ok := h.(interface{ SetParallelism(int) }); ok {
				p.SetParallelism(1 + r.IntN(3))
			}
			var parts [][]byte
			if r.IntN(2) == 0 {
				parts = append(parts, randomBytes(r, r.IntN(3*chunkSize)))
				h.(io.Writer).Write(parts[0])
			}
			msg := randomBytes(r, pick(r.IntN(3) == 0, r.IntN(2*chunkSize), r.IntN(pick(testing.Short(), 600<<10, 1<<20))))
			src := &chunky{r: r, msg: msg}
			if r.IntN(3) == 0 {
				src.fail, src.err = r.IntN(len(msg)+1), errors.New("broken")
			}
			n, err := rf.ReadFrom(src)
			if src.err != nil {
				require.ErrorIs(t, err, src.err)
				parts = append(parts, msg[:n])
				rest := msg[n:]
				h.(io.Writer).Write(rest)
				parts = append(parts, rest)
			} else {
				require.NoError(t, err)
				require.Equal(t, int64(len(msg)), n)
				parts = append(parts, msg)
			}
			where := []any{"%d bytes written, %d read", len(parts[0]), len(msg)}
			switch h := h.(type) {
			case hash.Hash:
				require.Equal(t, ref(parts, h.Size()), h.Sum(nil), where...)
			case io.Reader:
				out := make([]byte, 100)
				h.Read(out)
				require.Equal(t, ref(parts, len(out)), out, where...)
				require.PanicsWithValue(t, "keccak: ReadFrom after Read", func() { rf.ReadFrom(&chunky{r: r, msg: msg}) })
			}
		}
	})
}

// A reader that returns a count its buffer cannot hold is a bug the hash
// reports, as bufio does, rather than reading past the buffer.
func TestReadFromBadCount(t *testing.T) {
	for _, h := range []io.ReaderFrom{NewKT128(nil), NewParallelHash128(nil, 8192, 32)} {
		msg := func() (v any) {
			defer func() { v = recover() }()
			h.ReadFrom(badCount{})
			return nil
		}()
		require.Regexp(t, `^keccak: io\.Reader returned -1 bytes for a buffer of \d+$`, msg)
	}
}

type badCount struct{}

func (badCount) Read(p []byte) (int, error) { return -1, nil }
