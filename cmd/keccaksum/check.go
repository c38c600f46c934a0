package main

import (
	"bufio"
	"bytes"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
)

// --check: verify the files listed in checksum lists, as coreutils does:
// "NAME: OK" / "NAME: FAILED" / "NAME: FAILED open or read" on stdout,
// problems and a summary on stderr, exit status 1 if anything failed.
// Malformed lines are counted in the summary; each is reported (with its
// reason) only under --warn, and they fail the run only with --strict.

// verdict is the outcome of one line of a list.
type verdict int

const (
	vSkip      verdict = iota // blank or comment
	vMissing                  // not there, and --ignore-missing
	vMalformed                // reason in checkResult.err
	vOK
	vMismatch
	vUnreadable // error in checkResult.err
)

type checkResult struct {
	verdict verdict
	err     error
}

// checkTally counts outcomes over one list.
type checkTally struct {
	wellFormed int // lines naming a file to check
	verified   int // files found and hashed, whether they matched or not
	malformed  int
	mismatched int
	unreadable int
	// suspectLens are the digest lengths in bytes of untagged lines that
	// did not match or had a length -a's algorithm cannot give: the
	// evidence for a hint that another -a was meant.
	suspectLens map[int]bool
}

func (t *checkTally) suspect(hexDigits int) {
	if hexDigits%2 != 0 || hexDigits == 0 {
		return
	}
	if t.suspectLens == nil {
		t.suspectLens = map[int]bool{}
	}
	t.suspectLens[hexDigits/2] = true
}

func (c *cli) checkAll(lists []string) int {
	if len(lists) == 0 {
		lists = []string{"-"}
	}
	status := exitOK
	for _, list := range lists {
		if c.checkList(list) != exitOK {
			status = exitFailure
		}
	}
	return status
}

// checkList verifies one list, streaming: each line is parsed as it is
// read and its file hashed (up to -j at once) while later lines are still
// being read, so a list of any length takes bounded memory and its first
// verdicts appear before its end is read.
func (c *cli) checkList(list string) int {
	display := quoteName(list)
	if list == "-" {
		display = "standard input"
	}
	lr, closeList, err := openList(list)
	if err != nil {
		c.ioFailed(list, err)
		return exitFailure
	}
	defer closeList()

	type item struct {
		lineNo int
		entry  checkEntry
		pre    checkResult // vOK: to be verified
		weight int64       // of the budget's entries part
	}
	entries := c.reader.mem.entries
	var readErr error // set by next before it returns false
	next := func() (item, bool) {
		l, err := lr.next()
		if err != nil {
			if err != io.EOF {
				readErr = err
			}
			return item{}, false
		}
		e, kind, err := parseCheckLine(l, c.cfg.alg, c.cfg.algSet)
		// The entry's digest and name wait their turn within the budget's
		// entries part (budget.go), whatever -j is.
		it := item{lineNo: lr.lineNo, weight: entryWeight(len(e.name) + len(e.want))}
		acquire(entries, it.weight)
		switch kind {
		case lineEntry:
			if err := c.cfg.needKey(e.alg); err != nil {
				it.pre = checkResult{verdict: vMalformed, err: err}
				break
			}
			if list == "-" && e.name == "-" {
				// As coreutils: standard input cannot be both.
				it.pre = checkResult{verdict: vMalformed, err: errStdinTwice}
				break
			}
			if c.cfg.keyFromStdin() && e.name == "-" {
				it.entry, it.pre = e, checkResult{verdict: vUnreadable, err: errStdinKey}
				break
			}
			it.entry, it.pre.verdict = e, vOK
		case lineSkip:
			it.pre.verdict = vSkip
		case lineMalformed:
			it.pre = checkResult{verdict: vMalformed, err: err}
		}
		return it, true
	}

	var t checkTally
	runStream(c.cfg.jobs, next,
		func(it item) checkResult {
			if it.pre.verdict != vOK || it.entry.name == "-" {
				return it.pre // standard input is read in order, by emit
			}
			return c.verify(it.entry)
		},
		func(it item, r checkResult) {
			defer entries.Release(it.weight)
			if r.verdict == vOK && it.entry.name == "-" {
				c.flush()
				r = c.verify(it.entry)
			}
			c.report(&t, display, it.lineNo, it.entry, r)
		},
		c.flush)
	if readErr != nil {
		if errors.Is(readErr, errLineTooLong) {
			c.warnf("%s:%d: %v", display, lr.lineNo+1, readErr)
		} else {
			c.ioFailed(list, readErr)
		}
		if t.wellFormed > 0 {
			c.summarize(&t, display)
		}
		return exitFailure
	}
	return c.summarize(&t, display)
}

// errStdinTwice is the reason a line of a list read from standard input
// is malformed when it names standard input too.
var errStdinTwice = errors.New("the list is standard input, so '-' cannot name a file to check")

// errStdinKey is why '-' in a list cannot be read under --key-file -.
var errStdinKey = errors.New("standard input was read as the key (--key-file -)")

// verify hashes one listed file and compares.
func (c *cli) verify(e checkEntry) checkResult {
	n := len(e.want)
	p := c.cfg.params
	got, err := c.reader.sumFile(e.name, e.alg, &p, n)
	if err != nil {
		if c.cfg.ignoreMissing && isNotExist(err) {
			return checkResult{verdict: vMissing}
		}
		return checkResult{verdict: vUnreadable, err: err}
	}
	if subtle.ConstantTimeCompare(got, e.want) != 1 {
		return checkResult{verdict: vMismatch}
	}
	return checkResult{verdict: vOK}
}

// report prints one line's outcome and counts it.
func (c *cli) report(t *checkTally, list string, lineNo int, e checkEntry, r checkResult) {
	quiet, status := c.cfg.quiet, c.cfg.status
	name := e.name
	switch r.verdict {
	case vMalformed:
		t.malformed++
		var dl *digestLengthError
		if errors.As(r.err, &dl) && dl.untagged {
			t.suspect(dl.digits)
		}
		if c.cfg.warn && !status {
			c.warnf("%s:%d: improperly formatted line: %v", list, lineNo, r.err)
		}
		return
	case vSkip:
		return
	}
	t.wellFormed++
	switch r.verdict {
	case vOK:
		t.verified++
		if !quiet && !status {
			c.line = appendStatusLine(c.line[:0], name, "OK")
			c.write(c.line)
		}
	case vMismatch:
		t.verified++
		t.mismatched++
		if !e.tagged {
			t.suspect(2 * len(e.want))
		}
		if !status {
			c.line = appendStatusLine(c.line[:0], name, "FAILED")
			c.write(c.line)
		}
	case vUnreadable:
		t.unreadable++
		c.ioFailed(name, r.err)
		if !status {
			c.line = appendStatusLine(c.line[:0], name, "FAILED open or read")
			c.write(c.line)
		}
	}
}

// summarize prints the warnings after a list and gives its exit status.
func (c *cli) summarize(t *checkTally, list string) int {
	if !c.cfg.status {
		defer c.hint(t, list)
	}
	if t.wellFormed == 0 {
		c.warnf("%s: no properly formatted checksum lines found", list)
		return exitFailure
	}
	if !c.cfg.status {
		if t.malformed > 0 {
			c.warnf("WARNING: %s improperly formatted", plural(t.malformed, "line is", "lines are"))
		}
		if t.unreadable > 0 {
			c.warnf("WARNING: %s could not be read", plural(t.unreadable, "listed file", "listed files"))
		}
		if t.mismatched > 0 {
			c.warnf("WARNING: %s did NOT match", plural(t.mismatched, "computed checksum", "computed checksums"))
		}
	}
	if c.cfg.ignoreMissing && t.verified == 0 && t.unreadable == 0 {
		c.warnf("%s: no file was verified", list)
		return exitFailure
	}
	if t.mismatched > 0 || t.unreadable > 0 || c.cfg.strict && t.malformed > 0 {
		return exitFailure
	}
	return exitOK
}

// hint names the -a that might have been meant, when nothing in a list
// matched and its untagged digests say the algorithm may be the wrong one:
// all of their lengths differ from -a's algorithm's, or, with no -a, their
// length is that of several algorithms (26 make the default a likely
// mistake). Keyed algorithms are left out: they need --key-file anyway.
func (c *cli) hint(t *checkTally, list string) {
	alg := c.cfg.alg
	if len(t.suspectLens) == 0 || t.verified > t.mismatched {
		return
	}
	var candidates []string
	for i := range algorithms {
		a := &algorithms[i]
		if a != alg && t.suspectLens[a.size] && a.takes&takesKey == 0 {
			candidates = append(candidates, a.name)
		}
	}
	allOther := !t.suspectLens[alg.size]
	several := !c.cfg.algSet // alg's length and a candidate's
	if len(candidates) == 0 || !allOther && !several {
		return
	}
	lens := make([]int, 0, len(t.suspectLens))
	for n := range t.suspectLens {
		lens = append(lens, n)
	}
	slices.Sort(lens)
	var have []string
	for _, n := range lens {
		have = append(have, strconv.Itoa(n))
	}
	what := "bytes"
	if alg.xof {
		what = "bytes by default"
	}
	or := candidates[len(candidates)-1]
	if len(candidates) > 1 {
		or = strings.Join(candidates[:len(candidates)-1], ", ") + " or " + or
	}
	c.warnf("hint: %s was checked with %s (%d %s); its digests have %s bytes, as from -a %s",
		list, alg.name, alg.size, what, strings.Join(have, " and "), or)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// maxLineLen bounds one line of a list: the longest digest keccaksum
// writes (maxLength bytes in hex) and a generous name.
const maxLineLen = 2*maxLength + 64<<10

var errLineTooLong = fmt.Errorf("line longer than %d bytes: not a checksum list", maxLineLen)

// lineReader yields the lines of a list one at a time; lines end at '\n'
// (the last may not). Memory is one line at most.
type lineReader struct {
	br     *bufio.Reader
	buf    []byte
	lineNo int // of the line last returned
}

// openList opens a list ("-": standard input) for reading line by line.
func openList(name string) (*lineReader, func(), error) {
	var r io.Reader = os.Stdin
	closeList := func() {}
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		if st, err := f.Stat(); err == nil && st.IsDir() {
			f.Close()
			return nil, nil, &os.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
		}
		r, closeList = f, func() { f.Close() }
	}
	return &lineReader{br: bufio.NewReaderSize(r, 64<<10)}, closeList, nil
}

// next returns the next line without its newline; io.EOF after the last,
// errLineTooLong for a line over maxLineLen bytes (the list is not read
// further).
func (l *lineReader) next() (string, error) {
	l.buf = l.buf[:0]
	for {
		chunk, err := l.br.ReadSlice('\n')
		if len(l.buf)+len(chunk) > maxLineLen+1 || len(l.buf)+len(chunk) == maxLineLen+1 && chunk[len(chunk)-1] != '\n' {
			return "", errLineTooLong
		}
		l.buf = append(l.buf, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(l.buf) > 0:
			err = nil
		case err != nil:
			return "", err
		}
		l.lineNo++
		return string(bytes.TrimSuffix(l.buf, []byte("\n"))), nil
	}
}
