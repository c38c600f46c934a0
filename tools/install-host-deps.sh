#!/bin/sh
# Debian packages for the host C targets of make test (test-kernels, test-c,
# go-asan): a C compiler with AddressSanitizer and UBSan (gcc brings
# libasan and libubsan), make and python3 (the C tests' vector headers).
# Idempotent: apt runs only for what is missing. Run as root.
set -e
pkgs="gcc libc6-dev make python3"
missing=
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
if [ -z "$missing" ]; then
	echo "install-host-deps: all packages present"
	exit 0
fi
echo "install-host-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >/dev/null
