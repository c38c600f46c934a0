#!/usr/bin/env python3
"""Generates xkcp/KeccakP-1600-armv7m_arm.S: Keccak-p[1600] for ARMv7-M
(Thumb-2), bit-interleaved lanes, two unrolled rounds per loop iteration.

Regenerate, from the repository root:

    python3 tools/keccak-armv7m/gen.py --check > xkcp/KeccakP-1600-armv7m_arm.S

make test checks that the committed file is this output (test-gen-keccak-armv7m
in mk/generated.mk; make regen-keccak-armv7m runs the command above).

--check first runs the generated round code in a small simulator of the emitted
instructions against a reference Keccak-p and exits non-zero on a mismatch
(the real test is the firmware and the Go tests; this catches generator
bugs before an assembler sees them). --seed N (default 1) seeds the plan
search (search() below); the file names the seed it was made with.

How the permutation works (see docs/ARM.md for the long version):

* Each 64-bit lane is two 32-bit words: its even bits and its odd bits
  ("bit interleaving"). A 64-bit rotation is then two 32-bit rotations,
  possibly swapping the halves, and theta's rotate-by-one is a swap plus a
  rotation of one word.

* The state is 50 words, "half-planar": word h*25 + 5y + x is half h of lane
  (x, y). Round A reads the caller's state and writes a 200-byte stack
  buffer; round B reads the buffer and writes the state back. Both keep the
  standard lane order, so every row of five words is contiguous and one
  LDM/STM moves it.

* Lazy rotations: rho's rotations are never executed. Every word carries a
  "frame" f, known at generation time: the register holds the true value
  rotated right by f. ARM's flexible second operand (EOR/BIC Rd, Rn, Rm,
  ROR #s) lines frames up for free. The words written by round A keep
  whatever frames fell out (chosen by a search below); round B's outputs
  must be back in frame 0, and the search picks the operand orders that
  make that hold, so at the end of every round pair the state is plain
  interleaved lanes again.

* A round: pass 1 loads the input rows with LDMDB (walking down) and folds
  them into the ten column parities; theta's D values (ten words) are then
  pushed to the stack in ten groups of five, one group per output
  half-row, in the order pass 2 pops them. Pass 2, per output half-row:
  POP the five D words, LDR the five input words (pi is just the choice of
  addresses), theta (5 EOR), chi (5 BIC + 5 EOR), iota on row 0, and STMIA
  the five results.

The round constants sit in a 256-byte aligned table right before the
function so that the loop ends when the table pointer's low byte is 0.
"""
import random
import sys

RHO = [  # RHO[x][y], FIPS 202
    [0, 36, 3, 41, 18],
    [1, 44, 10, 45, 2],
    [62, 6, 43, 15, 61],
    [28, 55, 25, 21, 56],
    [27, 20, 39, 8, 14],
]

MASK32 = 0xFFFFFFFF
MASK64 = (1 << 64) - 1


def rc64():
    """The 24 round constants of Keccak-f[1600], from the LFSR of FIPS 202."""
    out = []
    r = 1

    def rc_bit():
        nonlocal r
        bit = r & 1
        r <<= 1
        if r & 0x100:
            r ^= 0x171
        return bit

    for _ in range(24):
        c = 0
        for j in range(7):
            if rc_bit():
                c |= 1 << ((1 << j) - 1)
        out.append(c)
    return out


def interleave(v):
    e = o = 0
    for k in range(32):
        e |= ((v >> (2 * k)) & 1) << k
        o |= ((v >> (2 * k + 1)) & 1) << k
    return e, o


def deinterleave(e, o):
    v = 0
    for k in range(32):
        v |= ((e >> k) & 1) << (2 * k) | ((o >> k) & 1) << (2 * k + 1)
    return v


def rol64(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK64 if n else v


def rol32(v, n):
    n %= 32
    return ((v << n) | (v >> (32 - n))) & MASK32 if n else v


def ror32(v, n):
    return rol32(v, 32 - (n % 32))


def keccak_p_ref(lanes, rounds):
    """lanes[x + 5y], the last `rounds` rounds of Keccak-f[1600]."""
    a = list(lanes)
    for rc in rc64()[24 - rounds:]:
        c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rol64(c[(x + 1) % 5], 1) for x in range(5)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rol64(a[x + 5 * y] ^ d[x], RHO[x][y])
        a = [b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]) & MASK64
             for y in range(5) for x in range(5)]
        # the comprehension above builds row-major: index x + 5y
        a = [a[i] for i in range(25)]
        a[0] ^= rc
    return a


def widx(x, y, h):
    """Word index of half h of lane (x, y) in the half-planar layout."""
    return h * 25 + 5 * y + x


def half_row_inputs(k):
    """Output half-row k = h_out*5 + y' -> for x' = 0..4 the input word
    (x, y, h_in) and the 32-bit rotation amount rho puts on it."""
    h_out, yp = divmod(k, 5)
    res = []
    for xp in range(5):
        y = xp
        x = (3 * (yp - 3 * xp)) % 5
        r = RHO[x][y]
        if r % 2 == 0:
            h_in, amt = h_out, r // 2
        elif h_out == 0:
            h_in, amt = 1, (r + 1) // 2
        else:
            h_in, amt = 0, (r - 1) // 2
        res.append((x, y, h_in, amt % 32))
    return res


HALF_ROWS = [half_row_inputs(k) for k in range(10)]


# ---------------------------------------------------------------------------
# Frame search. A frame f means: register = true value rotated right by f.

class Plan:
    """All operand-order choices for one round pair."""

    def __init__(self, rng):
        self.dA = [rng.randrange(2) for _ in range(5)]          # D_e frame in round A: 0 or 1
        self.thA = [[rng.randrange(2) for _ in range(5)] for _ in range(10)]  # 0: word frame, 1: D frame
        self.chA = [[rng.randrange(2) for _ in range(5)] for _ in range(10)]  # 0: frame of a, 1: of c
        self.cB = [[rng.randrange(5) for _ in range(2)] for _ in range(5)]    # row giving C[x][h]'s frame
        self.dB = [[rng.randrange(2) for _ in range(2)] for _ in range(5)]    # which operand gives D's frame

    def copy(self):
        p = Plan.__new__(Plan)
        p.dA = list(self.dA)
        p.thA = [list(r) for r in self.thA]
        p.chA = [list(r) for r in self.chA]
        p.cB = [list(r) for r in self.cB]
        p.dB = [list(r) for r in self.dB]
        return p

    def mutate(self, rng):
        w = rng.randrange(5)
        if w == 0:
            self.dA[rng.randrange(5)] ^= 1
        elif w == 1:
            self.thA[rng.randrange(10)][rng.randrange(5)] ^= 1
        elif w == 2:
            self.chA[rng.randrange(10)][rng.randrange(5)] ^= 1
        elif w == 3:
            self.cB[rng.randrange(5)][rng.randrange(2)] = rng.randrange(5)
        else:
            self.dB[rng.randrange(5)][rng.randrange(2)] ^= 1


def d_frames(cf, choice):
    """Frames of D[x][h] from the frames cf[x][h] of the column parities.
    D_e[x] = C_e[x-1] ^ rol(C_o[x+1], 1); D_o[x] = C_o[x-1] ^ C_e[x+1].
    choice[x][h] = 0: frame of the first operand, 1: of the second."""
    fd = [[0, 0] for _ in range(5)]
    for x in range(5):
        opts_e = (cf[(x - 1) % 5][0], (cf[(x + 1) % 5][1] + 1) % 32)
        opts_o = (cf[(x - 1) % 5][1], cf[(x + 1) % 5][0])
        fd[x][0] = opts_e[choice[x][0]]
        fd[x][1] = opts_o[choice[x][1]]
    return fd


def round_a_frames(p):
    """Frames of round A's output words, given the plan (inputs in frame 0)."""
    cf = [[0, 0] for _ in range(5)]
    fd = d_frames(cf, [[p.dA[x], 0] for x in range(5)])
    f1 = [None] * 50
    for k in range(10):
        h_out, yp = divmod(k, 5)
        fb = []
        for xp, (x, y, h_in, amt) in enumerate(HALF_ROWS[k]):
            base = fd[x][h_in] if p.thA[k][xp] else 0
            fb.append((base + amt) % 32)
        for xp in range(5):
            f1[widx(xp, yp, h_out)] = fb[(xp + 2) % 5] if p.chA[k][xp] else fb[xp]
    return f1, fd


def _min_fix(mask):
    best = None
    for m in range(32):
        g = mask | m
        if all((g >> x) & 1 or (g >> ((x + 2) % 5)) & 1 for x in range(5)):
            if best is None or bin(m).count("1") < bin(best).count("1"):
                best = m
    return best


_MIN_FIX = [_min_fix(m) for m in range(32)]


def min_fix(good):
    """Fewest chi inputs (B words) to rotate into frame 0 so that every output
    x' has a = B[x'] or c = B[x'+2] in frame 0 (then it can take that frame).
    Returns the bit mask of the words to rotate."""
    return _MIN_FIX[sum(1 << i for i in range(5) if good[i])]


def round_b_cost(p, f1):
    """Explicit rotations round B needs to get its outputs to frame 0."""
    cf = [[f1[widx(x, p.cB[x][h], h)] for h in range(2)] for x in range(5)]
    fd = d_frames(cf, p.dB)
    cost = 0
    for k in range(10):
        good = []
        for (x, y, h_in, amt) in HALF_ROWS[k]:
            good.append((f1[widx(x, y, h_in)] + amt) % 32 == 0 or (fd[x][h_in] + amt) % 32 == 0)
        cost += bin(min_fix(good)).count("1")
    return cost


def plan_cost(p):
    f1, _ = round_a_frames(p)
    return round_b_cost(p, f1)


def search(seed, restarts=12, steps=6000):
    """Simulated annealing over the plan; deterministic for a given seed."""
    import math
    rng = random.Random(seed)
    best, best_cost = None, 1 << 30
    for _ in range(restarts):
        p = Plan(rng)
        c = plan_cost(p)
        for step in range(steps):
            temp = 1.5 * (1 - step / steps) + 0.05
            q = p.copy()
            q.mutate(rng)
            cq = plan_cost(q)
            if cq <= c or rng.random() < math.exp((c - cq) / temp):
                p, c = q, cq
                if c < best_cost:
                    best, best_cost = p.copy(), c
        if best_cost == 0:
            break
    return best, best_cost


# ---------------------------------------------------------------------------
# Code generation. Instructions are tuples; emit() prints them, Sim runs them.

S, W, RC = "r0", "r12", "lr"      # state pointer, stack-buffer walker, round-constant pointer
DATA = ["r%d" % i for i in range(1, 12)]
STK_BYTES = 204                   # 200-byte buffer + 4 to keep sp 8-byte aligned


def regnum(r):
    return {"sp": 13, "lr": 14, "pc": 15}.get(r, None) if not r.startswith("r") else int(r[1:])


class Gen:
    def __init__(self):
        self.code = []
        self.depth = 0            # bytes pushed below the stack buffer right now

    def op(self, *t):
        self.code.append(t)

    def comment(self, text):
        self.op("comment", text)


def shifted(rd_frame, rm_frame):
    """ROR amount that brings a value in frame rm_frame into rd_frame."""
    return (rd_frame - rm_frame) % 32


def gen_round(g, p, which, f_in, check_zero_out):
    """One round. which = 'A' (state -> stack buffer) or 'B' (buffer -> state).
    f_in: frames of the 50 input words. Returns the output frames."""
    g.comment("---- round %s: %s ----" % (which, "state -> stack buffer" if which == "A" else "stack buffer -> state"))
    walker = S if which == "A" else W
    # Pass 1: column parities; rows walked downwards: h=1 (y=4..0), then h=0.
    cf = [[None, None] for _ in range(5)]
    acc = DATA[0:5]
    tmp = DATA[5:10]
    for h in (1, 0):
        g.comment("column parities, %s halves" % ("odd" if h else "even"))
        want = [(p.cB[x][h] if which == "B" else 4) for x in range(5)]
        for y in (4, 3, 2, 1, 0):
            if y == 4:
                g.op("ldmdb", walker, list(acc))
                fr = [f_in[widx(x, 4, h)] for x in range(5)]
                continue
            g.op("ldmdb", walker, list(tmp))
            for x in range(5):
                ft = f_in[widx(x, y, h)]
                if want[x] == y:   # result takes the loaded word's frame
                    g.op("eor", acc[x], tmp[x], acc[x], shifted(ft, fr[x]))
                    fr[x] = ft
                else:
                    g.op("eor", acc[x], acc[x], tmp[x], shifted(fr[x], ft))
        for x in range(5):
            cf[x][h] = fr[x]
        if h == 1:
            g.op("push", list(acc))
            g.depth += 20
    g.op("pop", list(tmp))
    g.depth -= 20
    creg = {(x, 0): acc[x] for x in range(5)}
    creg.update({(x, 1): tmp[x] for x in range(5)})

    # D values, in place with one spare register (one 20-step cycle).
    dchoice = [[p.dA[x], 0] for x in range(5)] if which == "A" else p.dB
    fd = d_frames(cf, dchoice)
    g.comment("theta's D: 10 EOR, in place")
    ops = {}
    for x in range(5):
        ops[(x, 0)] = ((x - 1) % 5, 0, 0), ((x + 1) % 5, 1, 1)   # (col, half, extra rot)
        ops[(x, 1)] = ((x - 1) % 5, 1, 0), ((x + 1) % 5, 0, 0)
    uses = {c: 0 for c in creg}
    for d in ops.values():
        for (cx, ch, _) in d:
            uses[(cx, ch)] += 1
    # Greedy walk around the dependency cycle: the first D goes to the spare
    # register, every later one overwrites an operand at its last use.
    order, remaining = [], set(ops)
    live = dict(uses)
    while remaining:
        cand = sorted(d for d in remaining
                      if any(live[(cx, ch)] == 1 for (cx, ch, _) in ops[d]))
        d = cand[0] if cand else sorted(remaining)[0]
        for (cx, ch, _) in ops[d]:
            live[(cx, ch)] -= 1
        order.append(d)
        remaining.discard(d)
    spare = [DATA[10]]
    dreg = {}
    for d in order:
        (x, h) = d
        o1, o2 = ops[d]
        c1, c2 = (o1[0], o1[1]), (o2[0], o2[1])
        f1_, f2_ = (cf[c1[0]][c1[1]] + o1[2]) % 32, (cf[c2[0]][c2[1]] + o2[2]) % 32
        r1, r2 = creg[c1], creg[c2]
        uses[c1] -= 1
        uses[c2] -= 1
        if uses[c1] == 0:
            dst = r1
        elif uses[c2] == 0:
            dst = r2
        else:
            dst = spare.pop()
        if dchoice[x][h] == 0:
            assert fd[x][h] == f1_
            g.op("eor", dst, r1, r2, shifted(f1_, f2_))
        else:
            assert fd[x][h] == f2_
            g.op("eor", dst, r2, r1, shifted(f2_, f1_))
        dreg[d] = dst
        if uses[c1] == 0 and dst != r1:
            spare.append(r1)
        if uses[c2] == 0 and dst != r2:
            spare.append(r2)
    assert len(set(dreg.values())) == 10
    # Push the D words each output half-row needs, last half-row first.
    g.comment("push theta's D words per output half-row, in pop order")
    blocks = []
    for k in range(10):
        need = [(x, h_in) for (x, y, h_in, amt) in HALF_ROWS[k]]
        blocks.append(need)
    for k in range(9, -1, -1):
        regs = sorted({dreg[d] for d in blocks[k]}, key=regnum)
        g.op("push", regs)
        g.depth += 20

    # Pass 2.
    f_out = [None] * 50
    fixups = 0
    for k in range(10):
        h_out, yp = divmod(k, 5)
        g.comment("output half-row y=%d, %s halves" % (yp, "odd" if h_out else "even"))
        free = list(DATA)
        # pop D words: pushed sorted by register, popped into the lowest free registers
        pushed = sorted(blocks[k], key=lambda d: regnum(dreg[d]))
        preg = free[:5]
        free = free[5:]
        g.op("pop", list(preg))
        g.depth -= 20
        dval = {d: preg[i] for i, d in enumerate(pushed)}
        inreg = free[:5]
        free = free[5:]
        for xp, (x, y, h_in, amt) in enumerate(HALF_ROWS[k]):
            w = widx(x, y, h_in)
            if which == "A":
                g.op("ldr", inreg[xp], S, 4 * w)
            else:
                g.op("ldr", inreg[xp], "sp", g.depth + 4 * w)
        # theta: choose the frame (word's or D's); B frames add rho's amount
        breg, fb = [], []
        good = []
        for xp, (x, y, h_in, amt) in enumerate(HALF_ROWS[k]):
            fw = f_in[widx(x, y, h_in)]
            fdd = fd[x][h_in]
            if which == "A":
                use_d = p.thA[k][xp]
            else:
                use_d = (fw + amt) % 32 != 0 and (fdd + amt) % 32 == 0
            wr, dr = inreg[xp], dval[(x, h_in)]
            if use_d:
                g.op("eor", wr, dr, wr, shifted(fdd, fw))
                f = fdd
            else:
                g.op("eor", wr, wr, dr, shifted(fw, fdd))
                f = fw
            breg.append(wr)
            fb.append((f + amt) % 32)
            good.append(fb[-1] == 0)
        if check_zero_out:
            m = min_fix(good)
            for xp in range(5):
                if (m >> xp) & 1:
                    g.op("ror", breg[xp], breg[xp], (32 - fb[xp]) % 32)
                    fb[xp] = 0
                    good[xp] = True
                    fixups += 1
        free = sorted(free + list(preg), key=regnum)
        outs = free[:5]
        # chi: out = a ^ (~b & c), a = B[x'], b = B[x'+1], c = B[x'+2]
        fo = []
        for xp in range(5):
            a, b, c = xp, (xp + 1) % 5, (xp + 2) % 5
            o = outs[xp]
            g.op("bic", o, breg[c], breg[b], shifted(fb[c], fb[b]))
            if which == "A":
                take_a = not p.chA[k][xp]
            else:
                take_a = good[a] and not good[c]
            if take_a:
                g.op("eor", o, breg[a], o, shifted(fb[a], fb[c]))
                fo.append(fb[a])
            else:
                g.op("eor", o, o, breg[a], shifted(fb[c], fb[a]))
                fo.append(fb[c])
        if yp == 0:
            t = breg[0]
            if which == "A":
                g.op("ldr", t, RC, 4 if h_out == 0 else 8)
            elif h_out == 0:
                g.op("ldr", t, RC, 12)
            else:
                g.op("ldr_post", t, RC, 16)
            g.op("eor", outs[0], outs[0], t, shifted(fo[0], 0))
        if check_zero_out:
            assert all(f == 0 for f in fo), fo
        for xp in range(5):
            f_out[widx(xp, yp, h_out)] = fo[xp]
        g.op("stmia", W if which == "A" else S, list(outs))
    assert g.depth == 0
    return f_out, fixups


# ---------------------------------------------------------------------------
# Simulator of the tuples above (also used for the odd-entry conversion).

class Sim:
    def __init__(self, state_words):
        self.mem = {}
        self.reg = {r: 0 for r in DATA + [S, W, RC, "sp"]}
        self.STATE, self.SP0, self.TABLE = 0x10000, 0x20000, 0x30000
        for i, v in enumerate(state_words):
            self.mem[self.STATE + 4 * i] = v
        self.reg[S] = self.STATE + 200
        self.reg["sp"] = self.SP0
        self.reg[W] = self.SP0

    def load(self, a):
        assert a % 4 == 0 and a in self.mem, hex(a)
        return self.mem[a]

    def run(self, code):
        R, M = self.reg, self.mem
        for t in code:
            k = t[0]
            if k == "comment":
                continue
            if k == "ldmdb":
                R[t[1]] -= 4 * len(t[2])
                for i, r in enumerate(t[2]):
                    R[r] = self.load(R[t[1]] + 4 * i)
            elif k == "ldmia":
                for i, r in enumerate(t[2]):
                    R[r] = self.load(R[t[1]] + 4 * i)
                R[t[1]] += 4 * len(t[2])
            elif k == "stmia":
                for i, r in enumerate(t[2]):
                    M[R[t[1]] + 4 * i] = R[r]
                R[t[1]] += 4 * len(t[2])
            elif k == "push":
                assert [regnum(r) for r in t[1]] == sorted(regnum(r) for r in t[1])
                R["sp"] -= 4 * len(t[1])
                for i, r in enumerate(t[1]):
                    M[R["sp"] + 4 * i] = R[r]
            elif k == "pop":
                assert [regnum(r) for r in t[1]] == sorted(regnum(r) for r in t[1])
                for i, r in enumerate(t[1]):
                    R[r] = self.load(R["sp"] + 4 * i)
                R["sp"] += 4 * len(t[1])
            elif k == "ldr":
                R[t[1]] = self.load(R[t[2]] + t[3])
            elif k == "ldr_post":
                R[t[1]] = self.load(R[t[2]])
                R[t[2]] += t[3]
            elif k == "eor":
                R[t[1]] = R[t[2]] ^ ror32(R[t[3]], t[4])
            elif k == "bic":
                R[t[1]] = R[t[2]] & ~ror32(R[t[3]], t[4]) & MASK32
            elif k == "ror":
                R[t[1]] = ror32(R[t[2]], t[3])
            elif k == "sub":
                R[t[1]] = R[t[2]] - t[3]
            else:
                raise ValueError(k)


# ---------------------------------------------------------------------------
# Emission.

def fmt(t):
    k = t[0]

    def sh(s):
        return ", ror #%d" % s if s else ""

    def rl(regs):
        return "{" + ", ".join(regs) + "}"

    if k == "comment":
        return "    @ " + t[1]
    if k in ("ldmdb", "ldmia", "stmia"):
        return "    %s%s %s!, %s" % (k, "" if k != "stmia" else "", t[1], rl(t[2]))
    if k in ("push", "pop"):
        return "    %s %s" % (k, rl(t[1]))
    if k == "ldr":
        return "    ldr %s, [%s, #%d]" % (t[1], t[2], t[3])
    if k == "ldr_post":
        return "    ldr %s, [%s], #%d" % (t[1], t[2], t[3])
    if k in ("eor", "bic"):
        return "    %s %s, %s, %s%s" % (k, t[1], t[2], t[3], sh(t[4]))
    if k == "ror":
        return "    ror %s, %s, #%d" % (t[1], t[2], t[3])
    raise ValueError(k)


def conversion_code(f1):
    """Odd round counts enter at round B: copy the state into the stack
    buffer, each word rotated into the frame round A would have left."""
    code = []
    regs = DATA[:10]
    for chunk in range(5):
        code.append(("ldmia", S, list(regs)))
        for i, r in enumerate(regs):
            f = f1[chunk * 10 + i]
            if f:
                code.append(("ror", r, r, f))
        code.append(("stmia", W, list(regs)))
    return code


def build(seed):
    plan, cost = search(seed)
    ga = Gen()
    f1, fa = gen_round(ga, plan, "A", [0] * 50, False)
    gb = Gen()
    f2, fixups = gen_round(gb, plan, "B", f1, True)
    assert all(f == 0 for f in f2)
    return plan, f1, ga.code, gb.code, fixups


def check(f1, code_a, code_b, conv):
    rng = random.Random(1)
    rcs = rc64()
    table = []
    for pr in range(12):
        ea, oa = interleave(rcs[2 * pr])
        eb, ob = interleave(rcs[2 * pr + 1])
        table += [ob, ea, oa, eb]
    for rounds in (24, 12, 1, 2, 3, 23):
        lanes = [rng.getrandbits(64) for _ in range(25)]
        words = [0] * 50
        for i, v in enumerate(lanes):
            words[i], words[25 + i] = interleave(v)
        sim = Sim(words)
        for i, v in enumerate(table):
            sim.mem[sim.TABLE + 4 * i] = v
        first = 24 - rounds
        sim.reg[RC] = sim.TABLE + 16 * (first // 2)
        i = first
        if first % 2:
            sim.reg[S] = sim.STATE
            sim.run(conv)
            sim.reg[S] -= 200
            sim.run(code_b)
            i += 1
        while i < 24:
            sim.run(code_a)
            sim.run(code_b)
            i += 2
        assert sim.reg["sp"] == sim.SP0 and sim.reg[S] == sim.STATE + 200
        got = [deinterleave(sim.mem[sim.STATE + 4 * j], sim.mem[sim.STATE + 100 + 4 * j]) for j in range(25)]
        want = keccak_p_ref(lanes, rounds)
        if got != want:
            print("MISMATCH for %d rounds" % rounds, file=sys.stderr)
            return False
    return True


def rc_table_lines():
    rcs = rc64()
    out = []
    for pr in range(12):
        ea, oa = interleave(rcs[2 * pr])
        eb, ob = interleave(rcs[2 * pr + 1])
        out.append("    .word 0x%08x, 0x%08x, 0x%08x, 0x%08x  @ rounds %d, %d"
                   % (ob, ea, oa, eb, 2 * pr, 2 * pr + 1))
    return out


def main():
    seed = 1
    args = sys.argv[1:]
    if "--seed" in args:
        seed = int(args[args.index("--seed") + 1])
    plan, f1, code_a, code_b, fixups = build(seed)
    conv = conversion_code(f1)
    if "--check" in args:
        ok = check(f1, code_a, code_b, conv)
        n = lambda c: sum(1 for t in c if t[0] != "comment")
        print("round A: %d instructions, round B: %d (%d frame fix-ups), check %s"
              % (n(code_a), n(code_b), fixups, "ok" if ok else "FAILED"), file=sys.stderr)
        if not ok:
            sys.exit(1)
    emit(code_a, code_b, conv, fixups, seed)


def emit(code_a, code_b, conv, fixups, seed):
    n = lambda c: sum(1 for t in c if t[0] != "comment")
    print(TEMPLATE_HEAD.format(seed=seed, na=n(code_a), nb=n(code_b), fixups=fixups))
    print("\n".join(rc_table_lines()))
    print(TEMPLATE_ENTRY.format(stk=STK_BYTES))
    print("\n".join(fmt(t) for t in conv))
    print(TEMPLATE_ODD_TAIL)
    print("\n".join(fmt(t) for t in code_a))
    print(".Lround_b:")
    print("\n".join(fmt(t) for t in code_b))
    print(TEMPLATE_EXIT.format(stk=STK_BYTES))
    print(LANES_ASM)


TEMPLATE_HEAD = r"""@ Code generated by tools/keccak-armv7m/gen.py; DO NOT EDIT.
@
@ Keccak-p[1600] for ARMv7-M (Thumb-2): bit-interleaved lanes, lazy rho;
@ search seed {seed} (--seed). docs/ARM.md explains the method.
@
@ One file for both targets: bare-metal Cortex-M4 (arm-none-eabi-gcc
@ -mcpu=cortex-m4 -mthumb) and ARMv7-A Linux in Thumb state (cgo with
@ arm-linux-gnueabihf-gcc). Only ARMv7-M instructions: no DSP extension,
@ no NEON, no ARM-state code.
@
@ State layout (200 bytes, word aligned): word h*25 + x + 5y is half h
@ (0: even bits, 1: odd bits) of lane (x, y).
@
@ Round A: {na} instructions; round B: {nb}, of which {fixups} rotate
@ results back to frame 0.

    .syntax unified
    .thumb
    .text

@ Round constants, interleaved, per round pair: odd half of the second
@ round, even and odd of the first, even of the second (the order the loop
@ reads them, ending with a post-increment). The table ends on a 256-byte
@ boundary: the loop stops when the pointer's low byte is zero.
    .balign 256
    .space  64
.Lrc_table:"""

TEMPLATE_ENTRY = r"""
@ void kp1600_armv7m_permute(uint32_t state[50], unsigned nrounds)
@ nrounds 1..24 (the last nrounds rounds of Keccak-f); 0 or > 24: no-op.
    .balign 4
    .global kp1600_armv7m_permute
    .type   kp1600_armv7m_permute, %function
    .thumb_func
kp1600_armv7m_permute:
    subs    r2, r1, #1
    cmp     r2, #23
    it      hi
    bxhi    lr
    push    {{r4-r11, lr}}
    sub     sp, sp, #{stk}
    adr.w   lr, .Lrc_table
    rsb     r2, r1, #24             @ index of the first round
    bic     r2, r2, #1
    add     lr, lr, r2, lsl #3      @ 16 bytes of constants per round pair
    mov     r12, sp                 @ stack-buffer walker
    lsls    r2, r1, #31             @ odd round count?
    beq     .Leven
    @ odd: state -> stack buffer in round B's input frames, then round B"""

TEMPLATE_ODD_TAIL = r"""    sub     r0, r0, #200
    b       .Lround_b
.Leven:
    add     r0, r0, #200            @ round A walks the state downwards
.Lround_a:"""

TEMPLATE_EXIT = r"""    tst     lr, #255                @ past the last round pair?
    bne     .Lround_a
    add     sp, sp, #{stk}
    pop     {{r4-r11, pc}}
    .size   kp1600_armv7m_permute, .-kp1600_armv7m_permute"""

LANES_ASM = r"""
@ Bit interleaving of whole lanes. A 32-bit word is split into its even
@ bits (low 16) and odd bits (high 16) in four delta swaps; a lane's two
@ words then trade halves. Data may be unaligned (LDR/STR allow it on
@ ARMv7-M and on ARMv7-A Linux; LDRD/LDM would not).

@ x: register to unshuffle, t: scratch
    .macro  unshuffle x, t
    eor     \t, \x, \x, lsr #1
    and     \t, \t, #0x22222222
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #1
    eor     \t, \x, \x, lsr #2
    and     \t, \t, #0x0c0c0c0c
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #2
    eor     \t, \x, \x, lsr #4
    and     \t, \t, #0x00f000f0
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #4
    eor     \t, \x, \x, lsr #8
    and     \t, \t, #0x0000ff00
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #8
    .endm

@ the inverse: the same delta swaps in reverse order
    .macro  shuffle x, t
    eor     \t, \x, \x, lsr #8
    and     \t, \t, #0x0000ff00
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #8
    eor     \t, \x, \x, lsr #4
    and     \t, \t, #0x00f000f0
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #4
    eor     \t, \x, \x, lsr #2
    and     \t, \t, #0x0c0c0c0c
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #2
    eor     \t, \x, \x, lsr #1
    and     \t, \t, #0x22222222
    eor     \x, \x, \t
    eor     \x, \x, \t, lsl #1
    .endm

@ void kp1600_armv7m_add_lanes(uint32_t *even, const uint8_t *data, unsigned n)
@ XORs n whole lanes (8n bytes) into the state: even points at the even
@ half of the first lane, its odd half is 25 words further.
    .balign 4
    .global kp1600_armv7m_add_lanes
    .type   kp1600_armv7m_add_lanes, %function
    .thumb_func
kp1600_armv7m_add_lanes:
    cmp     r2, #0
    it      eq
    bxeq    lr
    push    {r4-r6, lr}
1:  ldr     r3, [r1], #4            @ low word of the lane
    ldr     r4, [r1], #4            @ high word
    unshuffle r3, r5
    unshuffle r4, r5
    lsrs    r5, r3, #16             @ odd bits of the low word
    bfi     r3, r4, #16, #16        @ r3 = even half
    bfi     r4, r5, #0, #16         @ r4 = odd half
    ldr     r5, [r0, #100]
    ldr     r6, [r0]
    eors    r5, r5, r4
    eors    r6, r6, r3
    str     r5, [r0, #100]
    str     r6, [r0], #4
    subs    r2, r2, #1
    bne     1b
    pop     {r4-r6, pc}
    .size   kp1600_armv7m_add_lanes, .-kp1600_armv7m_add_lanes

@ void kp1600_armv7m_extract_lanes(const uint32_t *even, uint8_t *data, unsigned n)
@ Writes n whole lanes (8n bytes) of the state, as in add_lanes.
    .balign 4
    .global kp1600_armv7m_extract_lanes
    .type   kp1600_armv7m_extract_lanes, %function
    .thumb_func
kp1600_armv7m_extract_lanes:
    cmp     r2, #0
    it      eq
    bxeq    lr
    push    {r4-r5, lr}
1:  ldr     r4, [r0, #100]          @ odd half
    ldr     r3, [r0], #4            @ even half
    lsrs    r5, r3, #16             @ even bits of the high word
    bfi     r3, r4, #16, #16        @ r3 = low word, unshuffled
    bfi     r4, r5, #0, #16         @ r4 = high word, unshuffled
    shuffle r3, r5
    shuffle r4, r5
    str     r3, [r1], #4
    str     r4, [r1], #4
    subs    r2, r2, #1
    bne     1b
    pop     {r4-r5, pc}
    .size   kp1600_armv7m_extract_lanes, .-kp1600_armv7m_extract_lanes

    .section .note.GNU-stack,"",%progbits"""

if __name__ == "__main__":
    main()
