package main

import (
	"encoding/hex"
	"runtime"
	"strconv"
	"strings"
)

// maxLength caps -l: output is held in memory and printed as hex.
const maxLength = 1 << 20

var optionSpecs = []optSpec{
	{short: 'a', long: "algorithm", arg: true},
	{short: 'l', long: "length", arg: true},
	{long: "customization", arg: true},
	{long: "customization-hex", arg: true},
	{long: "function-name", arg: true},
	{long: "domain", arg: true},
	{short: 'c', long: "check"},
	{long: "tag"},
	{short: 'z', long: "zero"},
	{short: 'b', long: "binary"},
	{short: 't', long: "text"},
	{long: "quiet"},
	{long: "status"},
	{long: "strict"},
	{short: 'w', long: "warn"},
	{long: "ignore-missing"},
	{short: 'j', long: "jobs", arg: true},
	{long: "progress"},
	{long: "no-progress"},
	{long: "no-mmap"},
	{long: "time", arg: true}, // bench only
	{short: 'h', long: "help"},
	{long: "version"},
}

// config is the parsed command line.
type config struct {
	alg       *algorithm
	algSet    bool // -a given (tagged --check lines must then match it)
	length    int  // -l; 0 when not given
	params    params
	custSet   bool
	fnameSet  bool
	domainSet bool

	check         bool
	format        lineFormat
	quiet         bool
	status        bool
	strict        bool
	ignoreMissing bool

	jobs     int
	progress progressMode
	mmap     bool
	benchFor string // --time, bench only

	help, version bool
	files         []string
}

func parseConfig(args []string) (*config, error) {
	opts, operands, err := parseArgs(optionSpecs, args)
	if err != nil {
		return nil, err
	}
	c := &config{
		alg:    findAlgorithm("sha3-256"),
		params: params{domain: defaultDomain},
		jobs:   runtime.NumCPU(),
		mmap:   true,
		files:  operands,
	}
	for _, o := range opts {
		if err := c.apply(o); err != nil {
			return nil, err
		}
	}
	c.params.threads = c.jobs
	return c, c.validate()
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
		c.params.customization, c.custSet = []byte(o.value), true
	case "customization-hex":
		b, err := hex.DecodeString(o.value)
		if err != nil {
			return usagef("invalid hex in --customization-hex: %v", err)
		}
		c.params.customization, c.custSet = b, true
	case "function-name":
		c.params.functionName, c.fnameSet = []byte(o.value), true
	case "domain":
		d, err := strconv.ParseUint(o.value, 0, 8)
		if err != nil || d < 0x01 || d > 0x7F {
			return usagef("invalid domain byte '%s': TurboSHAKE's D is 0x01..0x7F (e.g. 0x1F or 31)", o.value)
		}
		c.params.domain, c.domainSet = byte(d), true
	case "check":
		c.check = true
	case "tag":
		c.format.tag = true
	case "zero":
		c.format.zero = true
	case "binary":
		c.format.binary = true
	case "text":
		c.format.binary = false
	case "quiet":
		c.quiet = true
	case "status":
		c.status = true
	case "strict":
		c.strict = true
	case "warn":
		// Malformed lines are always reported; accepted for coreutils users.
	case "ignore-missing":
		c.ignoreMissing = true
	case "jobs":
		n, err := strconv.Atoi(o.value)
		if err != nil || n < 1 {
			return usagef("invalid thread count '%s' for %s: a number from 1", o.value, o.name)
		}
		c.jobs = n
	case "progress":
		c.progress = progressAlways
	case "no-progress":
		c.progress = progressNever
	case "no-mmap":
		c.mmap = false
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
func (c *config) validate() error {
	if err := c.validateParams(); err != nil {
		return err
	}
	if c.check {
		switch {
		case c.format.tag:
			return usagef("the --tag option is meaningless when verifying checksums")
		case c.format.zero:
			return usagef("the --zero option is not supported when verifying checksums")
		case c.length != 0:
			return usagef("-l is not used with --check: each line's digest gives its length")
		}
	} else {
		for _, o := range []struct {
			set  bool
			name string
		}{{c.quiet, "--quiet"}, {c.status, "--status"}, {c.strict, "--strict"}, {c.ignoreMissing, "--ignore-missing"}} {
			if o.set {
				return usagef("the %s option is meaningful only when verifying checksums", o.name)
			}
		}
	}
	return nil
}

// validateParams checks the algorithm's options against -a's algorithm.
// In --check mode without -a, tagged lines name their algorithms, and
// each uses the options it takes.
func (c *config) validateParams() error {
	a := c.alg
	if c.check && !c.algSet {
		return nil
	}
	if c.custSet && !a.custom {
		return usagef("%s takes no customization string (%s do)", a.name, namesWith(func(a *algorithm) bool { return a.custom }))
	}
	if c.fnameSet && !a.fname {
		return usagef("%s takes no function name (%s do)", a.name, namesWith(func(a *algorithm) bool { return a.fname }))
	}
	if c.domainSet && !a.domain {
		return usagef("%s takes no domain byte (%s do)", a.name, namesWith(func(a *algorithm) bool { return a.domain }))
	}
	if c.length != 0 {
		if _, err := a.outputLength(c.length); err != nil {
			return err
		}
	}
	return nil
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
