package keccak

import "runtime"

// leafStream turns a stream of message bytes into tree leaves for
// KangarooTwelve and ParallelHash: it cuts the bytes into blocks, hashes
// whole blocks in bulk (hashLeaves: 8- or 4-way kernel, goroutines) and absorbs
// their chaining values, in order, into the caller's final node.
//
// The wide kernels need leafWidth blocks side by side and goroutines need many,
// but a streaming caller's writes (32 KiB for io.Copy) hold only a few. So
// blocks of up to maxStagedBlock bytes are staged in a buffer of at most
// maxStage bytes and hashed a stage at a time; while nothing is staged, a
// write of leafWidth blocks or more skips the buffer. Bigger blocks are absorbed
// as they come into one running leaf sponge: no buffer, one block at a time.
type leafStream struct {
	spec leafSpec
	leaf sponge // the open block, when direct (or at the end)
	// leafLen is the number of bytes in leaf.
	leafLen int

	// direct means no staging: the blocks are too big, or all the input
	// comes in one write. Otherwise stage is the staging size (a multiple of
	// leafWidth blocks, set at first use: it asks GOMAXPROCS, which takes a lock)
	// and staged holds message bytes not yet hashed, from a block boundary,
	// fewer than stage. Only write and reset write to staged's array; finish
	// only reads it, so a shallow copy finished for Sum leaves the
	// original's bytes alone. clone copies it.
	direct bool
	stage  int
	staged []byte

	n     uint64 // leaves absorbed so far
	procs int    // goroutines for leaves; 0 means GOMAXPROCS
}

const (
	maxStagedBlock = 32 << 10
	maxStage       = 512 << 10
)

func newLeafStream(spec leafSpec) leafStream {
	return leafStream{
		spec:   spec,
		leaf:   newSponge(spec.rate, spec.ds, spec.rounds),
		direct: spec.blockLen > maxStagedBlock,
	}
}

// stageLen is enough whole blocks to keep every core's wide kernel busy
// (minBytesPerWorker each, up to maxStage).
func stageLen(blockLen int) int {
	want := min(runtime.GOMAXPROCS(0)*minBytesPerWorker, maxStage)
	batch := leafWidth * blockLen
	return (want + batch - 1) / batch * batch
}

func (s *leafStream) workers() int {
	if s.procs > 0 {
		return s.procs
	}
	return runtime.GOMAXPROCS(0)
}

// write takes more message bytes.
func (s *leafStream) write(p []byte, final *sponge) {
	if s.direct {
		s.writeUnstaged(p, final)
		return
	}
	if s.stage == 0 {
		s.stage = stageLen(s.spec.blockLen)
	}
	if len(s.staged) > 0 {
		k := min(len(p), s.stage-len(s.staged))
		s.addStaged(p[:k])
		p = p[k:]
		if len(s.staged) < s.stage {
			return
		}
		s.hashBlocks(s.staged, final)
		s.staged = s.staged[:0]
	}
	// Nothing staged: a write with a wide kernel's batch or more goes straight to
	// the kernel (no copy, and no buffer for a one-off big write).
	if len(p) >= leafWidth*s.spec.blockLen {
		whole := len(p) - len(p)%s.spec.blockLen
		s.hashBlocks(p[:whole], final)
		p = p[whole:]
	}
	s.addStaged(p)
}

// addStaged appends to staged (never past stage bytes). The buffer is
// allocated at most twice: leafWidth blocks' worth first (enough for a short
// message), then the whole stage.
func (s *leafStream) addStaged(p []byte) {
	if len(p) == 0 {
		return
	}
	if need := len(s.staged) + len(p); need > cap(s.staged) {
		n := leafWidth * s.spec.blockLen
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
func (s *leafStream) writeUnstaged(p []byte, final *sponge) {
	B := s.spec.blockLen
	if s.leafLen > 0 {
		k := min(len(p), B-s.leafLen)
		s.leaf.write(p[:k])
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
		s.leaf.write(p)
		s.leafLen = len(p)
	}
}

func (s *leafStream) hashBlocks(p []byte, final *sponge) {
	s.n += hashLeaves(&s.spec, p, final, s.workers())
}

// endLeaf turns the open block into its chaining value.
func (s *leafStream) endLeaf(final *sponge) {
	var cv [64]byte
	s.leaf.read(cv[:s.spec.cvLen])
	final.write(cv[:s.spec.cvLen])
	s.leaf.reset()
	s.leafLen = 0
	s.n++
}

// finish hashes what is left: the staged bytes, then tail (the last bytes
// of the message, such as KangarooTwelve's customization suffix), the last
// block possibly short. Both are read where they lie, never copied into
// the stage: staged may be shared with the stream a Sum was taken from.
func (s *leafStream) finish(tail []byte, final *sponge) {
	rest := s.staged
	s.staged = nil
	s.writeUnstaged(rest, final)
	s.writeUnstaged(tail, final)
	if s.leafLen > 0 {
		s.endLeaf(final)
	}
}

// reset empties the stream, keeping its buffer and settings.
func (s *leafStream) reset() {
	s.leaf.reset()
	s.leafLen = 0
	s.staged = s.staged[:0]
	s.n = 0
}

// clone is a copy that owns its staged bytes.
func (s *leafStream) clone() leafStream {
	dup := *s
	dup.staged = append([]byte(nil), s.staged...)
	return dup
}
