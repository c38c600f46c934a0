package main

import (
	"bytes"
	"strings"
	"testing"
)

// Issue 29, item 4: -support 100000000000 (or a huge -clients) died with
// "fatal error: runtime: out of memory"; each is now a usage error, at
// once, as is a run that would not fit in half the machine's memory.
// 2000000000 stands for the huge values: it also fits a 32-bit int, where
// flag parsing would refuse a larger one before the bound is checked.
func TestSizeBounds(t *testing.T) {
	defer func(m uint64) { machineMemory = m }(machineMemory)
	machineMemory = 8 << 30
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-support", "2000000000"}, "-support is at most 1073741824"},
		{[]string{"-clients", "2000000000"}, "-clients is at most 1073741824"},
		{[]string{"-bits", "65537"}, "-bits is at most 65536"},
		{[]string{"-clients", "100000000"}, "-clients 100000000, -bits 32 and -support 128 need about 1146.6 GiB, more than half this machine's 8.0 GiB of memory"},
		{[]string{"-clients", "100000", "-bits", "65536"}, "need about 1562.9 GiB"},
		{[]string{"-support", "1000000000", "-bits", "1000"}, "-support 1000000000 need about 953.9 GiB"},
	} {
		var out, errb bytes.Buffer
		code := run(append(c.args, "-progress", "never"), &out, &errb, false)
		if code != 2 || !strings.Contains(errb.String(), c.msg) || out.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out.String(), errb.String(), c.msg)
		}
	}
	// Just under half the memory is allowed (checked without running).
	c := config{clients: 1000, bits: 32, support: 128, zipf: 1.03, progress: "never"}
	machineMemory = uint64(2*c.estimate()) + 1
	if err := c.checkSize(); err != nil {
		t.Errorf("within half the memory: %v", err)
	}
	machineMemory = uint64(2*c.estimate()) - 2
	if err := c.checkSize(); err == nil {
		t.Error("over half the memory: accepted")
	}
}

// Issue 29, item 4: -zipf 1e308 printed its 309 digits in the header.
func TestZipfPrintedCompactly(t *testing.T) {
	for z, want := range map[string]string{"1e308": "Zipf 1e+308 over", "1.03": "Zipf 1.03 over", "1.000001": "Zipf 1.000001 over", "2": "Zipf 2 over"} {
		var out, errb bytes.Buffer
		if code := run([]string{"-clients", "5", "-bits", "2", "-support", "2", "-threshold", "5", "-zipf", z, "-progress", "never"}, &out, &errb, false); code != 0 {
			t.Fatalf("-zipf %s: exit %d: %s", z, code, errb.String())
		}
		if first, _, _ := strings.Cut(out.String(), "\n"); !strings.Contains(first, want) {
			t.Errorf("-zipf %s: header %q, want %q in it", z, first, want)
		}
	}
}
