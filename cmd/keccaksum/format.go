package main

import (
	"encoding/hex"
	"strings"
)

// Output lines, in the formats coreutils sha256sum writes and reads:
//
//	HEX  NAME              (default; "HEX *NAME" with --binary)
//	ALG (NAME) = HEX       (--tag, the BSD format)
//	HEX                    (--no-names, as b3sum; --raw: the bytes alone)
//
// A name holding a newline, carriage return or backslash would break the
// line structure, so, as coreutils does, such a line starts with a
// backslash and those characters in the name are written \n, \r and \\.
// With -z lines end in NUL instead of newline and names are written as is.

// lineFormat is how hash results are written.
type lineFormat struct {
	tag    bool // BSD format
	zero   bool // NUL-terminated lines, no escaping
	binary bool // "*" before the name (coreutils --binary); meaningless here but accepted
	// noNames: the bare hex digest (b3sum --no-names). raw: the digest's
	// bytes and nothing else (b3sum --raw; one input only).
	noNames bool
	raw     bool
}

var nameEscaper = strings.NewReplacer("\\", `\\`, "\n", `\n`, "\r", `\r`)

func needsEscape(name string) bool { return strings.ContainsAny(name, "\\\n\r") }

// escapeName returns the name as written in a line and whether the line
// must start with a backslash.
func escapeName(name string) (string, bool) {
	if !needsEscape(name) {
		return name, false
	}
	return nameEscaper.Replace(name), true
}

// unescapeName undoes escapeName for a line that started with a backslash.
func unescapeName(s string) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) {
			return "", false
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// appendHashLine appends one result line for name to b.
func (f lineFormat) appendHashLine(b []byte, alg *algorithm, name string, sum []byte) []byte {
	switch {
	case f.raw:
		return append(b, sum...)
	case f.noNames:
		return f.end(hex.AppendEncode(b, sum))
	}
	escaped, backslash := name, false
	if !f.zero {
		escaped, backslash = escapeName(name)
	}
	if backslash {
		b = append(b, '\\')
	}
	if f.tag {
		b = append(b, alg.tag...)
		b = append(b, " ("...)
		b = append(b, escaped...)
		b = append(b, ") = "...)
		b = hex.AppendEncode(b, sum)
	} else {
		b = hex.AppendEncode(b, sum)
		if f.binary {
			b = append(b, " *"...)
		} else {
			b = append(b, "  "...)
		}
		b = append(b, escaped...)
	}
	return f.end(b)
}

func (f lineFormat) end(b []byte) []byte {
	if f.zero {
		return append(b, 0)
	}
	return append(b, '\n')
}

// appendStatusLine appends a --check verdict, "NAME: OK". As coreutils
// 9.1 does, only a name with a newline is escaped (the way hash lines
// are): one with a backslash or a carriage return is written as it is.
func appendStatusLine(b []byte, name, status string) []byte {
	if strings.Contains(name, "\n") {
		escaped, _ := escapeName(name)
		b = append(b, '\\')
		b = append(b, escaped...)
	} else {
		b = append(b, name...)
	}
	b = append(b, ": "...)
	b = append(b, status...)
	return append(b, '\n')
}

// quoteName is how a name appears inside messages on stderr: escaped, so
// a hostile file name cannot forge lines or terminal control sequences.
func quoteName(name string) string {
	escaped, _ := escapeName(name)
	if strings.IndexFunc(escaped, func(r rune) bool { return r < 0x20 || r == 0x7f }) < 0 {
		return escaped
	}
	var b strings.Builder
	for _, r := range escaped {
		if r < 0x20 || r == 0x7f {
			b.WriteString(`\x`)
			b.WriteString(hex.EncodeToString([]byte{byte(r)}))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
