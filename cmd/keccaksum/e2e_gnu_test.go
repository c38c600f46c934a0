package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue 29, item 5: lists that coreutils 9.1's sha256sum -c read
// differently. The expected results are what sha256sum -c printed for the
// same lines with SHA-256 digests.
func TestCheckAsCoreutils(t *testing.T) {
	h := sha3hex([]byte("alpha"))
	dir := writeFiles(t, map[string][]byte{"a": []byte("alpha"), `b\c`: []byte("beta"), "c\rd": []byte("gamma"), "n\nl": []byte("nl")})
	escaped := func(content, name string) string {
		e, _ := escapeName(name)
		return `\` + sha3hex([]byte(content)) + "  " + e + "\n"
	}
	for _, c := range []struct {
		what, list string
		strict     bool
		want       result
	}{
		{"tab", h + "\ta\n", false, result{stdout: "a: OK\n"}},
		{"tab star", h + "\t*a\n", false, result{stdout: "a: OK\n"}},
		{"two tabs: the second is the name's", h + "\t\ta\n", false, result{
			stdout: "\ta: FAILED open or read\n",
			stderr: "keccaksum: \\x09a: No such file or directory\nkeccaksum: WARNING: 1 listed file could not be read\n",
			code:   1}},
		{"blanks around '='", "SHA3-256 (a)  =  " + h + "\n", false, result{stdout: "a: OK\n"}},
		{"spaces only", line("alpha", "a") + "   \n", false, result{
			stdout: "a: OK\n", stderr: "keccaksum: WARNING: 1 line is improperly formatted\n"}},
		{"tab only, --strict", line("alpha", "a") + "\t\n", true, result{
			stdout: "a: OK\n", stderr: "keccaksum: WARNING: 1 line is improperly formatted\n", code: 1}},
		{"empty and comment lines", line("alpha", "a") + "\n#x\n\r\n", true, result{stdout: "a: OK\n"}},
		{"indented comment", line("alpha", "a") + "  # x\n", true, result{
			stdout: "a: OK\n", stderr: "keccaksum: WARNING: 1 line is improperly formatted\n", code: 1}},
		{"upper-case hex", strings.ToUpper(h) + "  a\n", true, result{stdout: "a: OK\n"}},
		{"backslash: raw in the verdict", escaped("beta", `b\c`), false, result{stdout: "b\\c: OK\n"}},
		{"carriage return: raw in the verdict", escaped("gamma", "c\rd"), false, result{stdout: "c\rd: OK\n"}},
		{"newline: escaped", escaped("nl", "n\nl"), false, result{stdout: `\n\nl: OK` + "\n"}},
	} {
		args := []string{"-c", "-"}
		if c.strict {
			args = append(args, "--strict")
		}
		require.Equal(t, c.want, runIn(t, dir, []byte(c.list), args...), c.what)
	}
}
