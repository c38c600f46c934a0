package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	keccak "github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

func TestStdin(t *testing.T) {
	dir := t.TempDir()
	in := []byte("hello, stdin\n")
	require.Equal(t, sha3hex(in)+"  -\n", mustRun(t, dir, in))
	require.Equal(t, sha3hex(in)+"  -\n", mustRun(t, dir, in, "-"))
	// A second "-" finds standard input at its end, as with sha256sum.
	require.Equal(t, sha3hex(in)+"  -\n"+sha3hex(nil)+"  -\n", mustRun(t, dir, in, "-", "-"))
	require.Equal(t, "SHA3-256 (-) = "+sha3hex(in)+"\n", mustRun(t, dir, in, "--tag"))

	// With other inputs hashed concurrently, the first "-" still gets it all.
	big := make([]byte, 3<<20)
	big[12345] = 1
	require.NoError(t, os.WriteFile(filepath.Join(dir, "f"), big[:1000], 0o644))
	want := sha3hex(big) + "  -\n" + sha3hex(big[:1000]) + "  f\n" + sha3hex(nil) + "  -\n" + sha3hex(nil) + "  -\n"
	for range 3 {
		require.Equal(t, want, mustRun(t, dir, big, "-j", "4", "-", "f", "-", "-"))
	}
	// The same in --check lists.
	list := []byte(want)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), list, 0o644))
	require.Equal(t, "-: OK\nf: OK\n-: OK\n-: OK\n", mustRun(t, dir, big, "-c", "list"))
}

// Names that would break a line are escaped as coreutils does, except
// with -z; spaces and other bytes are written as they are.
func TestAwkwardNames(t *testing.T) {
	files := map[string][]byte{
		"with space":     []byte("1"),
		" leading":       []byte("2"),
		"new\nline":      []byte("3"),
		`back\slash`:     []byte("4"),
		"carriage\rret":  []byte("5"),
		"ünïcødé":        []byte("6"),
		"(paren) = x":    []byte("7"),
		"*star":          []byte("8"),
		"both\\and\nnew": []byte("9"),
	}
	dir := writeFiles(t, files)
	order := []string{"with space", " leading", "new\nline", `back\slash`, "carriage\rret", "ünïcødé", "(paren) = x", "*star", "both\\and\nnew"}
	lines := map[string]string{
		"with space":     "HEX  with space",
		" leading":       "HEX   leading",
		"new\nline":      `\HEX  new\nline`,
		`back\slash`:     `\HEX  back\\slash`,
		"carriage\rret":  `\HEX  carriage\rret`,
		"ünïcødé":        "HEX  ünïcødé",
		"(paren) = x":    "HEX  (paren) = x",
		"*star":          "HEX  *star",
		"both\\and\nnew": `\HEX  both\\and\nnew`,
	}
	var want, wantTag, wantZero, wantBinary strings.Builder
	for _, name := range order {
		h := sha3hex(files[name])
		l := strings.Replace(lines[name], "HEX", h, 1)
		want.WriteString(l + "\n")
		wantBinary.WriteString(strings.Replace(l, h+"  ", h+" *", 1) + "\n")
		escaped := l[strings.Index(l, "  ")+2:]
		prefix := ""
		if l[0] == '\\' {
			prefix = `\`
		}
		wantTag.WriteString(prefix + "SHA3-256 (" + escaped + ") = " + h + "\n")
		wantZero.WriteString(h + "  " + name + "\x00")
	}
	require.Equal(t, want.String(), mustRun(t, dir, nil, order...))
	require.Equal(t, wantBinary.String(), mustRun(t, dir, nil, append([]string{"-b"}, order...)...))
	require.Equal(t, wantTag.String(), mustRun(t, dir, nil, append([]string{"--tag"}, order...)...))
	require.Equal(t, wantZero.String(), mustRun(t, dir, nil, append([]string{"-z"}, order...)...))

	// And every format reads back.
	for _, args := range [][]string{nil, {"--tag"}, {"-b"}} {
		out := mustRun(t, dir, nil, append(args, order...)...)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "list"), []byte(out), 0o644))
		got := mustRun(t, dir, nil, "-c", "list")
		require.Equal(t, len(order), strings.Count(got, ": OK\n"), got)
	}
}

func TestUnreadableInputs(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"a": []byte("a"), "b": []byte("b"), "sub/c": nil})
	require.NoError(t, os.Symlink("nowhere", filepath.Join(dir, "dangling")))
	args := []string{"a", "missing", "sub", "dangling", "b"}
	if runtime.GOOS == "linux" {
		// Opens, then read(2) fails (EIO at offset 0 of one's own memory).
		args = append(args, "/proc/self/mem")
	}
	r := runIn(t, dir, nil, args...)
	require.Equal(t, 1, r.code)
	require.Equal(t, sha3hex([]byte("a"))+"  a\n"+sha3hex([]byte("b"))+"  b\n", r.stdout)
	wantErr := "keccaksum: missing: No such file or directory\n" +
		"keccaksum: sub: Is a directory\n" +
		"keccaksum: dangling: No such file or directory\n"
	if runtime.GOOS == "linux" {
		wantErr += "keccaksum: /proc/self/mem: Input/output error\n"
	}
	require.Equal(t, wantErr, r.stderr)
}

// Many inputs hashed concurrently still print in command-line order.
func TestManyFilesInOrder(t *testing.T) {
	files := map[string][]byte{}
	var names []string
	for i := range 300 {
		name := fmt.Sprintf("f%03d", 299-i) // not in sorted order on the command line
		files[name] = make([]byte, (i*977)%20000)
		names = append(names, name)
	}
	files["f150"] = make([]byte, 3<<20) // one slow one in the middle
	dir := writeFiles(t, files)
	var want strings.Builder
	for _, n := range names {
		want.WriteString(sha3hex(files[n]) + "  " + n + "\n")
	}
	for _, j := range []string{"1", "2", "7"} {
		require.Equal(t, want.String(), mustRun(t, dir, nil, append([]string{"-j", j}, names...)...), "-j %s", j)
	}
}

func TestOptionSpellings(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"f": []byte("x"), "-a": []byte("dash")})
	shake := func(n int, m string) string { return hex.EncodeToString(keccak.SumSHAKE128([]byte(m), n)) }
	for _, args := range [][]string{
		{"-a", "shake128", "-l", "20", "f"},
		{"-ashake128", "-l20", "f"},
		{"f", "-a", "SHAKE128", "--length=20"},
		{"--alg", "shake128", "--len", "20", "f"},
		{"-bta", "shake128", "-l", "20", "f"},
		{"--algorithm=shake128", "-l", "20", "--", "f"},
	} {
		require.Equal(t, shake(20, "x")+"  f\n", mustRun(t, dir, nil, args...), "%q", args)
	}
	require.Equal(t, sha3hex([]byte("dash"))+"  -a\n", mustRun(t, dir, nil, "--", "-a"))
}

func TestUsageErrors(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"f": nil})
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-x", "f"}, "invalid option -- 'x'"},
		{[]string{"--bogus"}, "unrecognized option '--bogus'"},
		{[]string{"--c"}, "option '--c' is ambiguous"},
		{[]string{"-a"}, "option requires an argument -- 'a'"},
		{[]string{"--algorithm"}, "option '--algorithm' requires an argument"},
		{[]string{"--tag=yes"}, "option '--tag' doesn't allow an argument"},
		{[]string{"-a", "md5"}, "unknown algorithm 'md5'"},
		{[]string{"-l", "16"}, "sha3-256 has a fixed output of 32 bytes"},
		{[]string{"-a", "shake128", "-l", "0"}, "invalid output length '0'"},
		{[]string{"-a", "shake128", "-l", "lots"}, "invalid output length 'lots'"},
		{[]string{"-a", "shake128", "--domain", "0x1f"}, "shake128 takes no domain byte"},
		{[]string{"-a", "turboshake128", "--domain", "0x80"}, "invalid domain byte '0x80'"},
		{[]string{"-a", "turboshake128", "--domain", "0"}, "invalid domain byte '0'"},
		{[]string{"--customization", "x"}, "sha3-256 takes no customization string"},
		{[]string{"-a", "turboshake256", "--function-name", "x"}, "turboshake256 takes no function name"},
		{[]string{"--customization-hex", "zz", "-a", "cshake128"}, "invalid hex"},
		{[]string{"-c", "--tag"}, "--tag option is meaningless"},
		{[]string{"-cz"}, "--zero option is not supported"},
		{[]string{"-c", "-l", "32", "-a", "shake128"}, "-l is not used with --check"},
		{[]string{"--quiet", "f"}, "--quiet option is meaningful only when verifying"},
		{[]string{"--strict", "f"}, "--strict option is meaningful only when verifying"},
		{[]string{"-w", "f"}, "--warn option is meaningful only when verifying"},
		{[]string{"-j", "-1", "f"}, "invalid thread count '-1' for -j: a number from 1 to 1024, or 0 for every CPU"},
		// Regression (issue 19, item 4): these panicked in makechan or
		// tried to allocate gigabytes.
		{[]string{"-j", "9223372036854775807", "f"}, "keccaksum: invalid thread count '9223372036854775807' for -j: a number from 1 to 1024, or 0 for every CPU\nTry 'keccaksum --help'"},
		{[]string{"--jobs=1000000000", "f"}, "keccaksum: invalid thread count '1000000000' for --jobs: a number from 1 to 1024, or 0 for every CPU\n"},
		{[]string{"-j", "1025", "f"}, "invalid thread count '1025'"},
		{[]string{"--time", "1s", "f"}, "--time is an option of 'keccaksum bench'"},
	} {
		r := runIn(t, dir, nil, c.args...)
		require.Equal(t, 2, r.code, "%q", c.args)
		require.Empty(t, r.stdout, "%q", c.args)
		require.Contains(t, r.stderr, c.msg, "%q", c.args)
		require.Contains(t, r.stderr, "Try 'keccaksum --help'", "%q", c.args)
	}
	require.Equal(t, sha3hex(nil)+"  f\n", mustRun(t, dir, nil, "-j", "1024", "f"))
}

func TestHelpAndVersion(t *testing.T) {
	help := mustRun(t, "", nil, "--help")
	for _, a := range algorithms {
		require.Contains(t, help, "\n  "+a.name+" ")
	}
	for _, s := range optionSpecs {
		if s.long != "" {
			require.Contains(t, help, "--"+s.long, "help must mention every option")
		}
	}
	require.Equal(t, help, mustRun(t, "", nil, "-h"))
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	for _, a := range algorithms {
		require.True(t, strings.Contains(string(readme), "`"+a.name+"`"), "README must list %s", a.name)
	}
	for _, s := range optionSpecs {
		if s.long != "" {
			require.True(t, strings.Contains(string(readme), "--"+s.long), "README must document --%s", s.long)
		}
	}
}

// b3sum's --no-names, --raw and --num-threads.
func TestB3sumOptions(t *testing.T) {
	dir := writeFiles(t, map[string][]byte{"a": []byte("alpha"), "new\nline": []byte("x")})
	require.Equal(t, sha3hex([]byte("alpha"))+"\n"+sha3hex([]byte("x"))+"\n", mustRun(t, dir, nil, "--no-names", "a", "new\nline"))
	require.Equal(t, sha3hex([]byte("alpha"))+"\x00", mustRun(t, dir, nil, "--no-names", "-z", "a"))
	s512 := keccak.Sum512([]byte("alpha"))
	require.Equal(t, string(s512[:]), mustRun(t, dir, nil, "--raw", "-a", "sha3-512", "a"))
	require.Equal(t, string(keccak.SumSHAKE256([]byte("in"), 7)), mustRun(t, dir, []byte("in"), "--raw", "-a", "shake256", "-l", "7"))
	require.Equal(t, mustRun(t, dir, nil, "-j", "1", "a"), mustRun(t, dir, nil, "--num-threads", "1", "a"))
	require.Equal(t, mustRun(t, dir, nil, "-j", "2", "a"), mustRun(t, dir, nil, "--num-threads=2", "a"))
	require.Equal(t, mustRun(t, dir, nil, "a"), mustRun(t, dir, nil, "--num-threads", "0", "a"))
	r := runIn(t, dir, nil, "--raw", "missing")
	require.Equal(t, result{stderr: "keccaksum: missing: No such file or directory\n", code: 1}, r)
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--raw", "a", "a"}, "--raw writes the bytes of one digest: give one input, not 2"},
		{[]string{"--raw", "--tag", "a"}, "--tag and --zero do not apply"},
		{[]string{"--raw", "-z", "a"}, "--tag and --zero do not apply"},
		{[]string{"--no-names", "--tag", "a"}, "--no-names does not apply"},
		{[]string{"-c", "--raw"}, "--raw option is meaningless when verifying"},
		{[]string{"-c", "--no-names"}, "--no-names option is meaningless when verifying"},
		{[]string{"--num-threads", "x", "a"}, "invalid thread count 'x' for --num-threads"},
	} {
		r := runIn(t, dir, nil, c.args...)
		require.Equal(t, 2, r.code, "%q", c.args)
		require.Contains(t, r.stderr, c.msg, "%q", c.args)
	}
}
