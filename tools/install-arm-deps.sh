#!/bin/sh
# Debian packages for the ARM targets of mk/arm.mk (test-m4, bench-m4,
# test-arm, test-arm64, test-arm-purego). Idempotent: installs only what is
# missing, and skips apt entirely when nothing is. Run as root (.ci/run does).
set -e
exec "$(dirname "$0")/apt-install-missing.sh" install-arm-deps \
	gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm qemu-user \
	gcc-arm-linux-gnueabihf libc6-dev-armhf-cross gcc-aarch64-linux-gnu \
	libc6-dev-arm64-cross gcc libc6-dev make python3
