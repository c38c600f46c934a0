//go:build cgo && !purego

// Package xkcp only carries the C and assembly Keccak-p[1600] kernels
// (see kernel.h for their contract) so that cgo compiles them. It has no Go
// API: Go code reaches the kernels through internal/bulk, which calls the
// bulk modes of csrc/, whose C calls the kp1600_kernels table defined here.
package xkcp

// #cgo CFLAGS: -O3 -std=c11 -Wall
// /* -O3 and -O2 measured the same on every kernel (gcc 12, Zen 3). */
// #cgo arm CFLAGS: -mthumb
import "C"
