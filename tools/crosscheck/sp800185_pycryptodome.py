#!/usr/bin/env python3
"""Reads SP 800-185 cases as JSON lines on stdin (the format of
sp800185.mjs) and prints each output as a hex line. Cases with alg
Keccak-256 or Keccak-512 (the original padding) go to pycryptodome's own
keccak module.

The functions are written here from NIST SP 800-185's definitions on top of
pycryptodome's cSHAKE and SHAKE, an implementation independent of this
repository. Debian 12 ships pycryptodome 3.11, whose public cSHAKE lacks the
function name N and which has no KMAC or TupleHash, so there cSHAKE is
driven through the same sponge its cSHAKE class uses (padding byte 0x04).
Newer versions accept N directly; when they also have KMAC and TupleHash,
their outputs are required to match ours too.
"""
import importlib
import json
import sys

try:
    from Cryptodome.Hash import SHAKE128, SHAKE256, cSHAKE128, cSHAKE256, keccak  # Debian
    import Cryptodome.Hash as H
except ImportError:
    from Crypto.Hash import SHAKE128, SHAKE256, cSHAKE128, cSHAKE256, keccak  # pip
    import Crypto.Hash as H


def left_encode(x):
    n = max(1, (x.bit_length() + 7) // 8)
    return bytes([n]) + x.to_bytes(n, "big")


def right_encode(x):
    n = max(1, (x.bit_length() + 7) // 8)
    return x.to_bytes(n, "big") + bytes([n])


def encode_string(s):
    return left_encode(8 * len(s)) + s


def bytepad(x, w):
    z = left_encode(w) + x
    return z + bytes(-len(z) % w)


class Sponge311:
    """cSHAKE on pycryptodome 3.11's Keccak sponge (init with padding)."""

    def __init__(self, capacity_bytes, prefix):
        from ctypes import c_size_t
        from Cryptodome.Hash.keccak import _raw_keccak_lib as lib
        from Cryptodome.Util._raw_api import (VoidPointer, SmartPointer, c_uint8_ptr,
                                              create_string_buffer, get_raw_buffer)
        self._lib, self._c_size_t, self._ptr = lib, c_size_t, c_uint8_ptr
        self._buf, self._raw = create_string_buffer, get_raw_buffer
        state = VoidPointer()
        if lib.keccak_init(state.address_of(), c_size_t(capacity_bytes), 0x04):
            raise RuntimeError("keccak_init failed")
        self._state = SmartPointer(state.get(), lib.keccak_destroy)
        self.update(prefix)

    def update(self, data):
        if self._lib.keccak_absorb(self._state.get(), self._ptr(data), self._c_size_t(len(data))):
            raise RuntimeError("keccak_absorb failed")
        return self

    def read(self, n):
        out = self._buf(n)
        if self._lib.keccak_squeeze(self._state.get(), out, self._c_size_t(n)):
            raise RuntimeError("keccak_squeeze failed")
        return self._raw(out)


def cshake(sec, N, S):
    mod = cSHAKE128 if sec == 128 else cSHAKE256
    if hasattr(mod, "_new"):  # pycryptodome >= 3.12: function name supported
        return mod._new(None, S, N)
    rate = 168 if sec == 128 else 136
    return Sponge311(200 - rate, bytepad(encode_string(N) + encode_string(S), rate))


def kmac(sec, key, msg, S, L, xof):
    rate = 168 if sec == 128 else 136
    h = cshake(sec, b"KMAC", S)
    h.update(bytepad(encode_string(key), rate) + msg + right_encode(0 if xof else 8 * L))
    return h.read(L)


def tuplehash(sec, tup, S, L, xof):
    h = cshake(sec, b"TupleHash", S)
    h.update(b"".join(encode_string(x) for x in tup) + right_encode(0 if xof else 8 * L))
    return h.read(L)


def parallelhash(sec, msg, B, S, L, xof):
    shake, cv = (SHAKE128, 32) if sec == 128 else (SHAKE256, 64)
    blocks = [msg[i:i + B] for i in range(0, len(msg), B)]
    z = left_encode(B) + b"".join(shake.new(x).read(cv) for x in blocks)
    z += right_encode(len(blocks)) + right_encode(0 if xof else 8 * L)
    return cshake(sec, b"ParallelHash", S).update(z).read(L)


def library_own(alg, sec, c, key, S, L):
    """pycryptodome's own KMAC / TupleHash when it has them, else None."""
    name = {"kmac": "KMAC", "tuplehash": "TupleHash"}[alg]
    try:
        mod = importlib.import_module(f"{H.__name__}.{name}{sec}")
    except ImportError:
        return None
    if L < 8:
        return None
    if alg == "kmac":
        if len(key) * 8 < sec:
            return None
        h = mod.new(key=key, custom=S, mac_len=L)
        h.update(bytes.fromhex(c.get("msg", "")))
    else:
        h = mod.new(custom=S, digest_bytes=L)
        for x in c.get("tuple", []):
            h.update(bytes.fromhex(x))
    return h.digest()


def run(c):
    alg = c["alg"].lower()
    sec = int(alg[-3:])
    base = alg[:-3]
    xof = base.endswith("xof")
    base = base.removesuffix("xof")
    S, L = bytes.fromhex(c.get("S", "")), c["out_len"]
    key, msg = bytes.fromhex(c.get("key", "")), bytes.fromhex(c.get("msg", ""))
    if base == "keccak-":
        out = keccak.new(digest_bits=sec, data=msg).digest()
    elif base == "kmac":
        out = kmac(sec, key, msg, S, L, xof)
    elif base == "tuplehash":
        out = tuplehash(sec, [bytes.fromhex(x) for x in c.get("tuple", [])], S, L, xof)
    elif base == "parallelhash":
        out = parallelhash(sec, msg, c["B"], S, L, xof)
    else:
        raise ValueError(f"unknown alg {c['alg']}")
    if not xof and base in ("kmac", "tuplehash"):
        own = library_own(base, sec, c, key, S, L)
        if own is not None and own != out:
            raise AssertionError(f"pycryptodome's {c['alg']} disagrees with the composition")
    return out


for line in sys.stdin:
    if line.strip():
        print(run(json.loads(line)).hex())
