package heavyhitters

import (
	"slices"
	"strings"
	"testing"
)

// The documented mapping: first BITS bits of the bytes, most significant
// bit first, zero padded.
func TestFromBytes(t *testing.T) {
	for _, c := range []struct {
		in   string
		bits int
		want string
	}{
		{"A", 8, "01000001"},
		{"A", 12, "010000010000"},
		{"AB", 4, "0100"},
		{"AB", 16, "0100000101000010"},
		{"", 5, "00000"},
		{"é", 16, "1100001110101001"}, // UTF-8 C3 A9
		{"\xff", 3, "111"},
	} {
		if got := BitString(FromBytes([]byte(c.in), c.bits)); got != c.want {
			t.Errorf("FromBytes(%q, %d) = %s, want %s", c.in, c.bits, got, c.want)
		}
	}
	if got := ToBytes(FromBytes([]byte("héllo"), 48)); string(got) != "héllo" {
		t.Errorf("ToBytes(FromBytes(héllo, 48)) = %q", got)
	}
	if got := ToBytes(FromBytes([]byte("\xff\xff"), 12)); string(got) != "\xff\xf0" {
		t.Errorf("ToBytes of 12 one bits = %q", got)
	}
}

func TestReadLines(t *testing.T) {
	long := strings.Repeat("x", 10000) // past bufio's 4096-byte buffer
	in := "a\r\nb\n\nab\r\n" + "ab\rX\n" + "hi" + long + "\n" + long + "\r\n" + "last"
	got, err := ReadLines(strings.NewReader(in), 16)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a", "b", "", "ab", "ab", "hi", "xx", "la"}
	if len(got) != len(want) {
		t.Fatalf("%d measurements, want %d", len(got), len(want))
	}
	for i, w := range want {
		if !slices.Equal(got[i], FromBytes([]byte(w), 16)) {
			t.Errorf("line %d: %q, want %q", i, ToBytes(got[i]), w)
		}
	}
	// A last newline does not start another line; no input, no lines.
	for in, n := range map[string]int{"": 0, "\n": 1, "a\n": 1, "a\nb": 2, "a\n\n": 2} {
		got, err := ReadLines(strings.NewReader(in), 8)
		if err != nil || len(got) != n {
			t.Errorf("%q: %d lines (%v), want %d", in, len(got), err, n)
		}
	}
}
