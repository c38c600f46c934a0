package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseCheckLine(t *testing.T) {
	sha := findAlgorithm("sha3-256")
	shake := findAlgorithm("shake128")
	h64 := strings.Repeat("ab", 32)
	for _, c := range []struct {
		line   string
		alg    *algorithm
		algSet bool
		want   checkEntry
	}{
		{h64 + "  f", sha, false, checkEntry{sha, "f", nil, false}},
		{h64 + " *f", sha, false, checkEntry{sha, "f", nil, false}},
		{h64 + " f", sha, false, checkEntry{sha, "f", nil, false}},
		{h64 + "   f", sha, false, checkEntry{sha, " f", nil, false}},
		{h64 + "  f ) = x\r", sha, false, checkEntry{sha, "f ) = x", nil, false}},
		{"\t " + h64 + "  f", sha, false, checkEntry{sha, "f", nil, false}},
		{`\` + h64 + `  a\nb\\c\r`, sha, false, checkEntry{sha, "a\nb\\c\r", nil, false}},
		{strings.ToUpper(h64) + "  f", sha, false, checkEntry{sha, "f", nil, false}},
		{"abcd  f", shake, false, checkEntry{shake, "f", nil, false}},
		{"SHA3-256 (a (b) = c) = " + h64, shake, false, checkEntry{sha, "a (b) = c", nil, false}},
		{"sha3-256 (f) = " + h64, sha, true, checkEntry{sha, "f", nil, false}},
		{"SHA3-256(f)= " + h64, sha, false, checkEntry{sha, "f", nil, false}},
		{"SHAKE-128(f)= " + h64[:32], sha, false, checkEntry{shake, "f", nil, false}},
		{"SHAKE-128(f)= " + h64[:32], shake, true, checkEntry{shake, "f", nil, false}},
		{`\SHAKE128 (a\\b) = 00`, sha, false, checkEntry{shake, `a\b`, nil, false}},
		// Regression (issue 19, item 4): as in coreutils, a NUL ends the
		// name; the name was kept whole and written with a raw NUL.
		{h64 + "  a\x00junk", sha, false, checkEntry{sha, "a", nil, false}},
		{h64 + "  a\x00", sha, false, checkEntry{sha, "a", nil, false}},
		// Issue 29, item 5: as coreutils 9.1 reads them, a tab may
		// separate digest and name, blanks may surround a tagged line's
		// '=', and one character after the blank is the name.
		{h64 + "\tf", sha, false, checkEntry{sha, "f", nil, false}},
		{h64 + "\t*f", sha, false, checkEntry{sha, "f", nil, false}},
		{h64 + "\t f", sha, false, checkEntry{sha, "f", nil, false}},
		{h64 + "\t\tf", sha, false, checkEntry{sha, "\tf", nil, false}},
		{h64 + " \tf", sha, false, checkEntry{sha, "\tf", nil, false}},
		{h64 + "  ", sha, false, checkEntry{sha, " ", nil, false}},
		{h64 + " *", sha, false, checkEntry{sha, "*", nil, false}},
		{"SHA3-256 (f)  =  " + h64, sha, false, checkEntry{sha, "f", nil, false}},
		{"SHA3-256 (f)\t=\t" + h64, sha, false, checkEntry{sha, "f", nil, false}},
		{"SHA3-256 (a\x00b) = " + h64, sha, false, checkEntry{sha, "a", nil, false}},
		{`\` + h64 + `  a\n` + "\x00" + `b\\`, sha, false, checkEntry{sha, "a\n", nil, false}},
	} {
		e, kind, err := parseCheckLine(c.line, c.alg, c.algSet)
		require.NoError(t, err, "%q", c.line)
		require.Equal(t, lineEntry, kind)
		require.Same(t, c.want.alg, e.alg, "%q", c.line)
		require.Equal(t, c.want.name, e.name, "%q", c.line)
		require.NotEmpty(t, e.want)
	}
	for _, line := range []string{"", "# comment", "#", "\r"} {
		_, kind, err := parseCheckLine(line, sha, false)
		require.NoError(t, err)
		require.Equal(t, lineSkip, kind, "%q", line)
	}
	for _, c := range []struct{ line, msg string }{
		{"nonsense", "neither"},
		{h64, "neither"},
		{h64 + " ", "neither"},
		{h64 + "\t", "neither"},
		// Issue 29, item 5: as in coreutils 9.1, blanks alone and
		// indented comments are improperly formatted (they were skipped).
		{"   ", "blanks only"},
		{"\t", "blanks only"},
		{" \r", "blanks only"},
		{"  # comment", "neither"},
		{"SHA3-256 (f) " + h64, "neither"},
		{h64[:62] + "  f", "the digest has 62 hex digits; sha3-256 has 64"},
		{"abc  f", "the digest has 3 hex digits"},
		{"SHA3-256 (f) = " + h64[:10], "the digest has 10 hex digits"},
		{"SHA3-256 (f) = " + h64[:62] + "xy", "not hexadecimal"},
		{"SHAKE128 (f) = abc", "odd number of hex digits (3)"},
		{"SHA3-256 (f) = ", "no digest"},
		{"MD5 (f) = 00", "unknown algorithm 'MD5'"},
		{"SHAKE128 (f) = 00", "the line is for shake128, but -a sha3-256 was given"},
		{`\` + h64 + `  a\tb`, "invalid escape"},
		// NULs elsewhere than in the name, as coreutils reads them.
		{h64 + "  \x00a", "empty file name"},
		{h64 + "\x00  a", "neither"},
		{h64[:32] + "\x00" + h64[32:] + "  a", "neither"},
		{"SHA3-256 (a) = " + h64[:10] + "\x00" + h64[11:], "not hexadecimal"},
		{`\` + h64 + "  a\x00" + `\q`, "invalid escape"},
	} {
		algSet := strings.HasPrefix(c.line, "SHAKE128 (f) = 00")
		_, kind, err := parseCheckLine(c.line, sha, algSet)
		require.Equal(t, lineMalformed, kind, "%q", c.line)
		require.ErrorContains(t, err, c.msg, "%q", c.line)
	}
}
