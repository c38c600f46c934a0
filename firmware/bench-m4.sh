#!/bin/sh
# Runs a bench firmware under QEMU with the instruction-count plugin and
# prints one line per case: "NAME INSTRUCTIONS" (net: the empty region's
# marker overhead subtracted).
#   bench-m4.sh PLUGIN.so bench.elf
# The firmware prints "bench: NAME" before each measured region, the first
# being the empty calibration region "bench: (empty)"; the plugin logs
# "insncount: region N: COUNT" in the same order.
set -e
so=$1 elf=$2
dir=$(dirname "$0")
log=$(mktemp)
out=$(mktemp)
trap 'rm -f "$log" "$out"' EXIT
"$dir/run-m4.sh" --count "$log" "$so" "$elf" >"$out" || {
    echo "bench-m4.sh: firmware failed:" >&2; cat "$out" >&2; exit 1; }
awk -v logfile="$log" '
    BEGIN {
        while ((getline line < logfile) > 0)
            if (line ~ /^insncount: region /) { split(line, f, /[: ]+/); count[n++] = f[4] }
    }
    /^bench: / { name[m++] = $2 }
    END {
        if (m == 0 || m != n || name[0] != "(empty)") {
            printf "bench-m4.sh: %d names, %d regions\n", m, n > "/dev/stderr"; exit 1
        }
        for (i = 1; i < m; i++) print name[i], count[i] - count[0]
    }' "$out"
