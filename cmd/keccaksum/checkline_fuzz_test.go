package main

import (
	"bytes"
	"strings"
	"testing"
)

// Any line written for any name reads back as that name and digest, in
// both formats; and no line, however mangled, makes the parser panic.
func FuzzCheckLineRoundTrip(f *testing.F) {
	for _, s := range []string{"f", " lead", "*star", "a\nb", `c\d`, "e\rf", "(x) = y", "SHA3-256 (z) = 00", "\x00", "ü"} {
		f.Add(s, []byte{1, 2, 3}, false)
		f.Add(s, []byte{0xff}, true)
	}
	alg := findAlgorithm("shake128")
	f.Fuzz(func(t *testing.T, name string, sum []byte, tag bool) {
		if name == "" || len(sum) == 0 || len(sum) > maxLength {
			return
		}
		line := string(lineFormat{tag: tag}.appendHashLine(nil, alg, name, sum))
		line = strings.TrimSuffix(line, "\n")
		e, kind, err := parseCheckLine(line, alg, false)
		if kind != lineEntry || err != nil {
			t.Fatalf("line %q for name %q: kind %d, %v", line, name, kind, err)
		}
		if e.alg != alg || e.name != name || !bytes.Equal(e.want, sum) {
			t.Fatalf("line %q: got %q %x, want %q %x", line, e.name, e.want, name, sum)
		}
		// Mangled lines: any outcome but a panic.
		parseCheckLine(name, alg, tag)
		parseCheckLine(line[:len(line)/2], alg, tag)
	})
}
