#!/bin/sh
# Runs a Cortex-M4 firmware ELF on QEMU's mps2-an386 board.
#   run-m4.sh fw.elf                       semihosting output on stdout
#   run-m4.sh --count LOG PLUGIN fw.elf    also count instructions between
#                                          bench_start/bench_stop (tools/qemu-insncount),
#                                          the plugin's lines go to LOG
# Exit status: the firmware's (main's return value), 124 on timeout.
set -e
plugin_args=
if [ "$1" = "--count" ]; then
    log=$2 so=$3
    shift 3
    nm_addr() { arm-none-eabi-nm "$1" | awk -v s="$2" '$3 == s { print "0x" $1 }'; }
    start=$(nm_addr "$1" bench_start)
    stop=$(nm_addr "$1" bench_stop)
    [ -n "$start" ] && [ -n "$stop" ] || { echo "run-m4.sh: no bench markers in $1" >&2; exit 2; }
    plugin_args="-plugin $so,start=$start,stop=$stop -d plugin -D $log"
fi
elf=$1
[ -f "$elf" ] || { echo "usage: run-m4.sh [--count LOG PLUGIN] fw.elf" >&2; exit 2; }
# shellcheck disable=SC2086 # plugin_args is a word list on purpose
exec timeout "${M4_TIMEOUT:-600}" qemu-system-arm -M mps2-an386 -cpu cortex-m4 \
    -display none -monitor none -serial null \
    -chardev stdio,id=semihost -semihosting-config enable=on,target=native,chardev=semihost \
    $plugin_args -kernel "$elf" </dev/null
