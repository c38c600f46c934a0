// Reads SP 800-185 cases as JSON lines on stdin and prints each output as a
// hex line, computed by @noble/hashes (an implementation independent of
// this repository). Case fields: alg (KMAC128, KMACXOF256, TupleHash128,
// ParallelHashXOF256, ...), key, msg, tuple (list), S: hex; B, out_len:
// numbers. Used by the Go tests (sp800185_crosscheck_test.go).
import * as addons from '@noble/hashes/sha3-addons';
import { createInterface } from 'node:readline';

const hex = (s) => Uint8Array.from(Buffer.from(s ?? '', 'hex'));
const fns = {
  kmac128: addons.kmac128, kmac256: addons.kmac256,
  kmacxof128: addons.kmac128xof, kmacxof256: addons.kmac256xof,
  tuplehash128: addons.tuplehash128, tuplehash256: addons.tuplehash256,
  tuplehashxof128: addons.tuplehash128xof, tuplehashxof256: addons.tuplehash256xof,
  parallelhash128: addons.parallelhash128, parallelhash256: addons.parallelhash256,
  parallelhashxof128: addons.parallelhash128xof, parallelhashxof256: addons.parallelhash256xof,
};

function run(c) {
  const alg = c.alg.toLowerCase();
  const fn = fns[alg];
  if (!fn) throw new Error(`unknown alg ${c.alg}`);
  const opts = { dkLen: c.out_len, personalization: hex(c.S) };
  if (alg.startsWith('kmac')) return fn(hex(c.key), hex(c.msg), opts);
  if (alg.startsWith('tuplehash')) return fn((c.tuple ?? []).map(hex), opts);
  return fn(hex(c.msg), { ...opts, blockLen: c.B });
}

const out = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() !== '') out.push(Buffer.from(run(JSON.parse(line))).toString('hex'));
}
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
