package isolate

import (
	"strings"
	"testing"
)

// PanicCases runs each of cases as a subtest of t, in a child process (a C
// write past a buffer kills the process), and wants it to panic with a
// message that starts with prefix: the check of a package's own, not a
// runtime error that C's caller happened to trip.
func PanicCases(t *testing.T, prefix string, cases map[string]func()) {
	t.Helper()
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			if msg := Panic(t, f); !strings.HasPrefix(msg, prefix) {
				t.Errorf("want a panic starting %q, got %q", prefix, msg)
			}
		})
	}
}
