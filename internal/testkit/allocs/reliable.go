//go:build !race && !asan

package allocs

// Unreliable is true in -race and -asan builds.
const Unreliable = false
