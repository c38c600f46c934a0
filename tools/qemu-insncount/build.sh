#!/bin/sh
# Builds insncount.so for the installed qemu-system-arm with the host C
# compiler:  build.sh OUT.so
set -e
out=${1:-insncount.so}
src=$(dirname "$0")/insncount.c
major=$(qemu-system-arm --version | sed -n 's/^QEMU emulator version \([0-9]*\).*/\1/p')
api=1
if [ "${major:-0}" -ge 9 ]; then api=2; fi
${HOSTCC:-cc} -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden \
    -DINSNCOUNT_API_VERSION=$api -o "$out" "$src"
