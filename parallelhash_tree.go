package keccak

import "runtime"

// The ParallelHash construction (NIST SP 800-185, section 6.3):
//
//	z = left_encode(B) || CV_1 || ... || CV_n || right_encode(n) || right_encode(L)
//	ParallelHash(X, B, L, S) = cSHAKE(z, L, "ParallelHash", S)
//
// where X is cut into n = ceil(len(X)/B) blocks (the last may be short) and
// CV_i = cSHAKE(X_i, 2c, "", "") = SHAKE(X_i) to 2c bits: 32 bytes for the
// 128-bit variant, 64 for the 256-bit one. Those leaves are
// KangarooTwelve's shape with SHAKE's domain byte and 24 rounds, so they
// share its bulk leaf code (leaves.go).
//
// The 4-way kernel needs four whole blocks side by side, and goroutines
// need many. A streaming caller's writes (32 KiB for io.Copy) would give
// one or two blocks at a time, so blocks of up to maxStagedBlock bytes are
// staged in a buffer of at most maxStage bytes (plus one batch of four
// blocks) and hashed a stage at a time; writes of a whole stage or more
// skip the buffer. Bigger blocks are absorbed as they come into one running
// leaf sponge: no buffer, one block at a time.

const (
	maxStagedBlock = 32 << 10
	maxStage       = 8 * minBytesPerWorker
)

// parallelCore is the state shared by ParallelHash and ParallelHashXOF.
type parallelCore struct {
	final sponge // cSHAKE: prefix, left_encode(B), then the CVs
	start sponge // final as it was before the first block, for Reset
	leaf  sponge // a block being absorbed on its own (see write, finish)
	spec  leafSpec
	end   outputLengthCode

	// stage is the staging size (a multiple of 4 blocks), 0 for blocks too
	// big to stage; staged holds the message bytes not yet hashed, from a
	// block boundary, fewer than stage. Shared with Sum's copy, which only
	// reads it; Clone copies it.
	stage   int
	staged  []byte
	leafLen int // bytes in leaf, when stage == 0

	nLeaves uint64
	procs   int // goroutines for blocks; 0 means GOMAXPROCS
	reading bool
}

func newParallelCore(rate int, custom []byte, blockSize, length int, xof bool) parallelCore {
	if blockSize < 1 {
		panic("keccak: ParallelHash block size must be at least 1 byte")
	}
	end := newOutputLengthCode(length, xof)
	final := cshakeStart(rate, fnParallelHash, custom)
	var enc [9]byte
	final.write(appendLeftEncode(enc[:0], uint64(blockSize)))
	return parallelCore{
		final: final,
		start: final,
		leaf:  newSponge(rate, dsSHAKE, 24),
		spec:  leafSpec{blockLen: blockSize, rate: rate, ds: dsSHAKE, rounds: 24, cvLen: 200 - rate},
		end:   end,
		stage: stageLen(blockSize),
	}
}

// stageLen is enough whole blocks to keep every core's 4-way kernel busy
// (minBytesPerWorker each, up to maxStage), or 0 for blocks too big to stage.
func stageLen(B int) int {
	if B > maxStagedBlock {
		return 0
	}
	want := min(runtime.GOMAXPROCS(0)*minBytesPerWorker, maxStage)
	four := 4 * B
	return (want + four - 1) / four * four
}

// write absorbs message bytes.
func (c *parallelCore) write(p []byte) {
	if c.stage == 0 {
		c.writeUnstaged(p)
		return
	}
	if len(c.staged) > 0 {
		k := min(len(p), c.stage-len(c.staged))
		c.addStaged(p[:k])
		p = p[k:]
		if len(c.staged) < c.stage {
			return
		}
		c.hashBlocks(c.staged)
		c.staged = c.staged[:0]
	}
	if len(p) >= c.stage {
		whole := len(p) - len(p)%c.spec.blockLen
		c.hashBlocks(p[:whole])
		p = p[whole:]
	}
	c.addStaged(p)
}

// addStaged appends to staged (never past stage bytes). The buffer is
// allocated at most twice: four blocks' worth first (enough for a short
// message), then the whole stage.
func (c *parallelCore) addStaged(p []byte) {
	if need := len(c.staged) + len(p); need > cap(c.staged) {
		n := 4 * c.spec.blockLen
		if cap(c.staged) > 0 || need > n {
			n = c.stage
		}
		buf := make([]byte, len(c.staged), n)
		copy(buf, c.staged)
		c.staged = buf
	}
	c.staged = append(c.staged, p...)
}

// writeUnstaged: the open block first, then every whole block in bulk,
// then the rest into a new open block.
func (c *parallelCore) writeUnstaged(p []byte) {
	B := c.spec.blockLen
	if c.leafLen > 0 {
		k := min(len(p), B-c.leafLen)
		c.leaf.write(p[:k])
		c.leafLen += k
		p = p[k:]
		if c.leafLen < B {
			return
		}
		c.endLeaf()
	}
	whole := len(p) - len(p)%B
	c.hashBlocks(p[:whole])
	if p = p[whole:]; len(p) > 0 {
		c.leaf.write(p)
		c.leafLen = len(p)
	}
}

// hashBlocks hashes whole blocks in bulk into the final node.
func (c *parallelCore) hashBlocks(p []byte) {
	c.nLeaves += hashLeaves(&c.spec, p, &c.final, c.workers())
}

// endLeaf turns the leaf sponge's block into its chaining value.
func (c *parallelCore) endLeaf() {
	var cv [64]byte
	c.leaf.read(cv[:c.spec.cvLen])
	c.final.write(cv[:c.spec.cvLen])
	c.leaf.reset()
	c.leafLen = 0
	c.nLeaves++
}

// finish hashes what is left, the last block possibly short, and appends
// right_encode(n) and right_encode(L); the final sponge is then ready to
// squeeze. It does not write to staged (Sum's copy shares it).
func (c *parallelCore) finish() {
	if rest := c.staged; len(rest) > 0 {
		whole := len(rest) - len(rest)%c.spec.blockLen
		c.hashBlocks(rest[:whole])
		if rest = rest[whole:]; len(rest) > 0 {
			c.leaf.write(rest)
			c.endLeaf()
		}
		c.staged = c.staged[:0]
	}
	if c.leafLen > 0 {
		c.endLeaf()
	}
	var enc [9]byte
	c.final.write(appendRightEncode(enc[:0], c.nLeaves))
	c.final.write(c.end.bytes())
	c.reading = true
}

func (c *parallelCore) reset() {
	c.final = c.start
	c.leaf.reset()
	c.staged = c.staged[:0]
	c.leafLen = 0
	c.nLeaves = 0
	c.reading = false
}

// clone is a copy that owns its staged bytes.
func (c *parallelCore) clone() parallelCore {
	dup := *c
	dup.staged = append([]byte(nil), c.staged...)
	return dup
}
