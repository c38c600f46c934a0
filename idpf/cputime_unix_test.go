//go:build unix

package idpf

import (
	"syscall"
	"time"
)

// processCPU is the CPU time this process has used (user + system). The
// benchmarks report it per operation next to wall time: on a machine shared
// with other work it moves much less than ns/op.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
