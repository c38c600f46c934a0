#!/bin/sh
# apt-install-missing.sh NAME PACKAGE...: installs the Debian packages that
# are not installed yet, and skips apt entirely when none is missing. The
# install-*-deps.sh scripts call it; run as root.
set -e
name=$1
shift
missing=
for p in "$@"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
if [ -z "$missing" ]; then
	echo "$name: all packages present"
	exit 0
fi
echo "$name: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# another apt client may hold the lock for a while: wait up to 10 minutes
apt-get -o DPkg::Lock::Timeout=600 update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >/dev/null
