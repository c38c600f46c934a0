package main

import "syscall"

// physicalMemory is the machine's RAM from sysinfo(2); 4 GiB if unknown.
func physicalMemory() uint64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil || si.Totalram == 0 {
		return 4 << 30
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
