//go:build race

package main

// Under go test -race the binary is built with the race detector too, so
// its concurrency (ordered output, the thread semaphore, the progress line)
// is checked in real runs, not only in unit tests.
func init() { buildRace = true }
