package main

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	keccak "github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

// checkDir holds files a, b, "c d", a directory and lists about them.
func checkDir(t *testing.T, lists map[string]string) string {
	t.Helper()
	files := map[string][]byte{"a": []byte("alpha"), "b": []byte("beta"), "c d": []byte("gamma"), "sub/x": nil}
	for name, text := range lists {
		files[name] = []byte(text)
	}
	return writeFiles(t, files)
}

func line(content, name string) string { return sha3hex([]byte(content)) + "  " + name + "\n" }

var zeros = strings.Repeat("0", 64)

func TestCheckAllGood(t *testing.T) {
	dir := checkDir(t, map[string]string{
		"good": line("alpha", "a") + "# a comment\n\n" + line("beta", "b") + line("gamma", "c d"),
	})
	r := runIn(t, dir, nil, "-c", "good")
	require.Equal(t, result{stdout: "a: OK\nb: OK\nc d: OK\n"}, r)
	require.Equal(t, result{}, runIn(t, dir, nil, "--check", "--status", "good"))
	require.Equal(t, result{}, runIn(t, dir, nil, "-c", "--quiet", "good"))
	// The list on standard input, with and without "-".
	list, _ := os.ReadFile(filepath.Join(dir, "good"))
	require.Equal(t, "a: OK\nb: OK\nc d: OK\n", mustRun(t, dir, list, "-c"))
	require.Equal(t, "a: OK\nb: OK\nc d: OK\n", mustRun(t, dir, list, "-c", "-"))
}

func TestCheckFailures(t *testing.T) {
	mixed := line("alpha", "a") + // OK
		zeros + "  b\n" + // mismatch
		"this is not a checksum line\n" + // malformed
		line("x", "missing") + // cannot be read
		line("x", "sub") + // a directory
		sha3hex([]byte("gamma"))[:60] + "  c d\n" + // malformed: too short
		line("gamma", "c d") // OK
	dir := checkDir(t, map[string]string{"mixed": mixed})
	wantErr := "keccaksum: mixed:3: improperly formatted line: neither 'HEX  NAME' nor 'ALG (NAME) = HEX'\n" +
		"keccaksum: missing: No such file or directory\n" +
		"keccaksum: sub: Is a directory\n" +
		"keccaksum: mixed:6: improperly formatted line: the digest has 60 hex digits; sha3-256 has 64 (use -a to choose the algorithm)\n" +
		"keccaksum: WARNING: 2 lines are improperly formatted\n" +
		"keccaksum: WARNING: 2 listed files could not be read\n" +
		"keccaksum: WARNING: 1 computed checksum did NOT match\n"
	r := runIn(t, dir, nil, "-c", "-w", "mixed")
	require.Equal(t, result{
		stdout: "a: OK\nb: FAILED\nmissing: FAILED open or read\nsub: FAILED open or read\nc d: OK\n",
		stderr: wantErr,
		code:   1,
	}, r)

	// Without -w, as in coreutils, only the summary counts malformed lines.
	r = runIn(t, dir, nil, "-c", "mixed")
	require.Equal(t, result{
		stdout: "a: OK\nb: FAILED\nmissing: FAILED open or read\nsub: FAILED open or read\nc d: OK\n",
		stderr: "keccaksum: missing: No such file or directory\n" +
			"keccaksum: sub: Is a directory\n" +
			"keccaksum: WARNING: 2 lines are improperly formatted\n" +
			"keccaksum: WARNING: 2 listed files could not be read\n" +
			"keccaksum: WARNING: 1 computed checksum did NOT match\n",
		code: 1,
	}, r)

	// --quiet after -w turns it off, as in GNU sha256sum
	// (TestWarnQuietStatusLastWins has every order).
	r = runIn(t, dir, nil, "-c", "--warn", "--quiet", "mixed")
	require.Equal(t, result{
		stdout: "b: FAILED\nmissing: FAILED open or read\nsub: FAILED open or read\n",
		stderr: "keccaksum: missing: No such file or directory\n" +
			"keccaksum: sub: Is a directory\n" +
			"keccaksum: WARNING: 2 lines are improperly formatted\n" +
			"keccaksum: WARNING: 2 listed files could not be read\n" +
			"keccaksum: WARNING: 1 computed checksum did NOT match\n",
		code: 1,
	}, r)

	// --status: nothing on stdout, only the I/O errors on stderr.
	r = runIn(t, dir, nil, "-c", "-w", "--status", "mixed")
	require.Equal(t, result{
		stderr: "keccaksum: missing: No such file or directory\nkeccaksum: sub: Is a directory\n",
		code:   1,
	}, r)

	// --ignore-missing drops "missing" only (a directory is not missing).
	r = runIn(t, dir, nil, "-c", "--ignore-missing", "mixed")
	require.Equal(t, 1, r.code)
	require.NotContains(t, r.stdout+r.stderr, "missing")
	require.Contains(t, r.stderr, "WARNING: 1 listed file could not be read")
}

func TestCheckStrictAndIgnoreMissing(t *testing.T) {
	dir := checkDir(t, map[string]string{
		"malformed": line("alpha", "a") + "garbage\n",
		"missing":   line("alpha", "a") + line("x", "gone"),
		"onlygone":  line("x", "gone") + line("y", "gone too"),
		"nothing":   "# only a comment\n\nno checksums here\n",
	})
	r := runIn(t, dir, nil, "-c", "-w", "malformed")
	require.Equal(t, 0, r.code, "malformed lines alone do not fail without --strict")
	require.Equal(t, "a: OK\n", r.stdout)
	require.Contains(t, r.stderr, "malformed:2: improperly formatted line")
	require.Contains(t, r.stderr, "WARNING: 1 line is improperly formatted")
	r = runIn(t, dir, nil, "-c", "--strict", "malformed")
	require.Equal(t, 1, r.code)
	require.Equal(t, "a: OK\n", r.stdout)

	require.Equal(t, 1, runIn(t, dir, nil, "-c", "missing").code)
	require.Equal(t, result{stdout: "a: OK\n"}, runIn(t, dir, nil, "-c", "--ignore-missing", "missing"))
	r = runIn(t, dir, nil, "-c", "--ignore-missing", "onlygone")
	require.Equal(t, result{stderr: "keccaksum: onlygone: no file was verified\n", code: 1}, r)

	r = runIn(t, dir, nil, "-c", "nothing")
	require.Equal(t, 1, r.code)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "keccaksum: nothing: no properly formatted checksum lines found\n")

	r = runIn(t, dir, nil, "-c", "nolist")
	require.Equal(t, result{stderr: "keccaksum: nolist: No such file or directory\n", code: 1}, r)

	// Several lists: each is summarized, and any failure fails the run.
	r = runIn(t, dir, nil, "-c", "malformed", "missing")
	require.Equal(t, 1, r.code)
	require.Equal(t, "a: OK\na: OK\ngone: FAILED open or read\n", r.stdout)
}

// Tagged lines carry their algorithm, so one list can mix them; the
// length of an XOF digest comes from the line.
func TestCheckTaggedMixedAlgorithms(t *testing.T) {
	s512 := keccak.Sum512([]byte("alpha"))
	list := "SHA3-512 (a) = " + hex.EncodeToString(s512[:]) + "\n" +
		"SHAKE256 (b) = " + hex.EncodeToString(keccak.SumSHAKE256([]byte("beta"), 100)) + "\n" +
		"turboshake128 (c d) = " + strings.ToUpper(hex.EncodeToString(keccak.SumTurboSHAKE128([]byte("gamma"), 0x1F, 5))) + "\r\n" +
		"SHA3-256(a)= " + sha3hex([]byte("alpha")) + "\n" + // openssl's format
		"  " + line("beta", "b") // untagged, leading blanks: -a's algorithm
	dir := checkDir(t, map[string]string{"list": list})
	require.Equal(t, "a: OK\nb: OK\nc d: OK\na: OK\nb: OK\n", mustRun(t, dir, nil, "-c", "list"))

	// With -a, lines tagged for another algorithm are malformed.
	r := runIn(t, dir, nil, "-c", "-w", "-a", "sha3-256", "list")
	require.Equal(t, 0, r.code)
	require.Equal(t, "a: OK\nb: OK\n", r.stdout)
	require.Contains(t, r.stderr, "list:1: improperly formatted line: the line is for sha3-512, but -a sha3-256 was given\n")
	require.Contains(t, r.stderr, "WARNING: 3 lines are improperly formatted")

	r = runIn(t, dir, nil, "-c", "-a", "sha3-256", "--strict", "list")
	require.Equal(t, 1, r.code)

	bad := "MD5 (a) = " + strings.Repeat("0", 32) + "\n" + `\` + line("alpha", `a\q`)
	dir = checkDir(t, map[string]string{"bad": bad})
	r = runIn(t, dir, nil, "-c", "--warn", "bad")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "bad:1: improperly formatted line: unknown algorithm 'MD5'")
	require.Contains(t, r.stderr, `bad:2: improperly formatted line: invalid escape in the file name`)
}

// Customization, function name and domain are not in the lines: the
// checker needs the same options as the hasher.
func TestCheckWithAlgorithmOptions(t *testing.T) {
	dir := checkDir(t, nil)
	for _, opts := range [][]string{
		{"-a", "cshake256", "--customization", "email", "--function-name", "N"},
		{"-a", "turboshake256", "--domain", "0x0B", "-l", "40"},
	} {
		for _, tag := range []bool{false, true} {
			args := opts
			if tag {
				args = append(args[:len(args):len(args)], "--tag")
			}
			list := mustRun(t, dir, nil, append(args, "a", "b")...)
			require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), []byte(list), 0o644))
			// Same options (less -l, which the line gives): OK.
			checkArgs := []string{"-c", "list"}
			for i := 0; i < len(opts); i += 2 {
				if opts[i] != "-l" && (!tag || opts[i] != "-a") {
					checkArgs = append(checkArgs, opts[i], opts[i+1])
				}
			}
			require.Equal(t, "a: OK\nb: OK\n", mustRun(t, dir, nil, checkArgs...), "%q", checkArgs)
			// Without the options: the digests differ.
			plain := []string{"-c", "list"}
			if !tag {
				plain = append(plain, "-a", opts[1])
			}
			r := runIn(t, dir, nil, plain...)
			require.Equal(t, 1, r.code, "%q", plain)
			require.Equal(t, "a: FAILED\nb: FAILED\n", r.stdout)
		}
	}
}

// A list read from standard input cannot name standard input as a file
// to check: as in coreutils, that line is improperly formatted.
func TestCheckStdinListNamingStdin(t *testing.T) {
	dir := checkDir(t, nil)
	r := runIn(t, dir, []byte(line("", "-")+line("alpha", "a")), "-c", "-w")
	require.Equal(t, result{
		stdout: "a: OK\n",
		stderr: "keccaksum: standard input:1: improperly formatted line: the list is standard input, so '-' cannot name a file to check\n" +
			"keccaksum: WARNING: 1 line is improperly formatted\n",
	}, r)
}

// Regression (issue 19, item 4): a NUL in a line ends the file name, as
// in coreutils (sha256sum -c prints "a: OK" for these); the status line
// used to carry the whole name with a raw NUL in it.
func TestCheckNameEndsAtNUL(t *testing.T) {
	h := sha3hex([]byte("alpha"))
	dir := checkDir(t, map[string]string{
		"list": h + "  a\x00junk\n" + "SHA3-256 (a\x00b) = " + h + "\n" + zeros + "  b\x00c\n",
	})
	r := runIn(t, dir, nil, "-c", "list")
	require.Equal(t, result{
		stdout: "a: OK\na: OK\nb: FAILED\n",
		stderr: "keccaksum: WARNING: 1 computed checksum did NOT match\n",
		code:   1,
	}, r)
}

// When nothing in a list matched and its untagged digests suggest another
// algorithm, stderr says which -a might be meant.
func TestCheckHintsAlgorithm(t *testing.T) {
	k256 := keccak.NewLegacyKeccak256()
	k256.Write([]byte("alpha"))
	s512 := keccak.Sum512([]byte("alpha"))
	dir := checkDir(t, map[string]string{
		"keccak": hex.EncodeToString(k256.Sum(nil)) + "  a\n",
		"sha512": hex.EncodeToString(s512[:]) + "  a\n",
		"good":   line("alpha", "a") + line("x", "b"),
		"tagged": "SHAKE128 (a) = " + zeros + "\n",
	})
	const of32 = "keccak-256, shake128, cshake128, turboshake128, kt128, parallelhash128, parallelhashxof128, tuplehash128 or tuplehashxof128"
	// The default's length, which fits several algorithms.
	r := runIn(t, dir, nil, "-c", "keccak")
	require.Equal(t, result{
		stdout: "a: FAILED\n",
		stderr: "keccaksum: WARNING: 1 computed checksum did NOT match\n" +
			"keccaksum: hint: keccak was checked with sha3-256 (32 bytes); its digests have 32 bytes, as from -a " + of32 + "\n",
		code: 1,
	}, r)
	require.Equal(t, "a: OK\n", mustRun(t, dir, nil, "-c", "-a", "keccak-256", "keccak"))
	// Another length than the default's: every line is malformed.
	r = runIn(t, dir, nil, "-c", "sha512")
	require.Equal(t, result{
		stderr: "keccaksum: sha512: no properly formatted checksum lines found\n" +
			"keccaksum: hint: sha512 was checked with sha3-256 (32 bytes); its digests have 64 bytes, as from -a sha3-512, keccak-512, shake256, cshake256, turboshake256, kt256, parallelhash256, parallelhashxof256, tuplehash256 or tuplehashxof256\n",
		code: 1,
	}, r)
	// -a an XOF of another default length: only mismatches.
	r = runIn(t, dir, nil, "-c", "-a", "shake256", "keccak")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "keccaksum: hint: keccak was checked with shake256 (64 bytes by default); its digests have 32 bytes, as from -a sha3-256, "+of32+"\n")
	// No hint: -a given with the digests' length, a line that matched,
	// tagged lines, --status.
	for _, args := range [][]string{{"-a", "sha3-256", "keccak"}, {"good"}, {"tagged"}, {"--status", "keccak"}} {
		r := runIn(t, dir, nil, append([]string{"-c"}, args...)...)
		require.NotContains(t, r.stderr, "hint", "%q", args)
	}
}
