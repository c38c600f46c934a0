package main

// hashAll prints one line per input, in command-line order (with -r, a
// directory's files in walk order), hashing up to -j inputs at once. An
// unreadable input is reported and skipped; the exit status then says
// something failed.
func (c *cli) hashAll(files []string) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	alg := c.cfg.alg
	outLen, err := alg.outputLength(c.cfg.length)
	if err != nil { // validated by parseConfig already
		c.warnf("%v", err)
		return exitUsage
	}
	type result struct {
		sum   []byte
		err   error
		stdin bool // not hashed yet: standard input is read in order, by emit
	}
	hash := func(in input) result {
		if in.err != nil {
			return result{err: in.err}
		}
		p := c.cfg.params
		sum, err := c.reader.sumFile(in.name, alg, &p, outLen)
		return result{sum: sum, err: err}
	}
	status := exitOK
	c.reader.alone = len(files) == 1 && !(c.cfg.recursive && isDir(files[0]))
	// Each digest waiting to be printed in order counts in the budget's
	// entries part (budget.go), taken before its input is handed out.
	entries, weight := c.reader.mem.entries, entryWeight(outLen)
	w := &walker{operands: files, recursive: c.cfg.recursive, follow: c.cfg.follow}
	next := func() (input, bool) {
		in, ok := w.next()
		if ok {
			acquire(entries, weight)
		}
		return in, ok
	}
	jobs := c.cfg.jobs
	if !c.cfg.recursive {
		jobs = min(jobs, len(files))
	}
	runStream(jobs, next,
		func(in input) result {
			if in.name == "-" && in.err == nil {
				// A second "-" must find what the first left (nothing).
				return result{stdin: true}
			}
			return hash(in)
		},
		func(in input, r result) {
			defer entries.Release(weight)
			if r.stdin {
				c.flush()
				r = hash(in)
			}
			if r.err != nil {
				c.ioFailed(in.name, r.err)
				status = exitFailure
				return
			}
			c.line = c.cfg.format.appendHashLine(c.line[:0], alg, in.name, r.sum)
			c.write(c.line)
		},
		c.flush)
	return status
}
