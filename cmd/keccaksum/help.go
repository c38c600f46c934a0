package main

import (
	"fmt"
	"strings"
)

// The man page keccaksum.1 is generated from this text (a test checks it
// is up to date); make install installs it with the binary.
//
//go:generate sh -c "go run . --help | go run ./internal/manpage/mangen > keccaksum.1"

func usageText() string {
	var b strings.Builder
	b.WriteString(`Usage: keccaksum [OPTION]... [FILE]...
       keccaksum -c [OPTION]... [LIST]...
       keccaksum bench [-a ALG] [-j N] [--time DURATION]
Print or check Keccak-family checksums. With no FILE, or when FILE is -,
read standard input. 'keccaksum bench -h' describes the benchmark.

  -a, --algorithm ALG      the hash (default sha3-256); see below (openssl's
                           names shake-128 and shake-256 work too)
  -l, --length N           output bytes, where variable (default: see below)
      --customization S    customization string (S of cSHAKE and SP 800-185,
                           C of KangarooTwelve)
      --customization-hex H  the same, given in hex
      --function-name N    cSHAKE's function name N
      --domain D           TurboSHAKE's domain byte, 0x01..0x7F (default 0x1F)
      --key-file FILE      KMAC's key: the bytes of FILE (- for stdin)
      --block-size B       ParallelHash's block size in bytes (default 8192)
      --tuplehash-max N    the most input TupleHash holds in memory, one input
                           or all at once (default 1G; suffix K, M, G or T)
  -r, --recursive          hash the regular files under each directory FILE,
                           in name order; links inside are skipped (not -c)
  -L, --follow             with -r, follow symbolic links inside the trees too
                           (a directory inside itself is reported, not walked)
      --tag                BSD-style output: ALG (NAME) = HEX
      --no-names           print the digest alone, without the name (b3sum)
      --raw                write the digest's raw bytes, not hex, and no
                           newline; one input only (b3sum)
  -z, --zero               end each output line with NUL, not newline,
                           and do not escape file names
  -b, --binary, -t, --text  accepted for coreutils compatibility ('*' or ' '
                           before the name); input is always read as bytes
  -j, --jobs N             use at most N threads, 1 to 1024 (default, or 0:
                           all CPUs); --num-threads N is the same (b3sum)
      --progress           show a progress line on stderr for every input
      --no-progress        never show one (default: only on a terminal,
                           for inputs over 256 MiB)
      --no-mmap            accepted for compatibility and ignored: files are
                           always read, never memory-mapped

  -c, --check              read checksum lists from the LISTs and verify them
The following options are useful only when verifying checksums:
      --ignore-missing     don't fail or report status for missing files
      --quiet              don't print OK for each successfully verified file
      --status             don't output anything, the exit status shows success
      --strict             exit non-zero for improperly formatted lines
  -w, --warn               warn about each improperly formatted line
Of -w, --quiet and --status the last one given wins, as in GNU sha256sum.

  -h, --help               display this help and exit
      --version            print the version and the backend in use, and exit

Algorithms (default output bytes; options they take; -j: multi-threaded):
`)
	for _, a := range algorithms {
		var notes []string
		switch {
		case a.lengthHashed:
			notes = append(notes, "-l (hashed)")
		case a.xof:
			notes = append(notes, "-l")
		}
		for _, o := range algOptions {
			if a.takes&o.bit != 0 {
				notes = append(notes, o.option)
			}
		}
		if a.parallel {
			notes = append(notes, "-j")
		}
		fmt.Fprintf(&b, "%s\n", strings.TrimRight(fmt.Sprintf("  %-19s %3d  %s", a.name, a.size, strings.Join(notes, ", ")), " "))
	}
	b.WriteString(`
--check reads lines in either output format. Untagged lines use -a's
algorithm; tagged lines name theirs. The length of an XOF's digest is
taken from the line. When nothing in a list matched and the lengths of
its untagged digests suggest another algorithm, a hint on stderr names
the -a that might be meant. Exit status: 0 if all went well, 1 if an input could
not be read or a check failed, 2 for a usage error.

The environment variable KECCAK_KERNEL forces a backend (e.g. go, asm/avx2,
c/portable); one this build and CPU cannot run is ignored, with a warning
on stderr naming those they can.
`)
	return b.String()
}
