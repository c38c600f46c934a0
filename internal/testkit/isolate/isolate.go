// Package isolate runs a piece of a test in a child copy of the test
// binary, so that a crash inside C (which no recover can catch) fails that
// test with the child's output instead of killing the whole test run.
package isolate

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// envVar names the test (t.Name()) whose body a child process is to run.
const envVar = "KECCAK_ISOLATE_TEST"

// execEnv optionally names the command that runs the child, split at
// spaces, before the test binary: under an emulator without binfmt_misc
// (mk/arm.mk's qemu-user runs) it is the emulator command that go test's
// -exec used, as the binary cannot be started directly.
const execEnv = "KECCAK_ISOLATE_EXEC"

// marker starts the line on which a child reports how f ended.
const marker = "isolate: "

// noPanic is what the child reports when f returns normally.
const noPanic = "<returned>"

// Panic runs f in a child process and returns the value f panicked with,
// formatted with %v, or "" if f returned normally. If the child dies
// (SIGSEGV in C, a fatal runtime error), t fails with the child's output.
// t must name a test or subtest that does nothing but call Panic once, so
// that the child can be pointed at it with -test.run.
func Panic(t *testing.T, f func()) string {
	t.Helper()
	if os.Getenv(envVar) == t.Name() {
		report(f)
		t.SkipNow() // the parent judges the outcome
	}
	args := append(strings.Fields(os.Getenv(execEnv)), os.Args[0],
		"-test.run="+runPattern(t.Name()), "-test.count=1", "-test.v")
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), envVar+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		// No child started: under qemu-user without binfmt_misc the test
		// binary cannot exec itself ("exec format error"). Run f here; a
		// crash then ends the whole run, which still fails it.
		t.Logf("no child process (%v): running in this one", err)
		return inProcess(f)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if msg, ok := strings.CutPrefix(line, marker); ok && err == nil {
			if msg == noPanic {
				return ""
			}
			return msg
		}
	}
	t.Fatalf("child process for %s did not finish (%v); its output:\n%s", t.Name(), err, head(out))
	return ""
}

// report runs f and prints how it ended, for the parent to read.
func report(f func()) {
	msg := inProcess(f)
	if msg == "" {
		msg = noPanic
	}
	fmt.Printf("\n%s%s\n", marker, msg)
}

// inProcess runs f and returns what it panicked with, "" if nothing.
func inProcess(f func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	f()
	return ""
}

// runPattern is the -test.run pattern matching exactly the (sub)test name.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// head keeps the start of a long crash report: the first lines say what
// happened, and a goroutine dump can run to thousands of lines.
func head(out []byte) []byte {
	const keep = 4000
	if len(out) > keep {
		return out[:keep]
	}
	return out
}
