#!/usr/bin/env bash
# Interleaved benchmark rounds: build the test binary once, run every
# benchmark once per round (ours and the peer back to back), ROUNDS rounds,
# then print medians and same-run ratios. Usage:
#   bench/run.sh [ROUNDS] [BENCH-REGEXP]      (defaults: 6, .)
# Environment: GOMAXPROCS is passed through (KT one-core numbers: GOMAXPROCS=1);
# BENCHTIME sets -test.benchtime (default 1s); OUT the output folder; PKG the
# package to benchmark, relative to bench/ (default .; .. for the root
# package's per-backend benchmarks).
set -euo pipefail
cd "$(dirname "$0")"
rounds=${1:-6}
pattern=${2:-.}
out=${OUT:-../build/bench}
mkdir -p "$out"
go test -c -o "$out/bench.test" "${PKG:-.}"
: > "$out/raw.txt"
for r in $(seq "$rounds"); do
	"$out/bench.test" -test.run "^$" -test.bench "$pattern" -test.benchmem -test.benchtime "${BENCHTIME:-1s}" -test.count 1 >> "$out/raw.txt"
done
python3 table.py < "$out/raw.txt"
