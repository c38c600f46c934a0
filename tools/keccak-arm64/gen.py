#!/usr/bin/env python3
"""Generates xkcp/KeccakP-1600-sha3_arm64.S: Keccak-p[1600] rounds on the
ARMv8.2 SHA3 instructions, times-1 and times-2, with no register moves; and
with --go the same rounds in Go's assembler syntax,
internal/engine/keccakp_arm64.s, for the Go block loops (cgo off).

Regenerate, from the repository root:

    python3 tools/keccak-arm64/gen.py > xkcp/KeccakP-1600-sha3_arm64.S
    python3 tools/keccak-arm64/gen.py --go > internal/engine/keccakp_arm64.s

make test checks that the committed files are this output
(test-gen-keccak-arm64 and test-gen-keccak-arm64-go in mk/generated.mk;
make regen-keccak-arm64 and regen-keccak-arm64-go run the commands above).

The round and the block XOR run are built once, as instruction tuples,
and printed by gnu() or goasm(): Go's assembler writes the same operands
in reverse order (destination last, XAR's count first). Only the entry
code around them is written per syntax: the C side passes the round
constants and block count, the Go side reads its arguments from the frame
and finds both itself; Go's state [2][25]uint64 keeps each state whole
where the C one interleaves them.

Lane i of the state lives in v<i> (its "home") at every round boundary, so
the loop runs one round per iteration, for any round count. v25..v31 are
spares. A round:

  theta   c[x] in v25..v29 (10 EOR3), then the five D values (5 RAX1) into
          v25..v31, freeing two spares;
  rho,pi  b = XAR(A ^ D) (lane 0: EOR) for the 25 lanes, each written
          straight where chi will read it: output plane y's five inputs go to
          the homes of plane y+1, plane 4's to spares. The destinations within
          a plane and the order are searched (fixed seed) so that every
          destination is free when written (its old lane already read, or a
          spare whose D value is no longer needed);
  chi     plane y's five BCAX read the homes of plane y+1 (or the spares) and
          write the homes of plane y, which nothing occupies by then;
  iota    one LD1R of the round constant, one EOR.

67 instructions a round plus the loop's compare and branch.
"""
import random
import sys

RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
HOMES = list(range(25))
SPARES = list(range(25, 32))


def src(y, x):
    """The lane whose rho output is chi input x of output plane y (pi)."""
    return (x + 3 * y) % 5 + 5 * x


def theta():
    out = []
    for x in range(5):
        out.append(("eor3", 25 + x, x, x + 5, x + 10))
    for x in range(5):
        out.append(("eor3", 25 + x, 25 + x, x + 15, x + 20))
    # d[x] = c[x-1] ^ rol(c[x+1], 1); c[x] is in v(25+x). Order and targets
    # so that each c is read before its register is reused.
    d = {1: 30, 3: 31, 0: 27, 2: 29, 4: 26}
    for x in (1, 3, 0, 2, 4):
        out.append(("rax1", d[x], 25 + (x - 1) % 5, 25 + (x + 1) % 5))
    return out, d, [25, 28]


def schedule(d, free_spares, rng):
    """Orders the 25 rho/pi operations and picks their destinations, or
    returns None if this random attempt gets stuck."""
    # Destination of b(y, x) for y < 4: a home of plane y+1, in a random
    # assignment; plane 4 goes to spares as they become free.
    dest = {}
    for y in range(4):
        homes = [5 * (y + 1) + i for i in range(5)]
        rng.shuffle(homes)
        for x in range(5):
            dest[(y, x)] = homes[x]
    pending = [(y, x) for y in range(5) for x in range(5)]
    uses = {k: sum(1 for (y, x) in pending if src(y, x) % 5 == k) for k in range(5)}
    read = set()  # lanes already consumed
    free = list(free_spares)
    ops, where = [], {}
    while pending:
        ready = []
        for (y, x) in pending:
            s = src(y, x)
            if y == 4:
                if free:
                    ready.append((y, x))
            else:
                t = dest[(y, x)]  # home of lane t
                if t == s or t in read:
                    ready.append((y, x))
        if not ready:
            return None
        y, x = rng.choice(ready)
        pending.remove((y, x))
        s, k = src(y, x), src(y, x) % 5
        r = free.pop(0) if y == 4 else dest[(y, x)]
        if s == 0:
            ops.append(("eor", r, 0, d[0]))
        else:
            ops.append(("xar", r, s, d[k], (64 - RHO[s]) % 64))
        read.add(s)
        where[(y, x)] = r
        uses[k] -= 1
        if uses[k] == 0:
            free.append(d[k])
    return ops, where, free


def chi(where, free):
    out = []
    for y in range(5):
        for x in range(5):
            b0, b1, b2 = where[(y, x)], where[(y, (x + 1) % 5)], where[(y, (x + 2) % 5)]
            out.append(("bcax", 5 * y + x, b0, b2, b1))
        if y == 0:
            out.append(("ld1r", free[0]))
            out.append(("eor", 0, 0, free[0]))
    return out


def round_body():
    """One round as instruction tuples (op, destination, sources..., [XAR's
    rotate-right count]), for either syntax's printer."""
    th, d, free = theta()
    rng = random.Random(1600)
    for _ in range(100000):
        r = schedule(d, free, rng)
        if r:
            ops, where, left = r
            return th + ops + chi(where, left)
    sys.exit("gen.py: no schedule found")


def gnu(ins):
    """An instruction tuple in GNU syntax (destination first). ldrd and
    ld1lane are xor_lanes' loads into v31 (the lane's offset; element 1
    from x13, stepping by x14); ld1r loads the round constant at x9."""
    op, *r = ins
    if op == "ld1r":
        return f"ld1r {{v{r[0]}.2d}}, [x9], #8"
    if op == "ldrd":
        return f"ldr d31, [x1, #{r[0]}]"
    if op == "ld1lane":
        return "ld1 {v31.d}[1], [x13], x14"
    arr = ".2d" if op in ("rax1", "xar") else ".16b"
    regs = ", ".join(f"v{n}{arr}" for n in (r[:3] if op == "xar" else r))
    return f"{op} {regs}, #{r[3]}" if op == "xar" else f"{op} {regs}"


def goasm(ins):
    """An instruction tuple in Go assembler syntax: the same registers in
    reverse order, XAR's count first."""
    op, *r = ins
    if op == "ld1r":
        return f"VLD1R.P\t8(R9), [V{r[0]}.D2]"
    if op == "ldrd":
        return f"FMOVD\t{r[0]}(R1), F31"
    if op == "ld1lane":
        return "VLD1.P\t(R13)(R14), V31.D[1]"
    arr = ".D2" if op in ("rax1", "xar") else ".B16"
    regs = ", ".join(f"V{n}{arr}" for n in reversed(r[:3] if op == "xar" else r))
    return f"V{op.upper()}\t${r[3]}, {regs}" if op == "xar" else f"V{op.upper()}\t{regs}"


HEADER = """\
// Code generated by tools/keccak-arm64/gen.py; DO NOT EDIT.
//
// Keccak-p[1600] on the ARMv8.2 SHA3 instructions (FEAT_SHA3): lane i in
// v<i>, one or two states (elements 0 and 1). See the generator for the
// round's register plan. The C side (KeccakP-1600-sha3_arm64.c) checks
// arguments and passes the round constants to use, [rc, rc_end).
//
// AAPCS64: v8..v15's low halves are callee-saved and are saved here; no
// other callee-saved register is touched.

// Apple's assembler: symbols take a leading underscore, no .type/.size, and
// the target (Apple cores) already has FEAT_SHA3.
#if !defined(__APPLE__)
    .arch armv8.2-a+sha3
#endif
    .text
"""

SAVE = ["stp d8, d9, [sp, #-64]!", "stp d10, d11, [sp, #16]", "stp d12, d13, [sp, #32]",
        "stp d14, d15, [sp, #48]"]
RESTORE = ["ldp d10, d11, [sp, #16]", "ldp d12, d13, [sp, #32]", "ldp d14, d15, [sp, #48]",
           "ldp d8, d9, [sp], #64"]


def lanes(op, reg, size, base="x0"):
    """Loads or stores v0..v24 (D or Q registers) at base, in pairs."""
    out = []
    for i in range(0, 24, 2):
        out.append(f"{op[0]}{op[1]}p {reg}{i}, {reg}{i + 1}, [{base}, #{size * i}]")
    out.append(f"{op} {reg}24, [{base}, #{size * 24}]")
    return out


def rounds(label, body):
    return [f"{label}:"] + body + ["cmp x9, x10", f"b.ne {label}"]


def xor_groups(times):
    """The run xor_lanes branches into, as instruction tuples: lane 24's
    group first, lane 0's last."""
    out = []
    for i in range(24, -1, -1):
        out.append(("ldrd", 8 * i))
        if times == 2:
            out.append(("ld1lane",))
        out.append(("eor", i, i, 31))
    return out


def xor_lanes(times, label):
    """XOR lane_count (w3) lanes of the block at x1 (and x2 for times-2) into
    v0..: a computed branch into a run from lane 24 down to lane 0, one
    fixed-size group per lane: times-1 LDR + EOR (8 bytes); times-2 LDR, an
    LD1 of element 1 walking x13 down from in1's last lane (x14 = -8), EOR
    (12 bytes)."""
    if times == 1:
        out = [f"adr x12, {label}", "sub x12, x12, w3, uxtw #3"]
    else:
        out = [f"adr x12, {label}", "add w11, w3, w3, lsl #1", "sub x12, x12, w11, uxtw #2",
               "add x13, x2, w3, uxtw #3", "sub x13, x13, #8"]
    out.append("br x12")
    out += [gnu(i) for i in xor_groups(times)]
    out.append(f"{label}:")
    out.append("add x1, x1, w3, uxtw #3")
    if times == 2:
        out.append("add x2, x2, w3, uxtw #3")
    return out


def emit(name, lines, comment):
    print()
    for c in comment:
        print(f"// {c}")
    print("#if defined(__APPLE__)")
    print(f"    .globl _{name}")
    print("    .p2align 4")
    print(f"_{name}:")
    print("#else")
    print(f"    .globl {name}")
    print(f"    .type {name}, %function")
    print("    .p2align 4")
    print(f"{name}:")
    print("#endif")
    for l in lines:
        print(l if l.endswith(":") else f"    {l}")
    print("#if !defined(__APPLE__)")
    print(f"    .size {name}, .-{name}")
    print("#endif")


def main():
    body = [gnu(i) for i in round_body()]
    print(HEADER, end="")
    for times, reg, size in ((1, "d", 8), (2, "q", 16)):
        t = f"x{times}"
        emit(f"kp1600_sha3_permute_{t}",
             ["mov x9, x1", "mov x10, x2"] + SAVE + lanes("ldr", reg, size) +
             rounds(f".Lperm_{t}_round", body) + lanes("str", reg, size) + RESTORE + ["ret"],
             [f"void kp1600_sha3_permute_{t}(uint64_t *state, const uint64_t *rc,",
              "                             const uint64_t *rc_end);",
              "state: 25 lanes" + (" (8 bytes each)" if times == 1 else
                                   " of two instances (16 bytes each: instance i at +8i)"),
              "rc < rc_end."])
        args = "in" if times == 1 else "in0, in1"
        emit(f"kp1600_sha3_absorb_{t}",
             ["mov x10, x5"] + (["mov x14, #-8"] if times == 2 else []) + SAVE +
             lanes("ldr", reg, size) +
             [f".Labs_{t}_block:"] + xor_lanes(times, f".Labs_{t}_xored") + ["mov x9, x4"] +
             rounds(f".Labs_{t}_round", body) + ["subs x6, x6, #1", f"b.ne .Labs_{t}_block"] +
             lanes("str", reg, size) + RESTORE + ["ret"],
             [f"void kp1600_sha3_absorb_{t}(uint64_t *state, const uint8_t *in0,",
              "                            const uint8_t *in1, unsigned lane_count,",
              "                            const uint64_t *rc, const uint64_t *rc_end,",
              "                            size_t nblocks);",
              "For each of nblocks >= 1 blocks of 8*lane_count bytes (1..25 lanes): XOR",
              "the block in" + (" (in1 unused)" if times == 1 else
                                " (instance 0 from in0, 1 from in1)") + ", then the rounds."])
    print()
    print("#if !defined(__APPLE__)")
    print('    .section .note.GNU-stack, "", %progbits')
    print("#endif")


# ---- Go assembler syntax (--go): internal/engine/keccakp_arm64.s ----

GO_HEADER = """\
// Code generated by tools/keccak-arm64/gen.py --go; DO NOT EDIT.

//go:build arm64 && !purego

// Keccak-p[1600] on the ARMv8.2 SHA3 instructions (FEAT_SHA3) for the Go
// block loops, the rounds of xkcp/KeccakP-1600-sha3_arm64.S in Go's syntax
// (one generator; see it for the round's register plan): lane i in V<i>,
// one state, or two (element 0 from a[0], element 1 from a[1]). Go's ABI0
// has no callee-saved vector registers, so nothing is saved. The
// declarations are in keccakp_arm64.go.

#include "textflag.h"
"""


def round_constants():
    """RC[0..23] from FIPS 202's LFSR (algorithm 5)."""
    rcs, lfsr = [], 1
    for _ in range(24):
        rc = 0
        for j in range(7):
            if lfsr & 1:
                rc |= 1 << ((1 << j) - 1)
            lfsr = ((lfsr << 1) ^ (0x71 if lfsr & 0x80 else 0)) & 0xFF
        rcs.append(rc)
    return rcs


def go_lanes(load, times):
    """Loads or stores the state at R0: element 0 by FLDPD/FSTPD pairs
    (a load zeroes element 1), and for times-2 element 1 from a[1], 200
    bytes on, one lane at a time (R7 walks it)."""
    out = []
    for i in range(0, 24, 2):
        out.append(f"FLDPD\t{8 * i}(R0), (F{i}, F{i + 1})" if load else
                   f"FSTPD\t(F{i}, F{i + 1}), {8 * i}(R0)")
    out.append("FMOVD\t192(R0), F24" if load else "FMOVD\tF24, 192(R0)")
    if times == 2:
        out.append("ADD\t$200, R0, R7")
        for i in range(25):
            out.append(f"VLD1.P\t8(R7), V{i}.D[1]" if load else f"VST1.P\tV{i}.D[1], 8(R7)")
    return out


def go_rounds(label, body):
    """The rounds from R9 to the constants' end R10 (R9 < R10)."""
    return [f"{label}:"] + body + ["CMP\tR10, R9", f"BNE\t{label}"]


def go_first_rc(nr, reg):
    """reg = the first of the last nr round constants; R10 = their end."""
    return ["MOVD\t$rc<>+192(SB), R10", f"SUB\t{nr}<<3, R10, {reg}"]


def go_xor_lanes(times):
    """xor_lanes in Go's syntax: R3 lanes from R1 (and R2), the same
    fixed-size groups."""
    if times == 1:
        out = ["ADR\txored, R12", "SUB\tR3<<3, R12, R12"]
    else:
        out = ["ADR\txored, R12", "ADD\tR3<<1, R3, R11", "SUB\tR11<<2, R12, R12",
               "ADD\tR3<<3, R2, R13", "SUB\t$8, R13, R13"]
    out.append("JMP\t(R12)")
    out += [goasm(i) for i in xor_groups(times)]
    out.append("xored:")
    out.append("ADD\tR3<<3, R1, R1")
    if times == 2:
        out.append("ADD\tR3<<3, R2, R2")
    return out


def go_emit(decl, name, frame, lines, comment):
    print()
    for c in comment:
        print(f"// {c}" if c else "//")
    print(f"//\n// {decl}")
    print(f"TEXT ·{name}(SB), NOSPLIT, {frame}")
    for l in lines:
        print(l if l.endswith(":") else f"\t{l}")


def go_absorb(times, body):
    """The block loop: R6 blocks of R3 lanes; R4 the first round constant."""
    return (go_lanes(True, times) + ["block:"] + go_xor_lanes(times) +
            ["MOVD\tR4, R9", "CMP\tR10, R9", "BEQ\tpermuted"] + go_rounds("round", body) +
            ["permuted:", "SUBS\t$1, R6, R6", "BNE\tblock"] + go_lanes(False, times) +
            ["done:", "RET"])


def main_go():
    body = [goasm(i) for i in round_body()]
    print(GO_HEADER, end="")
    print("\n// Keccak-f[1600]'s round constants; the last nr are Keccak-p's.")
    for t, rc in enumerate(round_constants()):
        print(f"DATA\trc<>+{8 * t}(SB)/8, $0x{rc:016x}")
    print("GLOBL\trc<>(SB), RODATA|NOPTR, $192")
    for times in (1, 2):
        name = "keccakP1600SHA3" if times == 1 else "keccakP1600x2SHA3"
        a = "*[25]uint64" if times == 1 else "*[2][25]uint64"
        go_emit(f"func {name}(a {a}, nr int)", name, "$0-16",
                ["MOVD\ta+0(FP), R0", "MOVD\tnr+8(FP), R2", "CBZ\tR2, done"] +
                go_first_rc("R2", "R9") + go_lanes(True, times) + go_rounds("round", body) +
                go_lanes(False, times) + ["done:", "RET"],
                ["The last nr (0..24) rounds" + (" on a." if times == 1 else " on both states.")])
    go_emit("func absorbBlocksSHA3(a *[25]uint64, p []byte, rate int, nr int) int",
            "absorbBlocksSHA3", "$0-56",
            ["MOVD\ta+0(FP), R0", "MOVD\tp_base+8(FP), R1", "MOVD\tp_len+16(FP), R6",
             "MOVD\trate+32(FP), R3", "MOVD\tnr+40(FP), R5"] + go_blocks("ret+48(FP)") +
            go_first_rc("R5", "R4") + go_absorb(1, body),
            ["For each whole rate-byte block of p (rate a nonzero multiple of 8, at",
             "most 200): XOR it into a, then the last nr rounds. Returns the bytes used."])
    go_emit("func absorb2SHA3(a *[2][25]uint64, p *[2][]byte, rate int, nr int) int",
            "absorb2SHA3", "$0-40",
            ["MOVD\ta+0(FP), R0", "MOVD\tp+8(FP), R5", "MOVD\trate+16(FP), R3",
             "MOVD\tnr+24(FP), R7", "MOVD\t(R5), R1", "MOVD\t8(R5), R6", "MOVD\t24(R5), R2"] +
            go_blocks("ret+32(FP)") + ["MOVD\t$-8, R14"] + go_first_rc("R7", "R4") +
            go_absorb(2, body),
            ["absorbBlocksSHA3 on both states, a[i] from p[i] (both of len(p[0]) bytes),",
             "a block of each per pass. Returns the bytes used from each."])


def go_blocks(ret):
    """R6 = the whole blocks in R6 bytes of R3 each; the bytes they make are
    the result; none: return. Then R3 = lanes per block."""
    return ["UDIV\tR3, R6, R6", "MUL\tR3, R6, R8", f"MOVD\tR8, {ret}", "CBZ\tR6, done",
            "LSR\t$3, R3, R3"]


if __name__ == "__main__":
    main_go() if sys.argv[1:] == ["--go"] else main()
