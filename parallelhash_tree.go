package keccak

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

// parallelCore is the state shared by ParallelHash and ParallelHashXOF.
type parallelCore struct {
	final   sponge // cSHAKE: prefix, left_encode(B), then the CVs
	start   sponge // final as it was before the first block, for Reset
	leaf    sponge // the block being filled, when leafLen > 0
	spec    leafSpec
	end     outputLengthCode
	leafLen int
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
	}
}

// write absorbs message bytes: the open block first, then every whole block
// in bulk, then the rest into a new open block.
func (c *parallelCore) write(p []byte) {
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
	c.nLeaves += hashLeaves(&c.spec, p[:whole], &c.final, c.workers())
	if p = p[whole:]; len(p) > 0 {
		c.leaf.write(p)
		c.leafLen = len(p)
	}
}

// endLeaf turns the open block into its chaining value.
func (c *parallelCore) endLeaf() {
	var cv [64]byte
	c.leaf.read(cv[:c.spec.cvLen])
	c.final.write(cv[:c.spec.cvLen])
	c.leaf.reset()
	c.leafLen = 0
	c.nLeaves++
}

// finish closes the last (possibly short) block and appends right_encode(n)
// and right_encode(L); the final sponge is then ready to squeeze.
func (c *parallelCore) finish() {
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
	c.leafLen = 0
	c.nLeaves = 0
	c.reading = false
}
