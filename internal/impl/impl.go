// Package impl is the one registry of the library's interchangeable
// implementations, and the one runner that tests hold them against each
// other with. Each package that chooses among implementations at run time
// registers them here once: the Keccak engine its backends ("keccak": "go",
// "c/portable", "c/avx2", ...), the fixed-key AES its two paths ("aes":
// "crypto-aes", "aes-ni"). Only what this build and CPU can run is listed.
//
// Selecting an implementation changes process-wide state: tests that do so
// must not run in parallel with anything that hashes. The environment
// variable IMPL_RUN narrows what the runner goes through (see runEnv).
package impl

import (
	"os"
	"slices"
	"strings"
	"testing"
)

type group struct {
	pkg   string
	names func() []string
	use   func(name string) (restore func())
}

var registry []group

// Register makes pkg's implementations known: names lists those this build
// and CPU can run, and use(name) makes one the one in use until restore is
// called. Packages call it from init.
func Register(pkg string, names func() []string, use func(name string) (restore func())) {
	if slices.ContainsFunc(registry, func(g group) bool { return g.pkg == pkg }) {
		panic("impl: " + pkg + " registered twice")
	}
	registry = append(registry, group{pkg, names, use})
}

func find(pkg string) group {
	for _, g := range registry {
		if g.pkg == pkg {
			return g
		}
	}
	panic("impl: nothing registered as " + pkg + " (is its package linked in?)")
}

// Packages lists the registered packages, in registration order.
func Packages() []string {
	var pkgs []string
	for _, g := range registry {
		pkgs = append(pkgs, g.pkg)
	}
	return pkgs
}

// Names lists pkg's implementations this build and CPU run.
func Names(pkg string) []string { return find(pkg).names() }

// Select makes pkg's implementation name the one in use until restore is
// called.
func Select(pkg, name string) (restore func()) { return find(pkg).use(name) }

// runEnv narrows what Run, RunAll and Each run: "pkg:prefix,..." keeps, for
// each pkg named, the implementations whose names start with one of its
// prefixes (make go-asan sets IMPL_RUN=keccak:c/,aes:aes-ni, since
// AddressSanitizer only sees C). A pkg left with none runs all of them, so
// that a filter can narrow a test but never empty it.
const runEnv = "IMPL_RUN"

// running lists pkg's implementations that Run and Each go through.
func running(pkg string) []string {
	all := Names(pkg)
	var prefixes []string
	for _, item := range strings.Split(os.Getenv(runEnv), ",") {
		if p, prefix, ok := strings.Cut(item, ":"); ok && p == pkg {
			prefixes = append(prefixes, prefix)
		}
	}
	if prefixes == nil {
		return all
	}
	kept := slices.DeleteFunc(slices.Clone(all), func(name string) bool {
		return !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(name, p) })
	})
	if len(kept) == 0 {
		return all
	}
	return kept
}

// Run runs f as a subtest of t once per implementation of pkg, named after
// it, with that implementation in use.
func Run(t *testing.T, pkg string, f func(t *testing.T)) {
	t.Helper()
	for _, name := range running(pkg) {
		t.Run(name, func(t *testing.T) {
			defer Select(pkg, name)()
			f(t)
		})
	}
}

// RunAll runs f once per combination of every registered package's
// implementations, as nested subtests (keccak's name, then aes's, ...).
func RunAll(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	runFrom(t, Packages(), f)
}

func runFrom(t *testing.T, pkgs []string, f func(t *testing.T)) {
	if len(pkgs) == 0 {
		f(t)
		return
	}
	Run(t, pkgs[0], func(t *testing.T) { runFrom(t, pkgs[1:], f) })
}

// Each runs f once per implementation of pkg without subtests (for fuzz
// targets, which may not start any); a failure is logged with the name of
// the implementation in use.
func Each(tb testing.TB, pkg string, f func()) {
	tb.Helper()
	for _, name := range running(pkg) {
		func() {
			defer Select(pkg, name)()
			defer func() {
				if tb.Failed() {
					tb.Logf("on %s implementation %s", pkg, name)
				}
			}()
			f()
		}()
	}
}
