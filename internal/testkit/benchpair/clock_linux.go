//go:build linux

package benchpair

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPU is CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPU = 3

// threadCPU is this OS thread's CPU time: time spent descheduled (this VM's
// cores are shared by many processes) does not count, and cgo calls run on
// the same thread, so C time does.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPU, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		panic("benchpair: clock_gettime: " + e.Error())
	}
	return time.Duration(ts.Nano())
}
