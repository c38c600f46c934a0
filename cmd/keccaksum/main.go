// Command keccaksum prints or checks digests of the whole Keccak family:
// SHA3-224/256/384/512, legacy Keccak-256/512 (Ethereum's), SHAKE,
// cSHAKE, TurboSHAKE, KangarooTwelve (KT128, KT256) and NIST SP 800-185's
// KMAC, TupleHash and ParallelHash (and their XOF forms), 26 algorithms in
// all (-a; keccaksum --help lists them). Its output and --check follow
// coreutils sha256sum (untagged and --tag lines), and it reads openssl's
// and b3sum's styles too. See README.md and the man page keccaksum.1 for
// usage.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/go-xkcp/keccak/cmd/internal/termline"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

// Exit statuses: 1 for a failed input or check, 2 for a usage error.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// cli is one run's shared output state.
type cli struct {
	cfg    *config
	out    *bufio.Writer // stdout
	stderr io.Writer
	prog   *progress // nil when no progress line can be drawn
	reader reader
	line   []byte // reused output line
}

func run(args []string) int {
	bench := len(args) > 0 && args[0] == "bench"
	if bench {
		args = args[1:]
	}
	cfg, err := parseConfig(args, bench)
	if err == nil && cfg.benchFor != "" && !bench {
		err = usagef("--time is an option of 'keccaksum bench'")
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "keccaksum: %v\nTry 'keccaksum --help' for more information.\n", err)
		return exitUsage
	}
	if cfg.help && bench {
		fmt.Print(benchUsageText())
		return exitOK
	}
	if cfg.help {
		fmt.Print(usageText())
		return exitOK
	}
	if cfg.version {
		fmt.Print(versionText())
		return exitOK
	}
	if cfg.jobs < runtime.NumCPU() {
		runtime.GOMAXPROCS(cfg.jobs)
	}
	c := &cli{
		cfg:    cfg,
		out:    bufio.NewWriterSize(os.Stdout, 64<<10),
		stderr: os.Stderr,
	}
	c.warnKernel()
	c.prog = newProgress(cfg.progress, os.Stderr, termline.IsTerminal(os.Stderr), func() int { return termline.Width(os.Stderr) })
	c.reader = newReader(c.prog, cfg.jobs, newBudget(cfg.gatherMax))
	var status int
	switch {
	case bench:
		status = c.bench()
	case cfg.check:
		status = c.checkAll(cfg.files)
	default:
		status = c.hashAll(cfg.files)
	}
	c.prog.close()
	if err := c.out.Flush(); err != nil && status == exitOK {
		fmt.Fprintf(os.Stderr, "keccaksum: write error: %s\n", errorText(err))
		status = exitFailure
	}
	return status
}

// write queues b for stdout. While a progress line may be showing, each
// write is flushed at once around a wiped line.
func (c *cli) write(b []byte) {
	if c.prog == nil {
		c.out.Write(b)
		return
	}
	defer c.prog.pause()()
	c.out.Write(b)
	c.out.Flush()
}

// flush sends queued stdout lines, e.g. while waiting for a slow input.
func (c *cli) flush() {
	defer c.prog.pause()()
	c.out.Flush()
}

// warnf prints "keccaksum: MESSAGE" on stderr, after the stdout lines
// before it, so both stay in order on a terminal.
func (c *cli) warnf(format string, a ...any) {
	defer c.prog.pause()()
	c.out.Flush()
	fmt.Fprintf(c.stderr, "keccaksum: "+format+"\n", a...)
}

// ioFailed reports a failed input on stderr.
func (c *cli) ioFailed(name string, err error) {
	c.warnf("%s: %s", quoteName(name), errorText(err))
}

// isNotExist reports whether err says a file does not exist.
func isNotExist(err error) bool { return errors.Is(err, os.ErrNotExist) }
