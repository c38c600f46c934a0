package keccak

// The KangarooTwelve tree (RFC 9861, section 3): S = M || C ||
// length_encode(|C|). If S fits one chunk, the output is TurboSHAKE(S, 0x07).
// Otherwise the final node is S_0 || 0x03 0x00^7 || CV_1 .. CV_n ||
// length_encode(n) || 0xFF 0xFF, hashed with D = 0x06, where CV_i is
// TurboSHAKE(S_i, 0x0B) of chunk i.

// chunkSize is the KangarooTwelve chunk (leaf) size, B in RFC 9861.
const chunkSize = 8192

var treeMarker = [8]byte{0x03}

// write feeds message bytes (or, at the end, the suffix) into the tree.
func (d *KT) write(p []byte) {
	if d.chunk0 < chunkSize {
		k := min(len(p), chunkSize-d.chunk0)
		d.final.write(p[:k])
		d.chunk0 += k
		if p = p[k:]; len(p) == 0 {
			return
		}
	}
	if !d.tree {
		d.final.write(treeMarker[:])
		d.tree = true
	}
	d.leaves.write(p, &d.final)
}

// finish appends the suffix and closes the final node for reading.
func (d *KT) finish() {
	d.write(d.suffix)
	if d.tree {
		d.leaves.finish(&d.final)
		var enc [9]byte
		d.final.write(appendLengthEncode(enc[:0], d.leaves.n))
		d.final.write([]byte{0xFF, 0xFF})
		d.final.ds = 0x06
	}
	d.reading = true
}
