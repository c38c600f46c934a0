//go:build !race

package keccak

const prgRace = false
