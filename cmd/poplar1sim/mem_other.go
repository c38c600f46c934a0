//go:build !linux

package main

// physicalMemory assumes a modest 4 GiB where it is not read.
func physicalMemory() uint64 { return 4 << 30 }
