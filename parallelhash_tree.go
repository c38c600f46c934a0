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
// go through the same leaf stream (leafstream.go).

// parallelCore is the state shared by ParallelHash and ParallelHashXOF.
type parallelCore struct {
	final  sponge // cSHAKE: prefix, left_encode(B), then the CVs
	start  sponge // final as it was before the first block, for Reset
	leaves leafStream
	end    outputLengthCode

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
		final:  final,
		start:  final,
		leaves: newLeafStream(leafSpec{blockLen: blockSize, rate: rate, ds: dsSHAKE, rounds: 24, cvLen: 200 - rate}),
		end:    end,
	}
}

// write absorbs message bytes.
func (c *parallelCore) write(p []byte) {
	c.final.ready()
	c.leaves.write(p, &c.final)
}

// finish hashes what is left, the last block possibly short, and appends
// right_encode(n) and right_encode(L); the final sponge is then ready to
// squeeze.
func (c *parallelCore) finish() {
	c.final.ready()
	c.leaves.finish(nil, &c.final)
	var enc [9]byte
	c.final.write(appendRightEncode(enc[:0], c.leaves.n))
	c.final.write(c.end.bytes())
	c.reading = true
}

func (c *parallelCore) reset() {
	c.final = c.start
	c.leaves.reset()
	c.reading = false
}

// clone is a copy that owns its staged bytes.
func (c *parallelCore) clone() parallelCore {
	dup := *c
	dup.leaves = c.leaves.clone()
	return dup
}
