//go:build !cgo || purego

package keccak

// nativeBackends is empty without cgo (or with -tags purego): the generic Go
// backend does all the work.
func nativeBackends() []backend { return nil }
