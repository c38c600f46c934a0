// Package impl is the one registry of the library's interchangeable
// implementations. Each package that chooses among implementations at run
// time registers them here once: the Keccak engine its backends ("keccak":
// "go", "c/portable", "c/avx2", ...), the fixed-key AES its two paths
// ("aes": "crypto-aes", "aes-ni"). Only what this build and CPU can run is
// listed.
//
// Selecting an implementation changes process-wide state: tests that do so
// must not run in parallel with anything that hashes. The runner that tests
// go through implementations with is internal/testkit/implrun, kept apart
// because the library links this package and it must not link testing.
package impl

import "slices"

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
