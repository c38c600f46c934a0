#!/bin/sh
# Debian packages for the ARM targets of mk/arm.mk (test-m4, bench-m4,
# test-arm, test-arm64, test-arm-purego). Idempotent: installs only what is
# missing, and skips apt entirely when nothing is. Run as root (.ci/run does).
set -e
pkgs="gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm qemu-user
gcc-arm-linux-gnueabihf libc6-dev-armhf-cross gcc-aarch64-linux-gnu
libc6-dev-arm64-cross gcc libc6-dev make python3"
missing=
for p in $pkgs; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    echo "install-arm-deps: all packages present"
    exit 0
fi
echo "install-arm-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# another apt client may hold the lock for a while: wait up to 10 minutes
apt-get -o DPkg::Lock::Timeout=600 update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >/dev/null
