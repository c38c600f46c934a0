package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"unicode"
	"unicode/utf8"

	"golang.org/x/sync/semaphore"
)

// How inputs are read: every input, file or not, is read to EOF into a
// reusable buffer, so a file that grows or shrinks while it is hashed
// gives what sha256sum gives. (Memory-mapping went: since a mapping had
// to be copied out under a fault guard it was no faster than reading, and
// it hashed only the size seen at open.) A big input to a tree hash is
// read by the hash itself (ReadFrom), straight into the stages its other
// goroutines hash while the next read runs: reading into a buffer and
// then writing it left the other core idle through every read (a 1 GiB
// file in KT128 on 2 cores: 0.27 s, against 0.18 s; cmd/keccaksum/README.md).
const readBlock = 256 << 10 // buffer size for every other input

// parallelMin is the input size from which a tree hash gets -j goroutines
// of its own (below it, inputs run side by side instead).
const parallelMin = 4 << 20

// reader holds the per-run reading choices.
type reader struct {
	progress *progress // nil: never draw
	// threads keeps -j honest. Inputs are hashed by up to -j workers, and
	// a big input to a tree hash (KangarooTwelve, ParallelHash) runs on up
	// to -j goroutines of its own; since a goroutine inside a C call holds
	// a thread whatever GOMAXPROCS says, each hash takes as many tokens as
	// goroutines it may use, out of -j. The semaphore serves waiters first
	// come, first served, so a big input is not starved by a stream of
	// small ones.
	threads *semaphore.Weighted
	jobs    int  // -j
	alone   bool // a single input: it may use every thread whatever its size
	// bufs keeps full-size read buffers across inputs. Not a sync.Pool:
	// the GC empties those, and a fresh zeroed buffer per file shows.
	bufs chan []byte
	mem  *budget // what the buffers, outputs and gathered inputs may take
}

func newReader(prog *progress, jobs int, mem *budget) reader {
	return reader{progress: prog, threads: semaphore.NewWeighted(int64(jobs)), jobs: jobs, bufs: make(chan []byte, jobs+1), mem: mem}
}

// bufSize is the read buffer for an input of the given size (-1:
// unknown): a small file needs no more than itself and one byte, to see
// its end.
func bufSize(size int64) int {
	if size < 0 || size >= readBlock {
		return readBlock
	}
	return int(size+1+4095) &^ 4095
}

func (r *reader) getBuf(n int) []byte {
	if n < readBlock {
		return make([]byte, n)
	}
	select {
	case b := <-r.bufs:
		return b
	default:
		return make([]byte, readBlock)
	}
}

func (r *reader) putBuf(b []byte) {
	if len(b) < readBlock {
		return
	}
	select {
	case r.bufs <- b:
	default:
	}
}

// sumFile hashes the named input ("-" is standard input) with alg and
// returns n bytes of output.
func (r *reader) sumFile(name string, alg *algorithm, p *params, n int) ([]byte, error) {
	if name == "-" {
		return r.hash(name, os.Stdin, -1, alg, p, n)
	}
	f, err := openInput(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
	}
	size := int64(-1) // the size at open: for progress and -j's share only
	if st.Mode().IsRegular() {
		size = st.Size()
	}
	return r.hash(name, f, size, alg, p, n)
}

// hash reads src (size: -1 when unknown) into a new hash and returns n
// bytes of its output.
func (r *reader) hash(name string, src io.Reader, size int64, alg *algorithm, p *params, n int) ([]byte, error) {
	d, done, err := r.start(alg, p, n, size)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: err}
	}
	defer done()
	if err := r.hashStream(name, src, size, d); err != nil {
		return nil, err
	}
	return d.sum(n), nil
}

// start waits for its share of -j, then of the byte budget, and returns
// a new hash and what gives both back: a tree hash of a big or
// unknown-size input gets every thread, anything else one.
func (r *reader) start(alg *algorithm, p *params, n int, size int64) (digest, func(), error) {
	p.threads = 1
	if alg.parallel && (r.alone || size < 0 || size >= parallelMin) {
		p.threads = r.jobs
	}
	threads := int64(p.threads)
	d := alg.new(*p, n)
	whole, gathers := d.(*wholeDigest)
	if gathers && size > r.mem.gatherMax {
		return nil, nil, gatherTooBig{r.mem.gatherMax}
	}
	acquire(r.threads, threads)
	if gathers {
		_ = whole.reserve(r.mem, size) // fails only over the cap, checked above
	}
	work := int64(bufSize(size) + n)
	if p.threads > 1 {
		work += treeBuffers
	}
	acquire(r.mem.work, work)
	return d, func() {
		r.mem.work.Release(work)
		if gathers {
			whole.release()
		}
		r.threads.Release(threads)
	}, nil
}

// hashStream reads src to its end; size is -1 when unknown. Reads gather
// into a big buffer before each Write (tree hashes want big pieces), and
// progress counts every read, so a slow pipe still shows movement.
func (r *reader) hashStream(name string, src io.Reader, size int64, d digest) error {
	task := r.progress.start(name, size)
	defer task.finish()
	if rf := readerFrom(d); rf != nil && (size < 0 || size >= parallelMin) {
		// A big input to a tree hash is read straight into its stages.
		if _, err := rf.ReadFrom(counted{src, task}); err != nil {
			return &fs.PathError{Op: "read", Path: name, Err: unwrapPathError(err)}
		}
		return nil
	}
	buf := r.getBuf(bufSize(size))
	defer r.putBuf(buf)
	filled := 0
	for {
		n, err := src.Read(buf[filled:])
		filled += n
		task.add(n)
		if filled == len(buf) || err != nil && filled > 0 {
			if _, werr := d.Write(buf[:filled]); werr != nil {
				return &fs.PathError{Op: "read", Path: name, Err: werr}
			}
			filled = 0
		}
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return &fs.PathError{Op: "read", Path: name, Err: unwrapPathError(err)}
		}
	}
}

// readerFrom is the hash's own io.ReaderFrom, if it has one: the tree
// hashes read into their stage buffers, saving a copy.
func readerFrom(d digest) io.ReaderFrom {
	var rf io.ReaderFrom
	switch d := d.(type) {
	case xofDigest:
		rf, _ = d.ReadWriter.(io.ReaderFrom)
	case fixedDigest:
		rf, _ = d.Hash.(io.ReaderFrom)
	}
	return rf
}

// counted is a reader whose reads show in the progress line.
type counted struct {
	io.Reader
	task *task
}

func (c counted) Read(p []byte) (int, error) {
	n, err := c.Reader.Read(p)
	c.task.add(n)
	return n, err
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// errorText is the part of an I/O error after "NAME: ", capitalized the
// way coreutils prints strerror: "No such file or directory".
func errorText(err error) string {
	msg := unwrapPathError(err).Error()
	r, n := utf8.DecodeRuneInString(msg)
	return string(unicode.ToUpper(r)) + msg[n:]
}
