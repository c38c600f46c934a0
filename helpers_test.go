package keccak

import (
	"hash"
	"testing"

	"github.com/go-xkcp/keccak/internal/testvec"
	"github.com/stretchr/testify/require"
)

// forEachBackend runs f once per backend this machine supports, with that
// backend active, so every test holds native kernels and Go to the same bar.
func forEachBackend(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, b := range backends() {
		t.Run(b.name(), func(t *testing.T) {
			defer func(saved backend) { impl = saved }(impl)
			impl = b
			f(t)
		})
	}
}

// onEachBackend runs f once per backend with that backend active, as
// forEachBackend does but without subtests, for fuzz targets; a failure
// names the backend.
func onEachBackend(t *testing.T, f func()) {
	t.Helper()
	defer func(saved backend) { impl = saved }(impl)
	for _, b := range backends() {
		impl = b
		func() {
			defer func() {
				if t.Failed() {
					t.Logf("on backend %s", b.name())
				}
			}()
			f()
		}()
	}
}

// clone is h.Clone() as h's own type, for a hash.Cloner.
func clone[H hash.Cloner](t testing.TB, h H) H {
	t.Helper()
	c, err := h.Clone()
	require.NoError(t, err)
	return c.(H)
}

// vector is one record of testdata/keccak/*.jsonl.
type vector = testvec.Keccak

func loadVectors(t testing.TB, name string) []vector { return testvec.LoadKeccak(t, name) }

func unhex(t testing.TB, s string) []byte { return testvec.Unhex(t, s) }

// stateFromHex reads a 200-byte state in the FIPS 202 byte order.
func stateFromHex(t testing.TB, s string) (a [25]uint64) {
	b := unhex(t, s)
	require.Len(t, b, 200)
	xorIn(&a, 0, b)
	return a
}
