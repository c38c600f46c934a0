// Package allocs tells tests whether allocation counts mean anything in
// this build: under -race sync.Pool drops items at random, and under -asan
// the compiler moves more values to the heap, so a count that is 0 in a
// plain build is not 0 there.
package allocs
