package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The end-to-end tests build the real binary once and run it as a user
// would. buildTags and buildRace are set by purego_tag_test.go and
// race_flag_test.go, so the binary is built the way the tests are;
// CGO_ENABLED passes through the environment.
var (
	ksBin     string
	buildTags string
	buildRace bool
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "keccaksum-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ksBin = filepath.Join(dir, "keccaksum")
	args := []string{"build", "-o", ksBin}
	if buildTags != "" {
		args = append(args, "-tags", buildTags)
	}
	if buildRace {
		args = append(args, "-race")
	}
	// go test puts its own toolchain first on PATH.
	cmd := exec.Command("go", append(args, ".")...)
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building keccaksum: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// ksCommand prepares a run of the binary. A race-enabled binary would
// sleep a second at exit to gather reports (GORACE's atexit_sleep_ms):
// not needed here, the child has exited when Wait returns.
func ksCommand(args ...string) *exec.Cmd {
	cmd := exec.Command(ksBin, args...)
	if buildRace {
		cmd.Env = append(os.Environ(), "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	}
	return cmd
}
