#!/bin/sh
# The arm64 instruction-count table of docs/ARM.md: builds main.go for
# linux/arm64 (cgo, then without), runs it under qemu-aarch64 -cpu max with the
# tools/qemu-insncount plugin once per library and backend, and prints a
# Markdown table. Each case is counted in 3 regions and the smallest kept;
# the empty region (the markers' own cost) is subtracted.
#   run.sh PLUGIN.so [BUILD_DIR]        (from the repository root: make count-arm64)
set -e
plugin=$(realpath "$1")
out=$(realpath -m "${2:-build/arm64}")
here=$(dirname "$0")
mkdir -p "$out"
# build BIN CGO_ENABLED: the program, and the markers' addresses in it.
build() {
	bin=$1
	(cd "$here/.." && CGO_ENABLED=$2 GOOS=linux GOARCH=arm64 CC=${ARM64_CC:-aarch64-linux-gnu-gcc} \
		go build -ldflags=-checklinkname=0 -o "$bin" ./insncount)
	start=$(addr main.benchStart)
	stop=$(addr main.benchStop)
}
addr() { go tool nm "$bin" | awk -v s="$1" '$3 == s { print "0x" $1 }'; }
build "$out/insncount" 1

# row LABEL ENV... -- ARGS...: one table row.
row() {
	label=$1
	shift
	env=""
	while [ "$1" != "--" ]; do env="$env $1"; shift; done
	shift
	env $env GOMAXPROCS=1 GOGC=off qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu max \
		-d plugin -D "$out/insncount.log" -plugin "$plugin,start=$start,stop=$stop" \
		"$bin" "$@" >"$out/insncount.cases" 2>/dev/null
	grep '^insncount: region' "$out/insncount.log" | awk '{ print $4 }' >"$out/insncount.counts"
	if [ "$(wc -l <"$out/insncount.counts")" != "$(wc -l <"$out/insncount.cases")" ]; then
		echo "run.sh: $label: regions and cases differ in number" >&2
		exit 1
	fi
	paste -d' ' "$out/insncount.cases" "$out/insncount.counts" |
		awk -v label="$label" '
		$1 == "empty" { base = $4; next }
		{ n = $4 - base; if (!($1 in best) || n < best[$1]) best[$1] = n; bytes[$1] = $2; units[$1] = $3 }
		function cell(c) {
			if (!(c in best)) return "—"
			if (units[c] > 0) return sprintf("%d", best[c] / units[c])
			return sprintf("%.2f", best[c] / bytes[c])
		}
		END { printf "| %s | %s | %s | %s | %s |\n", label, cell("permute24"), cell("permute24x4"),
			cell("sha3-256"), cell("kt128") }'
}

echo "| code | per Keccak-f[1600], one state | per Keccak-f[1600], several at once | per byte, SHA3-256 of 64 KiB | per byte, KT128 of 1 MiB |"
echo "| --- | ---: | ---: | ---: | ---: |"
for k in portable arm64sha3 arm64sha3x2 go; do
	row "keccak, KECCAK_KERNEL=$k" KECCAK_KERNEL=$k -- -lib keccak
done
# Without cgo: the Go-assembly SHA3 backend (the default there) and Go;
# the other libraries (no C in them) run in this build too.
build "$out/insncount-nocgo" 0
for k in asm/arm64sha3 go; do
	row "keccak, CGO_ENABLED=0, KECCAK_KERNEL=$k" KECCAK_KERNEL=$k -- -lib keccak
done
row "crypto/sha3, Go code (linux/arm64)" -- -lib crypto/sha3
row "crypto/sha3, SHA3 instructions (its darwin/arm64 path)" -- -lib crypto/sha3 -asm
row "circl, Go code (linux/arm64)" -- -lib circl
row "circl, two-way SHA3 instructions (its darwin/arm64 path)" -- -lib circl -asm
