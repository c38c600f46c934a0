//go:build !linux

package benchpair

import "time"

var start = time.Now()

// threadCPU falls back to the monotonic wall clock where no thread CPU
// clock is wired up.
func threadCPU() time.Duration { return time.Since(start) }
