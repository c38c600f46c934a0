#!/bin/sh
# Debian packages for the host C targets of make test (test-kernels, test-c,
# go-asan): a C compiler with AddressSanitizer and UBSan (gcc brings
# libasan and libubsan), make and python3 (the C tests' vector headers).
# Idempotent: apt runs only for what is missing. Run as root.
set -e
exec "$(dirname "$0")/apt-install-missing.sh" install-host-deps gcc libc6-dev make python3
