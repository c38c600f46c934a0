package main

import (
	"bufio"
	"crypto/subtle"
	"io"
	"os"
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

func (c *cli) checkList(list string) int {
	display := quoteName(list)
	if list == "-" {
		display = "standard input"
	}
	lines, err := readLines(list)
	if err != nil {
		c.ioFailed(list, err)
		return exitFailure
	}
	entries := make([]checkEntry, len(lines))
	results := make([]checkResult, len(lines))
	for i, l := range lines {
		e, kind, err := parseCheckLine(l, c.cfg.alg, c.cfg.algSet)
		switch kind {
		case lineEntry:
			if err := c.cfg.needKey(e.alg); err != nil {
				results[i] = checkResult{verdict: vMalformed, err: err}
				break
			}
			entries[i] = e
			results[i].verdict = vOK // to be verified
		case lineSkip:
			results[i].verdict = vSkip
		case lineMalformed:
			results[i] = checkResult{verdict: vMalformed, err: err}
		}
	}

	var t checkTally
	runOrdered(len(lines), c.cfg.jobs,
		func(i int) checkResult {
			if results[i].verdict != vOK || entries[i].name == "-" {
				return results[i] // standard input is read in order, by emit
			}
			return c.verify(entries[i])
		},
		func(i int, r checkResult) {
			if r.verdict == vOK && entries[i].name == "-" {
				c.flush()
				r = c.verify(entries[i])
			}
			c.report(&t, display, i+1, entries[i].name, r)
		},
		c.flush)
	return c.summarize(&t, display)
}

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
func (c *cli) report(t *checkTally, list string, lineNo int, name string, r checkResult) {
	quiet, status := c.cfg.quiet, c.cfg.status
	switch r.verdict {
	case vMalformed:
		t.malformed++
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

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// readLines reads a whole list; lines end at '\n' (the last may not).
func readLines(name string) ([]string, error) {
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return nil, &os.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
		}
		r = f
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var lines []string
	for {
		l, err := br.ReadString('\n')
		if l != "" {
			lines = append(lines, strings.TrimSuffix(l, "\n"))
		}
		if err == io.EOF {
			return lines, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
