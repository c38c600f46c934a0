package main

import (
	"cmp"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// maxLength caps -l: output is held in memory and printed as hex.
// maxBlockSize caps ParallelHash's B (one block is buffered while it fills).
// maxJobs caps -j: more threads than that only cost stacks and switches.
// maxKeySize bounds --key-file: a key is read whole, and a KMAC key of a
// megabyte is already far beyond any use.
const (
	maxLength    = 1 << 20
	maxBlockSize = 1 << 30
	maxJobs      = 1024
	maxKeySize   = 1 << 20
)

var optionSpecs = []optSpec{
	{short: 'a', long: "algorithm", arg: true},
	{short: 'l', long: "length", arg: true},
	{long: "customization", arg: true},
	{long: "customization-hex", arg: true},
	{long: "function-name", arg: true},
	{long: "domain", arg: true},
	{long: "key-file", arg: true},
	{long: "block-size", arg: true},
	{long: "tuplehash-max", arg: true},
	{short: 'c', long: "check"},
	{short: 'r', long: "recursive"},
	{short: 'L', long: "follow"},
	{long: "tag"},
	{short: 'z', long: "zero"},
	{long: "no-names"},
	{long: "raw"},
	{short: 'b', long: "binary"},
	{short: 't', long: "text"},
	{long: "quiet"},
	{long: "status"},
	{long: "strict"},
	{short: 'w', long: "warn"},
	{long: "ignore-missing"},
	{short: 'j', long: "jobs", arg: true},
	{long: "num-threads", arg: true}, // b3sum's name for -j
	{long: "progress"},
	{long: "no-progress"},
	{long: "no-mmap"},         // a no-op, kept for scripts: files are always read
	{long: "time", arg: true}, // bench only
	{short: 'h', long: "help"},
	{long: "version"},
}

// defaultJobs is -j's default: every CPU, within maxJobs.
func defaultJobs() int { return min(runtime.NumCPU(), maxJobs) }

// config is the parsed command line.
type config struct {
	alg    *algorithm
	algSet bool // -a given (tagged --check lines must then match it)
	length int  // -l; 0 when not given
	params params
	given  takes // algorithm options given

	check         bool
	recursive     bool // -r: directory operands stand for the files under them
	follow        bool // -L: -r follows symbolic links inside trees
	format        lineFormat
	quiet         bool
	status        bool
	strict        bool
	warn          bool
	ignoreMissing bool

	jobs      int
	gatherMax int64 // --tuplehash-max
	progress  progressMode
	benchFor  string // --time, bench only

	help, version bool
	files         []string
	keyFile       string // --key-file, read once the command line is known good
}

// parseConfig parses the command line of keccaksum (bench: of keccaksum
// bench) and reads the key file.
func parseConfig(args []string, bench bool) (*config, error) {
	opts, operands, err := parseArgs(optionSpecs, args)
	if err != nil {
		return nil, err
	}
	c := &config{
		alg:       findAlgorithm("sha3-256"),
		params:    params{domain: defaultDomain, blockSize: defaultBlockSize},
		jobs:      defaultJobs(),
		gatherMax: defaultGatherMax,
		files:     operands,
	}
	for _, o := range opts {
		if err := c.apply(o); err != nil {
			return nil, err
		}
	}
	c.params.threads = c.jobs
	if err := c.validate(bench); err != nil {
		return nil, err
	}
	if c.given&takesKey != 0 {
		key, err := readKeyFile(c.keyFile)
		if err != nil {
			return nil, usagef("reading the key: %s: %s", quoteName(c.keyFile), errorText(err))
		}
		c.params.key = key
	}
	return c, nil
}

func (c *config) apply(o optValue) error {
	switch o.spec.long {
	case "algorithm":
		a := findAlgorithm(o.value)
		if a == nil {
			return unknownAlgorithm(o.value)
		}
		c.alg, c.algSet = a, true
	case "length":
		n, err := strconv.Atoi(o.value)
		if err != nil || n < 1 || n > maxLength {
			return usagef("invalid output length '%s' for %s: a number of bytes, 1 to %d", o.value, o.name, maxLength)
		}
		c.length = n
	case "customization":
		c.params.customization = []byte(o.value)
		c.given |= takesCustomization
	case "customization-hex":
		b, err := hex.DecodeString(o.value)
		if err != nil {
			return usagef("invalid hex in --customization-hex: %v", err)
		}
		c.params.customization = b
		c.given |= takesCustomization
	case "function-name":
		c.params.functionName = []byte(o.value)
		c.given |= takesFunctionName
	case "domain":
		d, err := strconv.ParseUint(o.value, 0, 8)
		if err != nil || d < 0x01 || d > 0x7F {
			return usagef("invalid domain byte '%s': TurboSHAKE's D is 0x01..0x7F (e.g. 0x1F or 31)", o.value)
		}
		c.params.domain = byte(d)
		c.given |= takesDomain
	case "key-file":
		c.keyFile = o.value
		c.given |= takesKey
	case "block-size":
		n, err := strconv.Atoi(o.value)
		if err != nil || n < 1 || n > maxBlockSize {
			return usagef("invalid block size '%s': a number of bytes, 1 to %d", o.value, maxBlockSize)
		}
		c.params.blockSize = n
		c.given |= takesBlockSize
	case "tuplehash-max":
		n, ok := parseSize(o.value)
		if !ok || n < 1 || n > maxGatherMax {
			return usagef("invalid size '%s' for --tuplehash-max: bytes (suffix K, M, G or T for powers of 1024), 1 to %d", o.value, int64(maxGatherMax))
		}
		c.gatherMax = n
	case "check":
		c.check = true
	case "recursive":
		c.recursive = true
	case "follow":
		c.follow = true
	case "tag":
		c.format.tag = true
	case "zero":
		c.format.zero = true
	case "no-names":
		c.format.noNames = true
	case "raw":
		c.format.raw = true
	case "binary":
		c.format.binary = true
	case "text":
		c.format.binary = false
	// -w, --quiet and --status each turn the other two off: the last one
	// given wins, as in GNU's sha256sum.
	case "quiet":
		c.quiet, c.status, c.warn = true, false, false
	case "status":
		c.quiet, c.status, c.warn = false, true, false
	case "strict":
		c.strict = true
	case "warn":
		c.quiet, c.status, c.warn = false, false, true
	case "ignore-missing":
		c.ignoreMissing = true
	case "jobs", "num-threads":
		n, err := strconv.Atoi(o.value)
		if err != nil || n < 0 || n > maxJobs {
			return usagef("invalid thread count '%s' for %s: a number from 1 to %d, or 0 for every CPU", o.value, o.name, maxJobs)
		}
		// 0 is the default, as b3sum takes --num-threads 0.
		c.jobs = cmp.Or(n, defaultJobs())
	case "progress":
		c.progress = progressAlways
	case "no-progress":
		c.progress = progressNever
	case "no-mmap":
		// Accepted for compatibility: nothing is memory-mapped any more.
	case "time":
		c.benchFor = o.value
	case "help":
		c.help = true
	case "version":
		c.version = true
	}
	return nil
}

// validate rejects combinations that would silently do something else
// than asked.
func (c *config) validate(bench bool) error {
	if err := c.validateParams(); err != nil {
		return err
	}
	if c.keyFromStdin() && !bench && (len(c.files) == 0 || slices.Contains(c.files, "-")) {
		if c.check {
			return usagef("--key-file - reads the key from standard input, which is also a checksum list here: give the list or the key as a file")
		}
		return usagef("--key-file - reads the key from standard input, which is also an input here: give the input or the key as a file")
	}
	if c.follow && !c.recursive {
		return usagef("-L (--follow) follows symbolic links in the trees -r walks: give -r too")
	}
	if c.check {
		switch {
		case c.recursive:
			return usagef("-r walks directories to hash their files; --check reads lists, which are files: hash with -r, then check the list it made")
		case c.format.tag:
			return usagef("the --tag option is meaningless when verifying checksums")
		case c.format.zero:
			return usagef("the --zero option is not supported when verifying checksums")
		case c.length != 0:
			return usagef("-l is not used with --check: each line's digest gives its length")
		case c.format.noNames:
			return usagef("the --no-names option is meaningless when verifying checksums")
		case c.format.raw:
			return usagef("the --raw option is meaningless when verifying checksums")
		}
	} else {
		switch {
		case c.format.raw && c.recursive:
			return usagef("--raw writes the bytes of one digest: -r may find many")
		case c.format.raw && len(c.files) > 1:
			return usagef("--raw writes the bytes of one digest: give one input, not %d", len(c.files))
		case c.format.raw && (c.format.tag || c.format.zero):
			return usagef("--raw writes bare digest bytes: --tag and --zero do not apply")
		case c.format.noNames && c.format.tag:
			return usagef("--tag lines name their input: --no-names does not apply")
		}
		for _, o := range []struct {
			set  bool
			name string
		}{{c.quiet, "--quiet"}, {c.status, "--status"}, {c.strict, "--strict"}, {c.warn, "--warn"}, {c.ignoreMissing, "--ignore-missing"}} {
			if o.set {
				return usagef("the %s option is meaningful only when verifying checksums", o.name)
			}
		}
	}
	return nil
}

// algOptions are the options only some algorithms take.
var algOptions = []struct {
	bit          takes
	option, what string
}{
	{takesCustomization, "--customization", "customization string"},
	{takesFunctionName, "--function-name", "function name"},
	{takesDomain, "--domain", "domain byte"},
	{takesKey, "--key-file", "key"},
	{takesBlockSize, "--block-size", "block size"},
}

// validateParams checks the algorithm options against -a's algorithm.
// In --check mode without -a, tagged lines name their algorithms, and
// each uses the options it takes.
func (c *config) validateParams() error {
	a := c.alg
	if c.check && !c.algSet {
		return nil
	}
	for _, o := range algOptions {
		if c.given&o.bit != 0 && a.takes&o.bit == 0 {
			return usagef("%s takes no %s (%s do)", a.name, o.what, namesWith(func(a *algorithm) bool { return a.takes&o.bit != 0 }))
		}
	}
	if err := c.needKey(a); err != nil {
		return err
	}
	if c.length != 0 {
		if _, err := a.outputLength(c.length); err != nil {
			return err
		}
	}
	return nil
}

// needKey fails for a keyed algorithm when no key was given.
func (c *config) needKey(a *algorithm) error {
	if a.takes&takesKey != 0 && c.given&takesKey == 0 {
		return usagef("%s needs a key: --key-file FILE", a.name)
	}
	return nil
}

// maxGatherMax bounds --tuplehash-max: within an int on 32-bit systems,
// where a slice cannot be longer.
const maxGatherMax = min(math.MaxInt, 1<<40)

// parseSize reads a byte count with an optional binary suffix: 512, 64K,
// 1G (G and GiB alike).
func parseSize(s string) (int64, bool) {
	shift := 0
	if i := strings.IndexAny(s, "KMGTkmgt"); i > 0 && (s[i:] == s[i:i+1] || strings.EqualFold(s[i+1:], "iB")) {
		shift = 10 * (1 + strings.IndexByte("KMGT", byte(unicode.ToUpper(rune(s[i])))))
		s = s[:i]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > math.MaxInt64>>shift {
		return 0, false
	}
	return n << shift, true
}

// keyFromStdin says the key is standard input's, which nothing else can
// then read.
func (c *config) keyFromStdin() bool { return c.given&takesKey != 0 && c.keyFile == "-" }

// errKeyTooLong is a key file over maxKeySize bytes (e.g. /dev/zero).
var errKeyTooLong = fmt.Errorf("longer than %d bytes: not a key", maxKeySize)

// readKeyFile reads a whole key file ("-": standard input), bytes as
// they are, up to maxKeySize.
func readKeyFile(name string) ([]byte, error) {
	r := io.Reader(os.Stdin)
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	key, err := io.ReadAll(io.LimitReader(r, maxKeySize+1))
	switch {
	case err != nil:
		return nil, err
	case len(key) > maxKeySize:
		return nil, errKeyTooLong
	}
	return key, nil
}

func namesWith(pred func(*algorithm) bool) string {
	var names []string
	for i := range algorithms {
		if pred(&algorithms[i]) {
			names = append(names, algorithms[i].name)
		}
	}
	return strings.Join(names, ", ")
}
