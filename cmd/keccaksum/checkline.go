package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// One line of a checksum list, in either format keccaksum writes:
//
//	HEX  NAME   HEX *NAME   HEX NAME          (untagged: the algorithm is -a's)
//	ALG (NAME) = HEX   ALG(NAME)= HEX         (tagged; the second is openssl's,
//	                                           whose SHAKE-128 and SHAKE-256
//	                                           are aliases of shake128/256)
//
// optionally preceded by a backslash when NAME is escaped. As in coreutils
// (9.1), empty lines and lines starting with '#' are skipped, while a line
// of blanks or an indented comment is improperly formatted; a space or a
// tab separates HEX and NAME, and blanks may surround the '='. A NUL ends
// NAME.

// checkEntry is a well-formed line.
type checkEntry struct {
	alg    *algorithm
	name   string
	want   []byte
	tagged bool // the line named its algorithm
}

// lineKind says what parseCheckLine found.
type lineKind int

const (
	lineEntry lineKind = iota
	lineSkip
	lineMalformed
)

// parseCheckLine parses one line (without its newline). alg is -a's
// algorithm; algSet says -a was given, so tagged lines must agree with it.
// For a malformed line the error says what is wrong.
func parseCheckLine(line string, alg *algorithm, algSet bool) (checkEntry, lineKind, error) {
	line = strings.TrimSuffix(line, "\r")
	if line == "" || line[0] == '#' {
		return checkEntry{}, lineSkip, nil
	}
	line = strings.TrimLeft(line, " \t")
	if line == "" {
		return checkEntry{}, lineMalformed, errors.New("a line of blanks only")
	}
	escaped := line[0] == '\\'
	if escaped {
		line = line[1:]
	}
	var e checkEntry
	var hexDigest string
	var err error
	if tag, name, h, ok := splitTagged(line); ok {
		e.name, hexDigest, e.tagged = name, h, true
		e.alg = findAlgorithm(tag)
		switch {
		case e.alg == nil:
			err = fmt.Errorf("unknown algorithm '%s' (known: %s)", tag, algorithmNames())
		case algSet && e.alg != alg:
			err = fmt.Errorf("the line is for %s, but -a %s was given", e.alg.name, alg.name)
		}
	} else if h, name, ok := splitUntagged(line); ok {
		e.alg, e.name, hexDigest = alg, name, h
	} else {
		err = fmt.Errorf("neither 'HEX  NAME' nor 'ALG (NAME) = HEX'")
	}
	if err == nil {
		e.want, err = decodeDigest(hexDigest, e.alg)
		var dl *digestLengthError
		if errors.As(err, &dl) {
			dl.untagged = !e.tagged
		}
	}
	if err == nil && escaped {
		var ok bool
		if e.name, ok = unescapeName(e.name); !ok {
			err = fmt.Errorf("invalid escape in the file name (only \\\\, \\n and \\r are used)")
		}
	}
	if err == nil {
		// As in coreutils, whose names are C strings: a name ends at its
		// first NUL (no file name holds one), and the rest is ignored.
		e.name, _, _ = strings.Cut(e.name, "\x00")
	}
	if err == nil && e.name == "" {
		err = fmt.Errorf("empty file name")
	}
	if err != nil {
		return checkEntry{}, lineMalformed, err
	}
	// A copy: a slice would keep the whole line (up to 2 MiB) alive for
	// as long as the entry waits its turn.
	e.name = strings.Clone(e.name)
	return e, lineEntry, nil
}

// splitTagged splits "ALG (NAME) = HEX" (or openssl's "ALG(NAME)= HEX").
func splitTagged(line string) (tag, name, hexDigest string, ok bool) {
	open := strings.IndexByte(line, '(')
	if open < 1 {
		return "", "", "", false
	}
	tag = strings.TrimSuffix(line[:open], " ")
	if tag == "" || strings.IndexFunc(tag, func(r rune) bool {
		return !(r == '-' || r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
	}) >= 0 {
		return "", "", "", false
	}
	// The digest has no ')', so the last one ends the name; blanks may
	// surround the '=' (coreutils reads "ALG (NAME)  =  HEX" too).
	rest := line[open+1:]
	end := strings.LastIndexByte(rest, ')')
	if end < 0 {
		return "", "", "", false
	}
	after := strings.TrimLeft(rest[end+1:], " \t")
	if !strings.HasPrefix(after, "=") {
		return "", "", "", false
	}
	return tag, rest[:end], strings.TrimLeft(after[1:], " \t"), true
}

// splitUntagged splits "HEX  NAME", "HEX *NAME" or "HEX NAME"; either
// blank may be a tab, as coreutils reads them. As there, a single
// character after the first blank is the name, even a space or a '*'.
func splitUntagged(line string) (hexDigest, name string, ok bool) {
	n := 0
	for n < len(line) && isHexDigit(line[n]) {
		n++
	}
	if n == 0 || n+1 >= len(line) || line[n] != ' ' && line[n] != '\t' {
		return "", "", false
	}
	name = line[n+1:]
	if len(name) > 1 && (name[0] == ' ' || name[0] == '*') {
		name = name[1:]
	}
	return line[:n], name, true
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// decodeDigest checks the digest's length against the algorithm.
func decodeDigest(h string, alg *algorithm) ([]byte, error) {
	switch {
	case h == "":
		return nil, fmt.Errorf("no digest")
	case !alg.xof && len(h) != 2*alg.size:
		return nil, &digestLengthError{digits: len(h), alg: alg}
	case len(h)%2 != 0:
		return nil, fmt.Errorf("the digest has an odd number of hex digits (%d)", len(h))
	case len(h) > 2*maxLength:
		return nil, fmt.Errorf("the digest is longer than %d bytes", maxLength)
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return nil, fmt.Errorf("the digest is not hexadecimal: %v", err)
	}
	return b, nil
}

// digestLengthError is a digest whose length is not the algorithm's.
type digestLengthError struct {
	digits   int // hex digits
	alg      *algorithm
	untagged bool // the algorithm was -a's, not the line's
}

func (e *digestLengthError) Error() string {
	return fmt.Sprintf("the digest has %d hex digits; %s has %d (use -a to choose the algorithm)", e.digits, e.alg.name, 2*e.alg.size)
}
