// Package engine is the library's Keccak engine, below the public API: the
// sponge state (Sponge, Sponge4), the seam over every kernel source (the
// generic Go code, the Go-assembly kernels and the C kernels behind
// internal/bulk),
// each backend's routing table (route.go), and the tree leaves of
// KangarooTwelve and ParallelHash (leaves.go, leafstream.go). It is the one
// place that reads KECCAK_KERNEL and picks a backend; docs/DESIGN.md is its
// map.
package engine
