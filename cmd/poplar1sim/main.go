// Command poplar1sim runs Poplar1's heavy-hitters protocol in one process
// (clients, two aggregators, the collector; package
// poplar1/heavyhitters) and reports what it costs: reports per second
// per aggregator and bytes on the wire per report. The heavy hitters found
// are printed with the number of clients holding each, largest count
// first, and both are checked against a count in the clear. -bad N sends
// malformed and forged reports too and counts their rejection (bad.go).
//
//	poplar1sim [-clients N] [-bits BITS] [-threshold T] [-support S] [-zipf s] [-seed n] [-bad N] [-json] [-progress auto|always|never]
//	poplar1sim -input FILE [-bits BITS] [-threshold T] [-seed n] [-bad N] [-json] [-progress auto|always|never]
//
// -json prints one JSON object instead of the text, for tracking and
// plotting runs: the parameters, each heavy hitter (bit string, count and,
// with -input, text), per-level timings, reports/s per aggregator, wire
// bytes and the SHA3-256 of the transcript (every message on the wire). An
// explicit -seed derives all the run's randomness from the seed (the
// strings, the verify key, nonces and sharding randomness), so two runs
// with the same flags give the same object but for the timings (the
// fields named *seconds and *per_second).
//
// The clients' strings are synthetic by default: -support random strings,
// each client picking one with Zipf's law of exponent -zipf. With -input
// they are real measurements instead, one client per line of FILE ("-" is
// standard input). A line becomes a BITS-bit string by taking the first
// BITS bits of its bytes (its UTF-8 encoding, for text), most significant
// bit of each byte first, padded with zero bits if the line is shorter:
// with -bits 16, "ab" is 0110000101100010 and "a" is 0110000100000000, so
// lines that agree on their first BITS/8 bytes are one string. Lines end
// at "\n" (a "\r" before it is dropped); an empty line is a client with
// the all-zero string. Heavy hitters are then also shown as text: their
// whole bytes, trailing zero bytes dropped, then any bits after the last
// whole byte as bits when one of them is 1.
package main

import (
	"cmp"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-xkcp/keccak"
	"github.com/go-xkcp/keccak/cmd/internal/termline"
	"github.com/go-xkcp/keccak/poplar1"
	"github.com/go-xkcp/keccak/poplar1/heavyhitters"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, termline.IsTerminal(os.Stderr))) }

type config struct {
	clients, bits, threshold, support int
	zipf                              float64
	seed                              uint64
	seedGiven                         bool
	progress                          string
	input                             string
	json                              bool
	bad                               int             // -bad: misbehaving clients' reports
	given                             map[string]bool // flags set on the command line
}

// stdin is what -input - reads (a variable for the tests).
var stdin io.Reader = os.Stdin

// seedStream is the protocol's randomness for -seed n: cSHAKE128 with
// customization "poplar1sim -seed" over LE64(n).
func seedStream(n uint64) io.Reader {
	h := keccak.NewCSHAKE128(nil, []byte("poplar1sim -seed"))
	h.Write(binary.LittleEndian.AppendUint64(nil, n))
	return h
}

func run(args []string, stdout, stderr io.Writer, terminal bool) int {
	fs := flag.NewFlagSet("poplar1sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {} // printed below, to stdout for -h
	var c config
	fs.IntVar(&c.clients, "clients", 1000, "number of clients (reports)")
	fs.IntVar(&c.bits, "bits", 32, "BITS, the length of each client's string")
	fs.IntVar(&c.threshold, "threshold", 10, "count a string needs to be a heavy hitter")
	fs.IntVar(&c.support, "support", 128, "number of distinct strings the clients draw from")
	fs.Float64Var(&c.zipf, "zipf", 1.03, "Zipf exponent (finite, > 1) of the clients' choice of string")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the clients' strings; given explicitly, also of the verify key, nonces and sharding\nrandomness, so that the whole transcript is reproducible (else those come from crypto/rand)")
	fs.StringVar(&c.progress, "progress", "auto", "progress line on stderr: auto (when a terminal), always or never")
	fs.BoolVar(&c.json, "json", false, "print one JSON object instead of the text: the parameters, each heavy hitter (bit string\nand count), per-level timings, reports/s per aggregator, wire bytes and the transcript's SHA3-256")
	fs.IntVar(&c.bad, "bad", 0, "`N` reports from misbehaving clients besides the honest ones: half malformed (they must fail\nto decode), half forged (they must fail the sketch at level 0); their rejections are counted")
	fs.StringVar(&c.input, "input", "", "`FILE` of real measurements, one client's string per line (\"-\": stdin), instead of\nthe synthetic Zipf ones; each line is mapped to its first BITS bits, zero padded (see above)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout, fs)
			return 0
		}
		usage(stderr, fs)
		return 2
	}
	c.given = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { c.given[f.Name] = true })
	c.seedGiven = c.given["seed"]
	if err := c.check(fs); err != nil {
		fmt.Fprintln(stderr, "poplar1sim:", err)
		return 2
	}
	p, err := poplar1.New(c.bits)
	if err != nil {
		fmt.Fprintln(stderr, "poplar1sim:", err)
		return 2
	}
	ms, err := c.measurements()
	if err != nil {
		fmt.Fprintln(stderr, "poplar1sim:", err)
		return 1
	}
	switch {
	case c.json:
	case c.input != "":
		fmt.Fprintf(stdout, "Poplar1 (draft-irtf-cfrg-vdaf-20), BITS %d: %d clients from %s, threshold %d\n",
			c.bits, len(ms), c.input, c.threshold)
	default:
		// 'g': -zipf 1e308 is 1e+308, not 309 digits.
		fmt.Fprintf(stdout, "Poplar1 (draft-irtf-cfrg-vdaf-20), BITS %d: %d clients, Zipf %s over %d strings, threshold %d\n",
			c.bits, c.clients, strconv.FormatFloat(c.zipf, 'g', -1, 64), c.support, c.threshold)
	}

	opts := heavyhitters.Options{Threshold: c.threshold}
	var line *termline.Line
	if c.progress == "always" || (c.progress == "auto" && terminal) {
		line = termline.New(stderr)
		opts.ShardProgress, opts.Progress = progressLines(line, c.bits, time.Now())
	}
	if c.seedGiven {
		opts.Rand = seedStream(c.seed)
	}
	var bad *badStats
	if c.bad > 0 {
		ups, st, err := badUploads(p, []byte("poplar1sim"), c.bad, c.badRand(), rand.New(rand.NewPCG(c.seed, 1)))
		if err != nil {
			fmt.Fprintln(stderr, "poplar1sim: -bad:", err)
			return 1
		}
		opts.Extra, bad = ups, &st
	}
	start := time.Now()
	res, err := heavyhitters.RunWith(p, []byte("poplar1sim"), ms, opts)
	wall := time.Since(start)
	if line != nil {
		line.Clear()
	}
	if err != nil {
		fmt.Fprintln(stderr, "poplar1sim:", err)
		return 1
	}
	want, wantCounts := heavyhitters.ExpectedCounts(ms, c.threshold)
	match := slices.EqualFunc(res.HeavyHitters, want, slices.Equal) && slices.Equal(res.Counts, wantCounts)
	if bad != nil {
		bad.MalformedRejected, bad.ForgedRejected = res.Stats.Malformed, res.Stats.Rejected
	}
	if c.json {
		if err := writeJSON(stdout, &c, res, wall, match, bad); err != nil {
			fmt.Fprintln(stderr, "poplar1sim:", err)
			return 1
		}
	} else {
		report(stdout, res, wall, c.input != "")
		if bad != nil {
			fmt.Fprintf(stdout, "bad reports, mixed into the run: %d malformed, %d rejected when decoded; %d forged, %d rejected by the sketch\n",
				bad.Malformed, bad.MalformedRejected, bad.Forged, bad.ForgedRejected)
		}
	}
	if !match {
		fmt.Fprintln(stderr, "poplar1sim: the heavy hitters or their counts differ from the count in the clear")
		return 1
	}
	if bad != nil && bad.accepted() > 0 {
		fmt.Fprintf(stderr, "poplar1sim: %d bad reports were accepted\n", bad.accepted())
		return 1
	}
	if !c.json {
		fmt.Fprintln(stdout, "heavy hitters match the count in the clear")
	}
	return 0
}

// jsonResult is -json's output: one object. Every timing is in a field
// whose name ends in "seconds" or "per_second"; all else is the same for
// two runs with the same flags and an explicit -seed.
type jsonResult struct {
	VDAF         string         `json:"vdaf"`
	Parameters   jsonParameters `json:"parameters"`
	HeavyHitters []jsonHitter   `json:"heavy_hitters"`
	Match        bool           `json:"match_clear_count"`
	LevelsWalked int            `json:"levels_walked"`
	Verified     int            `json:"report_verifications"`
	Rejected     int            `json:"rejected_reports"`
	Levels       []jsonLevel    `json:"levels"`
	Timings      jsonTimings    `json:"timings"`
	ReportsPerS  [2]float64     `json:"reports_per_second"`
	Wire         jsonWire       `json:"wire_bytes"`
	Transcript   string         `json:"transcript_sha3_256"`
	Bad          *badStats      `json:"bad_reports,omitempty"` // with -bad
}

type jsonParameters struct {
	Bits      int     `json:"bits"`
	Threshold int     `json:"threshold"`
	Clients   int     `json:"clients"`
	Source    string  `json:"source"` // "zipf" or "input"
	Input     string  `json:"input,omitempty"`
	Support   int     `json:"support,omitempty"`
	Zipf      float64 `json:"zipf,omitempty"`
	Seed      uint64  `json:"seed"`
	SeedGiven bool    `json:"seed_given"` // the protocol's randomness came from the seed
}

type jsonHitter struct {
	Bits  string  `json:"bits"`
	Count uint64  `json:"count"`
	Text  *string `json:"text,omitempty"` // with -input
	// TextBits are the bits after the last whole byte of Text (BITS not
	// a multiple of 8), when any is 1.
	TextBits string `json:"text_bits,omitempty"`
}

type jsonLevel struct {
	Level      int        `json:"level"`
	Prefixes   int        `json:"prefixes"`
	Heavy      int        `json:"heavy"`
	Seconds    float64    `json:"seconds"`
	AggSeconds [2]float64 `json:"aggregator_seconds"`
}

type jsonTimings struct {
	Wall  float64    `json:"wall_seconds"`
	Shard float64    `json:"shard_seconds"` // all clients
	Agg   [2]float64 `json:"aggregator_seconds"`
}

type jsonWire struct {
	Upload            int     `json:"upload"`
	Exchange          int     `json:"between_aggregators"`
	AggParams         int     `json:"aggregation_parameters"`
	UploadPerReport   float64 `json:"upload_per_report"`
	ExchangePerReport float64 `json:"between_aggregators_per_report"`
}

func writeJSON(w io.Writer, c *config, res *heavyhitters.Result, wall time.Duration, match bool, bad *badStats) error {
	st := res.Stats
	n := float64(st.Clients + st.Extra) // reports uploaded, -bad's too
	j := jsonResult{
		VDAF: "Poplar1 (draft-irtf-cfrg-vdaf-20)",
		Parameters: jsonParameters{Bits: c.bits, Threshold: c.threshold, Clients: st.Clients,
			Source: "zipf", Seed: c.seed, SeedGiven: c.seedGiven},
		HeavyHitters: []jsonHitter{},
		Match:        match,
		LevelsWalked: st.Levels,
		Verified:     st.Verified,
		Rejected:     st.Rejected,
		Levels:       []jsonLevel{},
		Timings:      jsonTimings{Wall: wall.Seconds(), Shard: st.Shard.Seconds(), Agg: [2]float64{st.Agg[0].Seconds(), st.Agg[1].Seconds()}},
		Wire: jsonWire{Upload: st.Upload, Exchange: st.Exchange, AggParams: st.Params,
			UploadPerReport: float64(st.Upload) / n, ExchangePerReport: float64(st.Exchange) / n},
		Transcript: hex.EncodeToString(st.Transcript[:]),
		Bad:        bad,
	}
	if c.input != "" {
		j.Parameters.Source, j.Parameters.Input = "input", c.input
	} else {
		j.Parameters.Support, j.Parameters.Zipf = c.support, c.zipf
	}
	for _, i := range byCount(res) {
		h := res.HeavyHitters[i]
		jh := jsonHitter{Bits: heavyhitters.BitString(h), Count: res.Counts[i]}
		if c.input != "" {
			t, rest := text(h)
			jh.Text, jh.TextBits = &t, rest
		}
		j.HeavyHitters = append(j.HeavyHitters, jh)
	}
	for _, l := range st.PerLevel {
		j.Levels = append(j.Levels, jsonLevel{Level: l.Level, Prefixes: l.Prefixes, Heavy: l.Heavy,
			Seconds: l.Wall.Seconds(), AggSeconds: [2]float64{l.Agg[0].Seconds(), l.Agg[1].Seconds()}})
	}
	for a, d := range st.Agg {
		if d > 0 {
			j.ReportsPerS[a] = n / d.Seconds()
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// usage writes the synopsis, what the command does and the flags to w.
func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `usage: poplar1sim [flags]
       poplar1sim -input FILE [-bits BITS] [-threshold T] [-seed n] [flags]

Runs Poplar1's heavy-hitters protocol (draft-irtf-cfrg-vdaf-20) in one
process: the clients shard their strings, two aggregators verify and
aggregate every report level after level, and the collector keeps the
prefixes counted at least -threshold times. It prints the heavy hitters
with their counts, largest first (checked against a count in the clear;
exit 1 if they differ), reports/s per aggregator and the bytes on the
wire. -bad N also mixes N malformed and forged reports into the run and
counts their rejection (exit 1 if one is accepted).

The clients' strings are synthetic (-support random strings, picked with
Zipf's law of exponent -zipf) unless -input gives real ones: one client
per line of FILE. A line becomes a BITS-bit string by taking the first
BITS bits of its bytes (UTF-8 for text), most significant bit of each
byte first, padded with zero bits if the line is shorter: with -bits 16,
"ab" is 0110000101100010 and "a" 0110000100000000. Lines end at "\n" (a
"\r" before it is dropped); an empty line is the all-zero string. Heavy
hitters are then also shown as text (their whole bytes, trailing zeros
dropped; then the bits after the last whole byte, if any is 1).

Flags:
`)
	out := fs.Output()
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(out)
}

// measurements are the clients' strings: -input's lines, or Zipf's.
func (c *config) measurements() ([][]bool, error) {
	if c.input == "" {
		return heavyhitters.Zipf(rand.New(rand.NewPCG(c.seed, 0)), c.clients, c.bits, c.support, c.zipf), nil
	}
	r := stdin
	if c.input != "-" {
		f, err := os.Open(c.input)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	ms, err := heavyhitters.ReadLines(r, c.bits)
	if err != nil {
		return nil, fmt.Errorf("-input %s: %w", c.input, err)
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("-input %s: no lines", c.input)
	}
	return ms, nil
}

func (c *config) check(fs *flag.FlagSet) error {
	switch {
	case fs.NArg() != 0:
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case c.input != "" && (c.given["clients"] || c.given["support"] || c.given["zipf"]):
		return fmt.Errorf("-input replaces -clients, -support and -zipf (one client per line)")
	case c.clients < 1, c.bits < 1, c.threshold < 1, c.support < 1:
		return fmt.Errorf("-clients, -bits, -threshold and -support must be at least 1")
	case c.bad < 0 || c.bad > maxClients:
		return fmt.Errorf("-bad is 0 to %d", maxClients)
	case !(c.zipf > 1) || math.IsInf(c.zipf, 1):
		// NaN and +Inf would send math/rand's Zipf sampler round forever.
		return fmt.Errorf("-zipf must be a finite number above 1")
	case c.progress != "auto" && c.progress != "always" && c.progress != "never":
		return fmt.Errorf("-progress is auto, always or never")
	}
	return c.checkSize()
}

// progressLines draw the progress line: "sharding done/total reports
// elapsed" while the clients shard, then "level L/BITS  done/total reports
// elapsed", each redrawn at most every 100 ms and at the end of its phase.
func progressLines(line *termline.Line, bits int, start time.Time) (heavyhitters.ShardProgress, heavyhitters.Progress) {
	var last time.Time
	draw := func(what string, done, total int) {
		now := time.Now()
		if now.Sub(last) < 100*time.Millisecond && done < total {
			return
		}
		last = now
		line.Draw(fmt.Sprintf("%s  %d/%d reports  %.1f s", what, done, total, now.Sub(start).Seconds()))
	}
	shard := func(done, total int) { draw("sharding", done, total) }
	level := func(level, done, total int) { draw(fmt.Sprintf("level %d/%d", level+1, bits), done, total) }
	return shard, level
}

// text is heavy hitter h as -input text: its whole bytes, and the bits
// after them (BITS not a multiple of 8) when any is 1, so a partial byte
// never shows as a byte. Trailing zero bytes, the padding of short lines,
// are dropped when no bit follows them.
func text(h []bool) (string, string) {
	whole := len(h) / 8 * 8
	b := heavyhitters.ToBytes(h[:whole])
	rest := heavyhitters.BitString(h[whole:])
	if !strings.Contains(rest, "1") {
		rest = ""
		for len(b) > 0 && b[len(b)-1] == 0 {
			b = b[:len(b)-1]
		}
	}
	return string(b), rest
}

// byCount orders the heavy hitters for printing: by count, largest first,
// ties by bit string (the order RunWith returns them in).
func byCount(res *heavyhitters.Result) []int {
	idx := make([]int, len(res.HeavyHitters))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(res.Counts[b], res.Counts[a]) })
	return idx
}

func report(w io.Writer, res *heavyhitters.Result, wall time.Duration, asText bool) {
	st := res.Stats
	n := float64(st.Clients + st.Extra) // reports uploaded, -bad's too
	what := "bit string, clients holding it"
	if asText {
		what += ", as text"
	}
	fmt.Fprintf(w, "heavy hitters: %d by count (%s)\n", len(res.HeavyHitters), what)
	for _, i := range byCount(res) {
		h := res.HeavyHitters[i]
		if !asText {
			fmt.Fprintf(w, "  %s  %d\n", heavyhitters.BitString(h), res.Counts[i])
			continue
		}
		t, rest := text(h)
		if rest != "" {
			rest = " + bits " + rest
		}
		fmt.Fprintf(w, "  %s  %d  %q%s\n", heavyhitters.BitString(h), res.Counts[i], t, rest)
	}
	fmt.Fprintf(w, "levels walked: %d, report verifications: %d, rejected reports: %d, wall time %.2f s\n",
		st.Levels, st.Verified, st.Rejected, wall.Seconds())
	fmt.Fprintf(w, "clients: %.1f µs to shard a report\n", us(st.Shard)/n)
	for j, d := range st.Agg {
		fmt.Fprintf(w, "aggregator %d: %.0f reports/s over the whole walk (%.1f µs per report per level)\n",
			j, n/d.Seconds(), us(d)/float64(max(st.Verified, 1)))
	}
	fmt.Fprintf(w, "wire per report: upload %.0f B (public share to both aggregators + input shares), between aggregators %.0f B (all levels); aggregation parameters %d B per run\n",
		float64(st.Upload)/n, float64(st.Exchange)/n, st.Params)
	fmt.Fprintf(w, "transcript SHA3-256: %x\n", st.Transcript)
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
