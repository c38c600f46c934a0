#!/bin/sh
# need.sh TARGET REQUIREMENT... : can make TARGET run here?
#
# Each requirement is a command on PATH, or one of the checks below (asan,
# sanitizers, newlib). When one is missing and we are root on a machine with apt-get,
# the installer that provides it runs first. If something is still missing
# this prints one line
#     SKIPPED: TARGET (WHY; COMMAND THAT INSTALLS IT)
# appends it to build/skipped.txt (make test prints them again at the end)
# and exits 3, so the caller skips TARGET; under CI (CI set, as .ci/run
# sets it) it exits 1 instead, so nothing is skipped there.
set -u
target=$1
shift
cd "$(dirname "$0")/.."

# installer REQUIREMENT: the command that installs it.
installer() {
	case $1 in
	staticcheck) echo "tools/install-go-tools.sh" ;;
	cc | gcc | python3 | asan | sanitizers) echo "sudo tools/install-host-deps.sh" ;;
	*) echo "sudo tools/install-arm-deps.sh" ;;
	esac
}

# have REQUIREMENT: is it here?
have() {
	case $1 in
	asan) # cgo's compiler links AddressSanitizer, on a platform go -asan supports
		case "$(go env GOOS)/$(go env GOARCH)" in
		linux/amd64 | linux/arm64 | linux/loong64) ;;
		*) return 1 ;;
		esac
		echo 'int main(void){return 0;}' |
			$(go env CC) -fsanitize=address -x c -o /dev/null - 2>/dev/null ;;
	sanitizers) # the host C compiler links ASan and UBSan
		echo 'int main(void){return 0;}' |
			cc -fsanitize=address,undefined -x c -o /dev/null - 2>/dev/null ;;
	newlib) # the bare-metal C library arm-none-eabi-gcc links the firmware with
		arm-none-eabi-gcc -print-file-name=nano.specs 2>/dev/null | grep -q / ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

missing() {
	m=
	for r in "$@"; do have "$r" || m="$m $r"; done
	echo "${m# }"
}

m=$(missing "$@")
[ -z "$m" ] && exit 0

# Bring what we can: the go-installed tools anywhere, Debian packages as root.
ran=
for r in $m; do
	cmd=$(installer "$r")
	case " $ran " in *" $cmd "*) continue ;; esac
	ran="$ran $cmd"
	case $cmd in
	sudo\ *)
		[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || continue
		cmd=${cmd#sudo }
		;;
	esac
	echo "need.sh: $target needs $r: running $cmd"
	$cmd >&2 || echo "need.sh: $cmd failed"
done
m=$(missing "$@")
[ -z "$m" ] && exit 0

first=${m%% *}
line="SKIPPED: $target (missing: $m; $(installer "$first"))"
echo "$line"
mkdir -p build && echo "$line" >>build/skipped.txt
[ -n "${CI:-}" ] && exit 1
exit 3
