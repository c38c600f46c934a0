package keccak

// The KangarooTwelve tree (RFC 9861, section 3): S = M || C ||
// length_encode(|C|). If S fits one chunk, the output is TurboSHAKE(S, 0x07).
// Otherwise the final node is S_0 || 0x03 0x00^7 || CV_1 .. CV_n ||
// length_encode(n) || 0xFF 0xFF, hashed with D = 0x06, where CV_i is
// TurboSHAKE(S_i, 0x0B) of chunk i.

// chunkSize is the KangarooTwelve chunk (leaf) size, B in RFC 9861.
const chunkSize = 8192

var treeMarker = [8]byte{0x03}

// write feeds message bytes into the tree.
func (d *KT) write(p []byte) {
	if p = d.writeChunk0(p); len(p) > 0 {
		d.leaves.write(p, &d.final)
	}
}

// writeChunk0 absorbs the front of p into the final node up to the end of
// chunk 0, and returns the rest; when there is a rest the input is a tree,
// and the final node gets its marker.
func (d *KT) writeChunk0(p []byte) []byte {
	if d.chunk0 < chunkSize {
		k := min(len(p), chunkSize-d.chunk0)
		d.final.write(p[:k])
		d.chunk0 += k
		p = p[k:]
	}
	if len(p) > 0 && !d.tree {
		d.final.write(treeMarker[:])
		d.tree = true
	}
	return p
}

// finish appends the suffix and closes the final node for reading. The
// suffix goes to the leaves as their tail, not through the stage: a Sum
// finishes a shallow copy, whose stage is the original's.
func (d *KT) finish() {
	rest := d.writeChunk0(d.suffix)
	if d.tree {
		d.leaves.finish(rest, &d.final)
		var enc [9]byte
		d.final.write(appendLengthEncode(enc[:0], d.leaves.n))
		d.final.write([]byte{0xFF, 0xFF})
		d.final.ds = 0x06
	}
	d.reading = true
}
