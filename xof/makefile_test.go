package xof

import (
	"os"
	"os/exec"
	"regexp"
	"testing"
	"time"
)

// Regression (issue 19, item 5): make go-asan, which runs this package's
// tests among others, used go test's default 10-minute timeout and hit it
// on a loaded 2-core machine. Its go test command must set a timeout of
// its own, at least 20 minutes. The test reads the Makefile through make
// -n (nothing runs), so it skips where the repository or make is absent.
func TestMakeGoAsanSetsTimeout(t *testing.T) {
	if _, err := os.Stat("../Makefile"); err != nil {
		t.Skip("no ../Makefile (not in the repository)")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	cmd := exec.Command("make", "-n", "--no-print-directory", "go-asan", "GO=go", "GOTEST_FLAGS=-count=1")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make -n go-asan: %v\n%s", err, out)
	}
	line := regexp.MustCompile(`(?m)^(\S+=\S* )*go test .*-asan.*$`).Find(out)
	if line == nil {
		t.Fatalf("make -n go-asan runs no go test -asan:\n%s", out)
	}
	m := regexp.MustCompile(`-timeout[= ](\S+)`).FindSubmatch(line)
	if m == nil {
		t.Fatalf("go-asan's go test has no -timeout: %s", line)
	}
	d, err := time.ParseDuration(string(m[1]))
	if err != nil || d < 20*time.Minute {
		t.Errorf("go-asan's -timeout %s is not a duration of at least 20m", m[1])
	}
}
