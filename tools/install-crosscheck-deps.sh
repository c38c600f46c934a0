#!/usr/bin/env bash
# Installs the independent implementations the SP 800-185 cross-check tests
# run (sp800185_crosscheck_test.go): Debian's pycryptodome for
# /usr/bin/python3, OpenSSL's command line (KMAC), Node.js with npm, and
# @noble/hashes pinned by tools/crosscheck/package-lock.json. Idempotent and
# quiet; .ci/run calls it. Needs root for apt-get.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

apt_install() {
	apt-get -qq -o DPkg::Lock::Timeout=300 update >/dev/null
	apt-get -qq -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "$@" >/dev/null
}

need=()
/usr/bin/python3 -c 'import Cryptodome' 2>/dev/null || need+=(python3-pycryptodome)
command -v openssl >/dev/null || need+=(openssl)
# A Node.js from elsewhere (e.g. NodeSource) brings its own npm; Debian's
# npm package would conflict with it, so ask apt only for what is missing.
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then apt_install "${need[@]}"; fi

dir=tools/crosscheck
want=$(node -p "require('./$dir/package-lock.json').packages['node_modules/@noble/hashes'].version")
have=$(node -p "try { require('./$dir/node_modules/@noble/hashes/package.json').version } catch { '' }")
if [ "$want" != "$have" ]; then
	npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error >/dev/null
fi
