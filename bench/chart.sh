#!/usr/bin/env bash
# Redraws docs/throughput.png, the chart that leads docs/PERFORMANCE.md:
# builds the test binary once, runs the Chart_* benchmarks ROUNDS times
# (every size and implementation once per round, ours and the peers back to
# back), then cmd/chart plots the medians. Usage:
#   bench/chart.sh [ROUNDS]                   (default 6)
# Environment: BENCHTIME (default 0.3s; with 6 rounds the run takes ~6
# minutes on 2 cores), NOTE (a sentence for the caption, such as how busy
# the machine was), CHART (the image, default ../docs/throughput.png,
# relative to bench/), OUT (the folder for the raw output). KECCAK_KERNEL
# and GOMAXPROCS pass through to the benchmarks.
set -euo pipefail
cd "$(dirname "$0")"
rounds=${1:-6}
out=${OUT:-../build/bench}
raw="$out/chart.txt"
mkdir -p "$out"
go test -c -o "$out/chart.test" .
backend=$(cd .. && go run ./cmd/keccaksum --version | sed -n 's/^backend: //p')
cpuinfo=""
if [ -r /proc/cpuinfo ]; then
	fam=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -1)
	model=$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -1)
	flags=$(sed -n 's/^flags[[:space:]]*: //p' /proc/cpuinfo | head -1)
	simd="no AVX2"
	case " $flags " in *" avx2 "*) simd="AVX2" ;; esac
	case " $flags " in
	*" avx512f "*) simd="$simd, AVX-512" ;;
	*) simd="$simd, no AVX-512" ;;
	esac
	cpuinfo="family $fam model $model, $simd, $(nproc) CPUs"
fi
{
	echo "date: $(date -u +%Y-%m-%d)"
	echo "backend: $backend"
	echo "go: $(go env GOVERSION)"
	echo "cpuinfo: $cpuinfo"
	echo "note: ${NOTE:-}"
} > "$raw"
for r in $(seq "$rounds"); do
	"$out/chart.test" -test.run '^$' -test.bench '^BenchmarkChart_' -test.benchtime "${BENCHTIME:-0.3s}" -test.count 1 >> "$raw"
done
go run ./cmd/chart -in "$raw" -out "${CHART:-../docs/throughput.png}"
