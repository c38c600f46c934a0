package engine

import (
	"fmt"
	"io"
	"runtime"
)

// LeafStream turns a stream of message bytes into tree leaves for
// KangarooTwelve and ParallelHash: it cuts the bytes into blocks, hashes
// whole blocks in bulk (hashLeaves: 8- or 4-way kernel, goroutines) and absorbs
// their chaining values, in order, into the caller's final node.
//
// The wide kernels need leafWidth blocks side by side and goroutines need many,
// but a streaming caller's writes (32 KiB for io.Copy) hold only a few. So
// blocks of up to MaxStagedBlock bytes are staged in a buffer of at most
// MaxStage bytes and hashed a stage at a time. Where goroutines share the
// stages, a full stage goes to them while the stream fills the next
// (hashStage): the stream then holds up to 1+maxPending stage buffers. A
// Write of leafWidth blocks or more, while nothing is staged, skips the
// buffer and waits for its goroutines. Bigger blocks are absorbed as they
// come into one running leaf sponge: no buffer, one block at a time.
type LeafStream struct {
	spec LeafSpec
	leaf Sponge // the open block, when direct (or at the end)
	// leafLen is the number of bytes in leaf.
	leafLen int

	// direct means no staging: the blocks are too big, or all the input
	// comes in one write. Otherwise stage is the staging size (a multiple of
	// leafWidth blocks, set at first use: it asks GOMAXPROCS, which takes a lock)
	// and staged holds message bytes not yet hashed, from a block boundary,
	// fewer than stage. Only Write and Reset write to staged's array; Finish
	// only reads it, so a shallow copy finished for Sum leaves the
	// original's bytes alone. clone copies it.
	direct bool
	stage  int
	staged []byte

	// pending are full stages hashing on other goroutines while the
	// stream takes more input, oldest first; their chaining values are
	// not yet absorbed (Settle). Their buffers are reused: spares for
	// stages, cvs for chaining values.
	pending     []*leafJob
	spares, cvs [][]byte

	n     uint64 // leaves absorbed so far
	procs int    // goroutines for leaves; 0 means GOMAXPROCS
}

const (
	// MaxStagedBlock is the largest block staged; bigger ones are absorbed as they come.
	MaxStagedBlock = 32 << 10
	// MaxStage bounds the staging buffer (plus up to one wide batch of blocks).
	MaxStage = 512 << 10
	// MaxStreamMemory bounds the buffers a stream holds: the stage, up to
	// maxPending more in flight, and a chaining-value buffer for each of
	// those (no longer than its stage: blocks shorter than their values
	// never go to other goroutines).
	MaxStreamMemory = (1 + 2*maxPending) * (MaxStage + leafWidth*MaxStagedBlock)
)

func NewLeafStream(spec LeafSpec) LeafStream {
	return LeafStream{
		spec:   spec,
		leaf:   NewSponge(spec.Rate, spec.DS, spec.Rounds),
		direct: spec.BlockLen > MaxStagedBlock,
	}
}

// StageLen is enough whole blocks to keep every core's wide kernel busy
// (MinBytesPerWorker each, up to MaxStage).
func StageLen(blockLen int) int {
	want := min(runtime.GOMAXPROCS(0)*MinBytesPerWorker, MaxStage)
	batch := leafWidth * blockLen
	return (want + batch - 1) / batch * batch
}

func (s *LeafStream) workers() int {
	if s.procs > 0 {
		return s.procs
	}
	return runtime.GOMAXPROCS(0)
}

// Write takes more message bytes, absorbing chaining values into final.
func (s *LeafStream) Write(p []byte, final *Sponge) {
	if s.direct {
		s.writeUnstaged(p, final)
		return
	}
	if s.stage == 0 {
		s.stage = StageLen(s.spec.BlockLen)
	}
	B := s.spec.BlockLen
	for len(p) > 0 {
		// Nothing staged: a write with a wide kernel's batch or more goes
		// straight to the kernel (no copy, and no buffer for a one-off big
		// write). It waits for its goroutines: copied into stages, it
		// could return first, but a single big write and a Sum then took
		// longer on two cores than on one (docs/MEASUREMENTS.md).
		if len(s.staged) == 0 && len(p) >= leafWidth*B {
			whole := len(p) - len(p)%B
			s.Settle(final)
			s.hashBlocks(p[:whole], final)
			p = p[whole:]
			s.addStaged(p)
			return
		}
		k := min(len(p), s.stage-len(s.staged))
		s.addStaged(p[:k])
		p = p[k:]
		if len(s.staged) == s.stage {
			s.hashStage(final)
		}
	}
}

// WriteFrom reads r to its end into the stream: straight into the stage,
// without the copy from a caller's buffer a Write makes, each stage
// hashed as it fills; a direct stream reads through a buffer of its own.
// It returns the bytes read and r's error, nil at io.EOF.
func (s *LeafStream) WriteFrom(r io.Reader, final *Sponge) (n int64, err error) {
	if s.direct {
		buf := make([]byte, MaxStage)
		for err == nil {
			var k int
			k, err = r.Read(buf)
			k = CheckRead(k, len(buf))
			s.writeUnstaged(buf[:k], final)
			n += int64(k)
		}
	} else {
		if s.stage == 0 {
			s.stage = StageLen(s.spec.BlockLen)
		}
		for err == nil {
			if cap(s.staged) < s.stage {
				buf := make([]byte, len(s.staged), s.stage)
				copy(buf, s.staged)
				s.staged = buf
			}
			var k int
			k, err = r.Read(s.staged[len(s.staged):s.stage])
			k = CheckRead(k, s.stage-len(s.staged))
			s.staged = s.staged[:len(s.staged)+k]
			n += int64(k)
			if len(s.staged) == s.stage {
				s.hashStage(final)
			}
		}
	}
	if err == io.EOF {
		err = nil
	}
	return n, err
}

// CheckRead is a count an io.Reader returned for a buffer of room bytes,
// panicking if it breaks the io.Reader contract.
func CheckRead(k, room int) int {
	if k < 0 || k > room {
		panic(fmt.Sprintf("keccak: io.Reader returned %d bytes for a buffer of %d", k, room))
	}
	return k
}

// stageWorkers is how many goroutines share a full stage.
func (s *LeafStream) stageWorkers() int { return min(s.workers(), s.stage/MinBytesPerWorker) }

// pipelined reports whether full stages go to other goroutines (hashStage).
func (s *LeafStream) pipelined() bool {
	return s.stageWorkers() > 1 && s.spec.BlockLen >= s.spec.CVLen
}

// addStaged appends to staged (never past stage bytes). The buffer is
// allocated at most twice: leafWidth blocks' worth first (enough for a short
// message), then the whole stage.
func (s *LeafStream) addStaged(p []byte) {
	if len(p) == 0 {
		return
	}
	if need := len(s.staged) + len(p); need > cap(s.staged) {
		n := leafWidth * s.spec.BlockLen
		if cap(s.staged) > 0 || need > n {
			n = s.stage
		}
		buf := make([]byte, len(s.staged), n)
		copy(buf, s.staged)
		s.staged = buf
	}
	s.staged = append(s.staged, p...)
}

// writeUnstaged: the open block first, then every whole block in bulk,
// then the rest into a new open block.
func (s *LeafStream) writeUnstaged(p []byte, final *Sponge) {
	B := s.spec.BlockLen
	if s.leafLen > 0 {
		k := min(len(p), B-s.leafLen)
		s.leaf.Write(p[:k])
		s.leafLen += k
		p = p[k:]
		if s.leafLen < B {
			return
		}
		s.endLeaf(final)
	}
	whole := len(p) - len(p)%B
	s.hashBlocks(p[:whole], final)
	if p = p[whole:]; len(p) > 0 {
		s.leaf.Write(p)
		s.leafLen = len(p)
	}
}

// maxPending is how many stages hash on other goroutines at most while a
// stream takes more input: with two, a thread that finishes one has the
// next to go on with, instead of parking and taking tens of microseconds
// to wake for it.
const maxPending = 2

// hashStage hashes the full stage. When goroutines share it, it goes to
// them and the stream takes more input in another stage buffer
// meanwhile, so goroutines start while the caller reads or copies the
// next stages rather than while it waits for them; the caller joins in
// when maxPending stages are in flight. Blocks shorter than their chaining
// values are hashed at once (the values would outgrow the stage).
func (s *LeafStream) hashStage(final *Sponge) {
	if !s.pipelined() {
		s.Settle(final)
		s.hashBlocks(s.staged, final)
		s.staged = s.staged[:0]
		return
	}
	if len(s.pending) == maxPending {
		s.settleOldest(final)
	}
	cv := reuse(&s.cvs, len(s.staged)/s.spec.BlockLen*s.spec.CVLen)
	j := startLeaves(s.spec, s.staged, cv, s.stageWorkers())
	s.pending = append(s.pending, j)
	s.staged = reuse(&s.spares, s.stage)[:0]
}

// reuse pops a buffer of n bytes off free, or makes one.
func reuse(free *[][]byte, n int) []byte {
	if k := len(*free) - 1; k >= 0 {
		b := (*free)[k]
		*free = (*free)[:k]
		if cap(b) >= n {
			return b[:n]
		}
	}
	return make([]byte, n)
}

// settleOldest waits for the oldest pending stage and absorbs its
// chaining values into final.
func (s *LeafStream) settleOldest(final *Sponge) {
	j := s.dropOldest()
	final.Write(j.cv)
	s.n += uint64(len(j.cv) / s.spec.CVLen)
}

// dropOldest waits for the oldest pending stage, takes back its buffers
// and returns it. The list is resliced, never shifted in place: a shallow
// copy (a Sum's) shares its array.
func (s *LeafStream) dropOldest() *leafJob {
	j := s.pending[0]
	j.wg.Wait()
	s.pending = s.pending[1:]
	s.spares = append(s.spares, j.in)
	s.cvs = append(s.cvs, j.cv)
	return j
}

// Settle waits for the stages hashing on other goroutines and absorbs
// their chaining values into final. Callers settle before they copy the
// stream (Clone) or read or save final; a shallow copy that only
// finishes (a Sum) may settle stages the original settles again later.
func (s *LeafStream) Settle(final *Sponge) {
	for len(s.pending) > 0 {
		s.settleOldest(final)
	}
}

// settled panics if a stage is still in flight: the caller forgot Settle.
func (s *LeafStream) settled(op string) {
	if len(s.pending) > 0 {
		panic("engine: LeafStream." + op + " with leaves in flight; Settle first")
	}
}

func (s *LeafStream) hashBlocks(p []byte, final *Sponge) {
	s.n += hashLeaves(&s.spec, p, final, s.workers())
}

// endLeaf turns the open block into its chaining value.
func (s *LeafStream) endLeaf(final *Sponge) {
	var cv [64]byte
	s.leaf.Read(cv[:s.spec.CVLen])
	final.Write(cv[:s.spec.CVLen])
	s.leaf.Reset()
	s.leafLen = 0
	s.n++
}

// Finish hashes what is left: the staged bytes, then tail (the last bytes
// of the message, such as KangarooTwelve's customization suffix), the last
// block possibly short. Both are read where they lie, never copied into
// the stage: staged may be shared with the stream a Sum was taken from.
func (s *LeafStream) Finish(tail []byte, final *Sponge) {
	s.Settle(final)
	rest := s.staged
	s.staged = nil
	s.writeUnstaged(rest, final)
	s.writeUnstaged(tail, final)
	if s.leafLen > 0 {
		s.endLeaf(final)
	}
}

// Reset empties the stream, keeping its buffer and settings.
func (s *LeafStream) Reset() {
	for len(s.pending) > 0 {
		s.dropOldest()
	}
	s.leaf.Reset()
	s.leafLen = 0
	s.staged = s.staged[:0]
	s.n = 0
}

// Clone is a copy that owns its staged bytes.
func (s *LeafStream) Clone() LeafStream {
	s.settled("Clone")
	dup := *s
	dup.staged = append([]byte(nil), s.staged...)
	dup.spares, dup.cvs = nil, nil
	return dup
}

// Spec is the leaves' shape.
func (s *LeafStream) Spec() LeafSpec { return s.spec }

// Leaves is the number of leaves absorbed so far.
func (s *LeafStream) Leaves() uint64 {
	s.settled("Leaves")
	return s.n
}

// SetWorkers caps the goroutines that hash leaves: n <= 0 means up to
// GOMAXPROCS, 1 means none but the caller's.
func (s *LeafStream) SetWorkers(n int) { s.procs = n }

// SetDirect turns staging off, for a caller that hands over all its input
// in one Write (a one-shot sum): nothing is copied.
func (s *LeafStream) SetDirect() { s.direct = true }

// StageRoom is how many more bytes s takes before its stage is full and
// hashed, or 0 when it stages nothing (blocks too big, or direct).
func (s *LeafStream) StageRoom() int {
	if s.direct {
		return 0
	}
	stage := s.stage
	if stage == 0 {
		stage = StageLen(s.spec.BlockLen)
	}
	return stage - len(s.staged)
}
