package main

import (
	"bytes"
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

// result is what one run of the binary did.
type result struct {
	stdout, stderr string
	code           int
}

// run runs keccaksum in dir with args and stdin (nil: empty stdin).
func runIn(t *testing.T, dir string, stdin []byte, args ...string) result {
	t.Helper()
	cmd := ksCommand(args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running keccaksum %s: %v", strings.Join(args, " "), err)
	}
	return r
}

// mustRun runs keccaksum and requires exit status 0 and an empty stderr.
func mustRun(t *testing.T, dir string, stdin []byte, args ...string) string {
	t.Helper()
	r := runIn(t, dir, stdin, args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("keccaksum %q: exit %d, stderr:\n%s", args, r.code, r.stderr)
	}
	return r.stdout
}

// writeFiles creates the named files under a new temp dir and returns it.
func writeFiles(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// testMessages are inputs around the interesting sizes: empty, one byte,
// either side of the SHAKE128 and SHA3-256 rates, a KangarooTwelve chunk
// boundary, and one big enough to be memory-mapped (mmapMin).
func testMessages() map[string][]byte {
	sizes := []int{0, 1, 135, 136, 137, 167, 168, 169, 8191, 8192, 8193, 3*8192 + 5, mmapMin + 12345}
	m := map[string][]byte{}
	for _, n := range sizes {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*131 + n + i>>9)
		}
		m[fmt.Sprintf("msg%d", n)] = b
	}
	return m
}
