package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

var testSpecs = []optSpec{
	{short: 'a', long: "algorithm", arg: true},
	{short: 'c', long: "check"},
	{short: 'z', long: "zero"},
	{long: "customization", arg: true},
	{long: "tag"},
}

// spelled renders parsed options as "name=value" for easy comparison.
func spelled(opts []optValue) []string {
	var out []string
	for _, o := range opts {
		s := o.spec.long
		if o.spec.arg {
			s += "=" + o.value
		}
		out = append(out, s)
	}
	return out
}

func TestParseArgs(t *testing.T) {
	for _, c := range []struct {
		args     []string
		opts     []string
		operands []string
	}{
		{[]string{"f", "-c", "g"}, []string{"check"}, []string{"f", "g"}},
		{[]string{"-cz"}, []string{"check", "zero"}, nil},
		{[]string{"-cza", "kt128", "f"}, []string{"check", "zero", "algorithm=kt128"}, []string{"f"}},
		{[]string{"-czakt128"}, []string{"check", "zero", "algorithm=kt128"}, nil},
		{[]string{"-a", "-c"}, []string{"algorithm=-c"}, nil}, // an argument may start with '-'
		{[]string{"--algorithm=x=y"}, []string{"algorithm=x=y"}, nil},
		{[]string{"--algorithm", ""}, []string{"algorithm="}, nil},
		{[]string{"--alg", "x", "--ch"}, []string{"algorithm=x", "check"}, nil},
		{[]string{"--cu=x"}, []string{"customization=x"}, nil},
		{[]string{"-", "--", "-c", "--tag"}, nil, []string{"-", "-c", "--tag"}},
		{[]string{"--tag", "-a", "x", "-a", "y"}, []string{"tag", "algorithm=x", "algorithm=y"}, nil},
	} {
		opts, operands, err := parseArgs(testSpecs, c.args)
		require.NoError(t, err, "%q", c.args)
		require.Equal(t, c.opts, spelled(opts), "%q", c.args)
		require.Equal(t, c.operands, operands, "%q", c.args)
	}
}

func TestParseArgsErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-q"}, "invalid option -- 'q'"},
		{[]string{"-cq"}, "invalid option -- 'q'"},
		{[]string{"-ca"}, "option requires an argument -- 'a'"},
		{[]string{"--nope"}, "unrecognized option '--nope'"},
		{[]string{"--"}, ""},
		{[]string{"--c"}, "option '--c' is ambiguous; possibilities: '--check' '--customization'"},
		{[]string{"--check=1"}, "option '--check' doesn't allow an argument"},
		{[]string{"--customization"}, "option '--customization' requires an argument"},
		{[]string{"--=x"}, "unrecognized option '--'"},
	} {
		_, _, err := parseArgs(testSpecs, c.args)
		if c.msg == "" {
			require.NoError(t, err)
			continue
		}
		require.EqualError(t, err, c.msg, "%q", c.args)
		var ue *usageError
		require.ErrorAs(t, err, &ue)
	}
}
