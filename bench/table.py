#!/usr/bin/env python3
"""Reads `go test -bench` output (several rounds) and prints a Markdown table:
per benchmark, the median ns/op of ours (sub-benchmark "keccak") and of each
peer, and the peer/ours ratio of medians (>1 means ours is faster)."""
import re
import statistics
import sys
from collections import defaultdict

line = re.compile(r"^Benchmark(\S+?)/(\w+)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+([\d.]+) MB/s)?")
ns = defaultdict(lambda: defaultdict(list))
mbs = defaultdict(list)
order = []
for text in sys.stdin:
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
print(f"\nmedians of {max((len(v) for d in ns.values() for v in d.values()), default=0)} interleaved rounds")
