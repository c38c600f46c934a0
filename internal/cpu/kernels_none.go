//go:build !cgo || purego

package cpu

// Kernels is empty: this build has no C kernels.
var Kernels []int
