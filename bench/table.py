#!/usr/bin/env python3
"""Reads `go test -bench` output (several rounds) and prints a Markdown table:
per benchmark, the median ns/op of ours (sub-benchmark "keccak") and of each
peer, and the peer/ours ratio of medians (>1 means ours is faster). The
Paired_* benchmarks (ours and the peer alternating inside one benchmark) get
a second table: median ns/op of each side and the median, lowest and highest
of the rounds' peer/keccak ratios, and where reported the median over rounds
of peer/keccak-med (each round's median slice ratio)."""
import re
import statistics
import sys
from collections import defaultdict

line = re.compile(r"^Benchmark(\S+?)/(\w+)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+([\d.]+) MB/s)?")
ns = defaultdict(lambda: defaultdict(list))
mbs = defaultdict(list)
order = []
paired_line = re.compile(r"^BenchmarkPaired_(\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) keccak-ns/op\s+([\d.]+) peer-ns/op\s+([\d.]+) peer/keccak(?:\s+([\d.]+) peer/keccak-med)?")
paired = defaultdict(lambda: ([], [], [], []))
for text in sys.stdin:
    pm = paired_line.match(text)
    if pm:
        for column, v in zip(paired[pm.group(1)], pm.group(2, 3, 4, 5)):
            if v is not None:
                column.append(float(v))
        continue
    m = line.match(text)
    if not m:
        continue
    name, impl, v, speed = m.group(1), m.group(2), float(m.group(3)), m.group(4)
    if name not in ns:
        order.append(name)
    ns[name][impl].append(v)
    if impl == "keccak" and speed:
        mbs[name].append(float(speed))

print("| benchmark | keccak | peer | peer/keccak | keccak MB/s |")
print("|---|---:|---:|---:|---:|")
fmt = lambda v: f"{v/1e6:.2f} ms" if v >= 1e6 else (f"{v/1e3:.1f} µs" if v >= 1e4 else f"{v:.0f} ns")
for name in order:
    impls = ns[name]
    ours = statistics.median(impls["keccak"]) if impls.get("keccak") else None
    peers = [p for p in impls if p != "keccak"] or [None]
    for p in peers:
        peer = statistics.median(impls[p]) if p else None
        cells = [name, fmt(ours) if ours else "", f"{fmt(peer)} ({p})" if peer else "",
                 f"{peer/ours:.2f}x" if ours and peer else "",
                 f"{statistics.median(mbs[name]):.0f}" if mbs.get(name) else ""]
        print("| " + " | ".join(cells) + " |")
if paired:
    print("\n| paired benchmark | keccak | peer | peer/keccak (median) | lowest-highest | slice median |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (ours, peer, ratio, med) in paired.items():
        print(f"| {name} | {fmt(statistics.median(ours))} | {fmt(statistics.median(peer))} | "
              f"{statistics.median(ratio):.2f}x | {min(ratio):.2f}-{max(ratio):.2f}x | "
              f"{f'{statistics.median(med):.2f}x ({min(med):.2f}-{max(med):.2f})' if med else ''} |")
rounds = max([len(v) for d in ns.values() for v in d.values()] + [len(c[0]) for c in paired.values()], default=0)
print(f"\nmedians of {rounds} interleaved rounds")
