package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestEscapeRoundTrip(t *testing.T) {
	for name, want := range map[string]string{
		"plain":          "",
		"sp ace":         "",
		"a\nb":           `a\nb`,
		`a\b`:            `a\\b`,
		"a\rb":           `a\rb`,
		"\\n":            `\\n`,
		"x\n\\\r\n":      `x\n\\\r\n`,
		"tab\tand\x00ok": "",
	} {
		escaped, backslash := escapeName(name)
		require.Equal(t, want != "", backslash, "%q", name)
		if backslash {
			require.Equal(t, want, escaped)
		} else {
			require.Equal(t, name, escaped)
		}
		got, ok := unescapeName(escaped)
		if backslash {
			require.True(t, ok)
			require.Equal(t, name, got)
		}
	}
	for _, bad := range []string{`a\`, `a\t`, `\x`} {
		_, ok := unescapeName(bad)
		require.False(t, ok, bad)
	}
}

func TestHashLineFormats(t *testing.T) {
	alg := findAlgorithm("kt128")
	sum := []byte{0xde, 0xad}
	for _, c := range []struct {
		f    lineFormat
		name string
		want string
	}{
		{lineFormat{}, "f", "dead  f\n"},
		{lineFormat{binary: true}, "f", "dead *f\n"},
		{lineFormat{tag: true}, "f", "KT128 (f) = dead\n"},
		{lineFormat{}, "a\nb", "\\dead  a\\nb\n"},
		{lineFormat{tag: true}, "a\\b", "\\KT128 (a\\\\b) = dead\n"},
		{lineFormat{zero: true}, "a\nb", "dead  a\nb\x00"},
		{lineFormat{zero: true, tag: true}, "a\\b", "KT128 (a\\b) = dead\x00"},
	} {
		require.Equal(t, c.want, string(c.f.appendHashLine(nil, alg, c.name, sum)))
	}
	require.Equal(t, "\\a\\nb: OK\n", string(appendStatusLine(nil, "a\nb", "OK")))
}

func TestQuoteName(t *testing.T) {
	require.Equal(t, "plain name", quoteName("plain name"))
	require.Equal(t, `a\nb`, quoteName("a\nb"))
	require.Equal(t, `evil\x1b[2Jname`, quoteName("evil\x1b[2Jname"))
}

func TestFormatMBs(t *testing.T) {
	for v, want := range map[float64]string{
		1234.56: "1234.6", 12.34: "12.3", 5: "5.0", 0.042: "0.042",
		0.00012: "0.00012", 1e-9: "0.000000", 0: "0.0",
	} {
		require.Equal(t, want, formatMBs(v), "formatMBs(%v)", v)
	}
}

// Issue 29, item 5: --check's verdict lines escape a name only when it
// holds a newline, as coreutils 9.1 does; a backslash or a carriage
// return alone was escaped here and is written raw there.
func TestStatusLineEscaping(t *testing.T) {
	for name, want := range map[string]string{
		"plain":   "plain: OK\n",
		`a\b`:     `a\b: OK` + "\n",
		"c\rd":    "c\rd: OK\n",
		"n\nl":    `\n\nl: OK` + "\n",
		"a\\b\nc": `\a\\b\nc: OK` + "\n",
		"r\rs\nt": `\r\rs\nt: OK` + "\n",
	} {
		require.Equal(t, want, string(appendStatusLine(nil, name, "OK")), "%q", name)
	}
}
