//go:build race

package keccak

// prgRace: the race detector makes sync.Pool drop items at random, so the
// allocation counts of pooled paths are not meaningful under -race.
const prgRace = true
