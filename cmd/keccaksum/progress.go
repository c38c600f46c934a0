package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/go-xkcp/keccak/cmd/internal/termline"
)

// The progress line: "NAME  512.0 MiB / 1.0 GiB  50%  2401 MB/s  ETA 0:04"
// on stderr, redrawn in place and wiped when the input is done
// (cmd/internal/termline: a carriage return, the text, erase to end of
// line). It is one column narrower than the terminal, whose width is read
// at each redraw (a line filling the last column, or one drawn for a
// terminal since narrowed, would wrap and leave a stale row at every
// redraw), and fields give way on a narrow one. Automatic (stderr a
// terminal, inputs over autoProgressMin) or forced with --progress; never
// drawn on a pipe unless forced.

const (
	autoProgressMin = 256 << 20
	progressEvery   = 100 * time.Millisecond
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

// newProgress returns nil when no line may ever be drawn. width gives the
// terminal's columns at each redraw (0: unknown), so a resize is followed.
func newProgress(mode progressMode, w io.Writer, terminal bool, width func() int) *progress {
	if mode == progressNever || (mode == progressAuto && !terminal) {
		return nil
	}
	p := &progress{line: termline.NewSized(w, width), always: mode == progressAlways, stop: make(chan struct{}), done: make(chan struct{})}
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
	width := p.line.Width()
	more := ""
	if n := len(p.tasks) - 1; n > 0 {
		more = fmt.Sprintf(" (+%d)", n)
	}
	p.line.Draw(p.tasks[0].line(time.Now(), width, more))
}

func (p *progress) clear() { p.line.Clear() }

// line is the text for t followed by more, at most width bytes. On a
// narrow terminal the rate goes first, then the total, the ETA and the
// percentage; the name is cut from the left to what is left.
func (t *task) line(now time.Time, width int, more string) string {
	n := t.bytes.Load()
	secs := now.Sub(t.start).Seconds()
	var total, pct, rate, eta string
	if t.size >= 0 {
		p := 100.0
		if t.size > 0 {
			p = 100 * float64(n) / float64(t.size)
		}
		total = " / " + formatBytes(t.size)
		pct = fmt.Sprintf("  %3.0f%%", p)
	}
	if secs > 0 {
		bps := float64(n) / secs
		rate = fmt.Sprintf("  %.0f MB/s", bps/1e6)
		if t.size >= 0 && n > 0 {
			eta = "  ETA " + formatETA(time.Duration(float64(max(t.size-n, 0))/bps*float64(time.Second)))
		}
	}
	done := "  " + formatBytes(n)
	name := quoteName(t.name)
	const minName = 8 // "..." and a few bytes of the name
	need := min(len(name), minName)
	stats := func() string { return done + total + pct + rate + eta + more }
	for _, f := range []*string{&rate, &total, &eta, &pct} {
		if len(stats())+need <= width {
			break
		}
		*f = ""
	}
	s := stats()
	if room := width - len(s); len(name) > room {
		if room < minName {
			name = ""
			s = strings.TrimPrefix(s, "  ")
		} else {
			cut := len(name) - (room - 3)
			for cut < len(name) && !utf8.RuneStart(name[cut]) {
				cut++
			}
			name = "..." + name[cut:]
		}
	}
	line := name + s
	if len(line) > width {
		line = line[:max(width, 0)]
	}
	return line
}

// formatETA is d rounded up to seconds, as m:ss or h:mm:ss.
func formatETA(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
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
