package main

// hashAll prints one line per input, in command-line order, hashing up to
// -j inputs at once. An unreadable input is reported and skipped; the exit
// status then says something failed.
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
	hash := func(i int) result {
		p := c.cfg.params
		sum, err := c.reader.sumFile(files[i], alg, &p, outLen)
		return result{sum: sum, err: err}
	}
	status := exitOK
	c.reader.alone = len(files) == 1
	// Each digest waiting to be printed in order counts in the budget's
	// entries part (budget.go), taken before its input is handed out.
	entries, weight := c.reader.mem.entries, entryWeight(outLen)
	i := 0
	next := func() (int, bool) {
		if i == len(files) {
			return 0, false
		}
		acquire(entries, weight)
		i++
		return i - 1, true
	}
	runStream(min(c.cfg.jobs, len(files)), next,
		func(i int) result {
			if files[i] == "-" {
				// A second "-" must find what the first left (nothing).
				return result{stdin: true}
			}
			return hash(i)
		},
		func(i int, r result) {
			defer entries.Release(weight)
			if r.stdin {
				c.flush()
				r = hash(i)
			}
			if r.err != nil {
				c.ioFailed(files[i], r.err)
				status = exitFailure
				return
			}
			c.line = c.cfg.format.appendHashLine(c.line[:0], alg, files[i], r.sum)
			c.write(c.line)
		},
		c.flush)
	return status
}
