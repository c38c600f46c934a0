package main

import (
	"fmt"
	"strings"
)

// A small GNU getopt_long work-alike, because the standard flag package
// neither bundles short options (-cz) nor lets options follow operands
// (keccaksum FILE -a kt128), both of which sha256sum users type daily.
//
// Supported spellings: -c, -cz (bundled), -a ALG, -aALG, -zaALG,
// --check, --algorithm ALG, --algorithm=ALG, unambiguous prefixes of long
// names (--alg), "--" to end options, and "-" as an operand (stdin).

// optSpec describes one option. Either short or long may be empty.
type optSpec struct {
	short byte   // e.g. 'a'; 0 for long-only options
	long  string // e.g. "algorithm"; "" for short-only options
	arg   bool   // takes a value
}

// optValue is one option as it appeared on the command line, in order.
type optValue struct {
	spec  *optSpec
	value string // the argument, if spec.arg
	name  string // how the user spelled it ("-a", "--algorithm"), for messages
}

// usageError is a mistake on the command line: exit status 2 and a hint.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error {
	return &usageError{msg: fmt.Sprintf(format, a...)}
}

// parseArgs splits args into options (in command-line order) and operands.
func parseArgs(specs []optSpec, args []string) (opts []optValue, operands []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return opts, append(operands, args[i+1:]...), nil
		case strings.HasPrefix(a, "--"):
			name, value, hasValue := strings.Cut(a[2:], "=")
			spec, err := findLong(specs, name)
			if err != nil {
				return nil, nil, err
			}
			v := optValue{spec: spec, name: "--" + spec.long}
			switch {
			case spec.arg && hasValue:
				v.value = value
			case spec.arg:
				if i+1 >= len(args) {
					return nil, nil, usagef("option '%s' requires an argument", v.name)
				}
				i++
				v.value = args[i]
			case hasValue:
				return nil, nil, usagef("option '%s' doesn't allow an argument", v.name)
			}
			opts = append(opts, v)
		case len(a) > 1 && a[0] == '-':
			// A bundle of short options; one that takes an argument ends
			// the bundle, taking the rest of the word or the next word.
		bundle:
			for j := 1; j < len(a); j++ {
				spec := findShort(specs, a[j])
				if spec == nil {
					return nil, nil, usagef("invalid option -- '%c'", a[j])
				}
				v := optValue{spec: spec, name: "-" + string(a[j])}
				if spec.arg {
					switch {
					case j+1 < len(a):
						v.value = a[j+1:]
					case i+1 < len(args):
						i++
						v.value = args[i]
					default:
						return nil, nil, usagef("option requires an argument -- '%c'", a[j])
					}
					opts = append(opts, v)
					break bundle
				}
				opts = append(opts, v)
			}
		default:
			operands = append(operands, a)
		}
	}
	return opts, operands, nil
}

func findShort(specs []optSpec, c byte) *optSpec {
	for i := range specs {
		if specs[i].short == c && c != 0 {
			return &specs[i]
		}
	}
	return nil
}

// findLong matches a long name exactly, or else by a unique prefix.
func findLong(specs []optSpec, name string) (*optSpec, error) {
	var matches []*optSpec
	for i := range specs {
		s := &specs[i]
		if s.long == "" {
			continue
		}
		if s.long == name {
			return s, nil
		}
		if name != "" && strings.HasPrefix(s.long, name) {
			matches = append(matches, s)
		}
	}
	switch len(matches) {
	case 0:
		return nil, usagef("unrecognized option '--%s'", name)
	case 1:
		return matches[0], nil
	}
	var names []string
	for _, m := range matches {
		names = append(names, "'--"+m.long+"'")
	}
	return nil, usagef("option '--%s' is ambiguous; possibilities: %s", name, strings.Join(names, " "))
}
