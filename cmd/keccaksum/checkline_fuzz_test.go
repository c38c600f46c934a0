package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Any line written for any name reads back as that name and digest, in
// both formats; and no line, however mangled, makes the parser panic.
func FuzzCheckLineRoundTrip(f *testing.F) {
	for _, s := range []string{"f", " lead", "*star", "a\nb", `c\d`, "e\rf", "(x) = y", "SHA3-256 (z) = 00", "a\x00b", "ü"} {
		f.Add(s, []byte{1, 2, 3}, false)
		f.Add(s, []byte{0xff}, true)
	}
	alg := findAlgorithm("shake128")
	f.Fuzz(func(t *testing.T, name string, sum []byte, tag bool) {
		// A file name never holds a NUL (it would end the name, as in
		// coreutils).
		if name == "" || strings.Contains(name, "\x00") || len(sum) == 0 || len(sum) > maxLength {
			return
		}
		line := string(lineFormat{tag: tag}.appendHashLine(nil, alg, name, sum))
		line = strings.TrimSuffix(line, "\n")
		e, kind, err := parseCheckLine(line, alg, false)
		require.NoError(t, err, "line %q for name %q", line, name)
		require.Equal(t, lineEntry, kind, "line %q for name %q", line, name)
		require.Same(t, alg, e.alg, "line %q", line)
		require.Equal(t, name, e.name, "line %q", line)
		require.Equal(t, sum, e.want, "line %q", line)
		// Mangled lines: any outcome but a panic.
		parseCheckLine(name, alg, tag)
		parseCheckLine(line[:len(line)/2], alg, tag)
	})
}
