package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/go-xkcp/keccak/internal/termline"
)

// The progress line: "NAME  512.0 MiB / 1.0 GiB  50%  2401 MB/s" on
// stderr, redrawn in place with a carriage return and wiped with spaces
// when the input is done, so no terminal escape codes are needed.
// Automatic (stderr a terminal, inputs over autoProgressMin) or forced
// with --progress; never drawn on a pipe unless forced.

const (
	autoProgressMin = 256 << 20
	progressEvery   = 100 * time.Millisecond
	progressWidth   = 79 // stay within one line of an 80-column terminal
)

type progressMode int

const (
	progressAuto progressMode = iota
	progressAlways
	progressNever
)

// progress draws the line for the inputs currently being hashed. All
// writes to stdout and stderr go through pause while it is active, so
// nothing interleaves with a half-drawn line.
type progress struct {
	mu     sync.Mutex
	line   *termline.Line
	always bool // every input, whatever its size
	tasks  []*task
	stop   chan struct{}
	done   chan struct{}
}

// task is one input being hashed with progress shown.
type task struct {
	p     *progress
	name  string
	size  int64 // -1: unknown (a pipe)
	start time.Time
	bytes atomic.Int64
}

// newProgress returns nil when no line may ever be drawn.
func newProgress(mode progressMode, w io.Writer, terminal bool) *progress {
	if mode == progressNever || (mode == progressAuto && !terminal) {
		return nil
	}
	p := &progress{line: termline.New(w), always: mode == progressAlways, stop: make(chan struct{}), done: make(chan struct{})}
	go p.tick()
	return p
}

// tick redraws the line, and wipes it if the user interrupts the run, so
// the shell prompt does not land after a stale line.
func (p *progress) tick() {
	defer close(p.done)
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	for {
		select {
		case s := <-sig:
			p.mu.Lock()
			p.clear()
			code := 130 // 128 + SIGINT, as shells report it
			if s == syscall.SIGTERM {
				code = 143
			}
			os.Exit(code)
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// close stops the ticker and wipes the line.
func (p *progress) close() {
	if p == nil {
		return
	}
	close(p.stop)
	<-p.done
	p.mu.Lock()
	p.clear()
	p.mu.Unlock()
}

// start registers an input of size bytes (-1 if unknown); it returns nil
// (a no-op task) if this input gets no progress line.
func (p *progress) start(name string, size int64) *task {
	if p == nil || !(p.always || size > autoProgressMin) {
		return nil
	}
	t := &task{p: p, name: name, size: size, start: time.Now()}
	p.mu.Lock()
	p.tasks = append(p.tasks, t)
	p.draw()
	p.mu.Unlock()
	return t
}

func (t *task) add(n int) {
	if t != nil {
		t.bytes.Add(int64(n))
	}
}

func (t *task) finish() {
	if t == nil {
		return
	}
	p := t.p
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, u := range p.tasks {
		if u == t {
			p.tasks = append(p.tasks[:i], p.tasks[i+1:]...)
			break
		}
	}
	if len(p.tasks) == 0 {
		p.clear()
	}
}

// pause wipes the line and holds it off until the returned func is called.
func (p *progress) pause() (resume func()) {
	if p == nil {
		return func() {}
	}
	p.mu.Lock()
	p.clear()
	return p.mu.Unlock
}

// draw writes the line for the oldest task; p.mu is held.
func (p *progress) draw() {
	if len(p.tasks) == 0 {
		return
	}
	line := p.tasks[0].line(time.Now())
	if more := len(p.tasks) - 1; more > 0 {
		line += fmt.Sprintf(" (+%d)", more)
	}
	p.line.Draw(line)
}

func (p *progress) clear() { p.line.Clear() }

// line is the text for t, at most progressWidth bytes (the name is cut
// from the left if need be).
func (t *task) line(now time.Time) string {
	n := t.bytes.Load()
	stats := "  " + formatBytes(n)
	if t.size >= 0 {
		pct := 100.0
		if t.size > 0 {
			pct = 100 * float64(n) / float64(t.size)
		}
		stats += fmt.Sprintf(" / %s  %3.0f%%", formatBytes(t.size), pct)
	}
	if secs := now.Sub(t.start).Seconds(); secs > 0 {
		stats += fmt.Sprintf("  %.0f MB/s", float64(n)/secs/1e6)
	}
	// Leave room for " (+NN)" after the stats.
	name := quoteName(t.name)
	if room := progressWidth - len(stats) - 6; len(name) > room {
		cut := len(name) - max(room-3, 1)
		for cut < len(name) && !utf8.RuneStart(name[cut]) {
			cut++
		}
		name = "..." + name[cut:]
	}
	return name + stats
}

// formatBytes is n in binary units, e.g. "512.0 MiB".
func formatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, i := float64(n)/unit, 0
	for f >= unit && i < 4 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGTP"[i])
}
