package main

import (
	"bufio"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	keccak "github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

// Issue 29, item 1: -c held memory proportional to -j times the longest
// line (each waiting name pinned its whole line, next to its 1 MiB
// digest), about 13 MB a job. The reproduction: an early entry names a
// FIFO nobody writes, so nothing after it can be printed, then lines with
// 1 MiB SHAKE128 digests. Now what waits is bounded by the byte budget
// (budget.go), at any -j.
func TestCheckMemoryBudget(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "small"), []byte("abc"), 0o644))
	h := keccak.NewSHAKE128()
	h.Write([]byte("abc"))
	sum := make([]byte, maxLength)
	h.Read(sum)
	digest := hex.EncodeToString(sum)

	cmd := ksCommand("-c", "-j", "1024", "-")
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() { cmd.Process.Kill(); cmd.Wait() }()

	// 100 lines of 2 MiB: old keccaksum took them all in (over 300 MB);
	// now reading stops once the budget's entries part is full.
	const lines = 100
	var written atomic.Int64
	var finished atomic.Bool
	go func() {
		defer finished.Store(true)
		w := bufio.NewWriterSize(stdin, 1<<20)
		io.WriteString(w, "SHAKE128 (fifo) = "+digest+"\n")
		for range lines {
			if _, err := io.WriteString(w, "SHAKE128 (small) = "+digest+"\n"); err != nil {
				return
			}
			written.Add(1)
		}
		w.Flush()
	}()
	// Wait until the whole list was taken in, or until it stops being.
	last, still := int64(-1), 0
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline) && still < 5; {
		time.Sleep(100 * time.Millisecond)
		n := written.Load()
		if n == last || finished.Load() {
			still++
		} else {
			last, still = n, 0
		}
	}
	hwm := vmHWM(t, cmd.Process.Pid)
	ceiling := int64(entryBudget + workBudget)
	if buildRace {
		ceiling *= 8 // the race detector's shadow memory
	}
	require.Less(t, hwm, ceiling, "peak RSS %d MiB with %d of %d lines written", hwm>>20, written.Load(), lines)
	require.Less(t, written.Load(), int64(lines), "the whole list was read: nothing holds the reader back")
}

// vmHWM is a running process's peak resident set in bytes.
func vmHWM(t *testing.T, pid int) int64 {
	t.Helper()
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	require.NoError(t, err)
	for l := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			require.NoError(t, err)
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}
