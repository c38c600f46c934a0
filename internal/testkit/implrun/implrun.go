// Package implrun runs a test once per implementation registered in
// internal/impl, with that implementation in use. It is apart from the
// registry so that the registry, which the library links, does not bring
// package testing into users' programs.
//
// Selecting an implementation changes process-wide state: tests that use
// this package must not run in parallel with anything that hashes. The
// environment variable IMPL_RUN narrows what they go through (see runEnv).
package implrun

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/internal/impl"
)

// runEnv narrows what Run, RunAll and Each run: "pkg:prefix,..." keeps, for
// each pkg named, the implementations whose names start with one of its
// prefixes (make go-asan sets IMPL_RUN=keccak:c/,aes:aes-ni, since
// AddressSanitizer only sees C). A pkg left with none runs all of them, so
// that a filter can narrow a test but never empty it.
const runEnv = "IMPL_RUN"

// running lists pkg's implementations that Run and Each go through.
func running(pkg string) []string {
	all := impl.Names(pkg)
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
			defer impl.Select(pkg, name)()
			f(t)
		})
	}
}

// RunAll runs f once per combination of every registered package's
// implementations, as nested subtests (keccak's name, then aes's, ...).
func RunAll(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	runFrom(t, impl.Packages(), f)
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
			defer impl.Select(pkg, name)()
			defer func() {
				if tb.Failed() {
					tb.Logf("on %s implementation %s", pkg, name)
				}
			}()
			f()
		}()
	}
}
