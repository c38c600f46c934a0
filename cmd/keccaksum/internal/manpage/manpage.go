// Package manpage turns keccaksum's --help text into a man page, so the
// two cannot drift apart: keccaksum.1 is generated from the same text
// (go generate ./cmd/keccaksum) and a test holds the committed page to
// what Render gives today.
package manpage

import (
	"strings"
)

// descColumn is where --help starts an option's description.
const descColumn = 27

// Render returns the man page (roff, man macros) for help, which is
// keccaksum's --help text: a synopsis ("Usage: ..." and its indented
// continuation lines), a description up to the first blank line, option
// blocks (two-space indented "-x, --long ARG  text" entries, with
// continuation lines at descColumn, and unindented headings between
// them), the "Algorithms ...:" table, and closing paragraphs.
func Render(help string) string {
	var b strings.Builder
	b.WriteString(`.\" Generated from keccaksum --help by cmd/keccaksum/internal/manpage.
.\" Do not edit: run go generate ./cmd/keccaksum
.TH KECCAKSUM 1 "" "keccaksum" "User Commands"
.SH NAME
keccaksum \- print or check SHA-3, SHAKE, cSHAKE, TurboSHAKE, KangarooTwelve and SP 800-185 checksums
`)
	lines := strings.Split(strings.TrimRight(help, "\n"), "\n")
	i := 0
	// Synopsis.
	b.WriteString(".SH SYNOPSIS\n.nf\n")
	for ; i < len(lines); i++ {
		l := lines[i]
		if rest, ok := strings.CutPrefix(l, "Usage: "); ok {
			l = rest
		} else if strings.HasPrefix(l, "       ") {
			l = strings.TrimLeft(l, " ")
		} else {
			break
		}
		name, args, _ := strings.Cut(l, " ")
		b.WriteString(`\fB` + escape(name) + `\fR ` + escape(args) + "\n")
	}
	b.WriteString(".fi\n.SH DESCRIPTION\n")
	for ; i < len(lines) && lines[i] != ""; i++ {
		b.WriteString(text(lines[i]) + "\n")
	}
	b.WriteString(".SH OPTIONS\n")
	for ; i < len(lines); i++ {
		l := lines[i]
		switch {
		case l == "":
		case strings.HasPrefix(l, "Algorithms"):
			i = algorithms(&b, lines, i)
			i = closing(&b, lines, i)
		case strings.HasPrefix(l, "  ") && strings.TrimSpace(l)[0] == '-':
			spec, desc := splitOption(l)
			for i+1 < len(lines) && isContinuation(lines[i+1]) {
				i++
				desc += " " + strings.TrimSpace(lines[i])
			}
			b.WriteString(".TP\n" + optionSpec(spec) + "\n" + text(desc) + "\n")
		default:
			b.WriteString(".PP\n" + text(l) + "\n")
		}
	}
	return b.String()
}

// algorithms writes the table from its heading at lines[i] to the blank
// line after it, as preformatted text, and returns that line's index.
func algorithms(b *strings.Builder, lines []string, i int) int {
	b.WriteString(".SH ALGORITHMS\n" + text(lines[i]) + "\n.PP\n.nf\n")
	for i++; i < len(lines) && lines[i] != ""; i++ {
		b.WriteString(escape(strings.TrimPrefix(lines[i], "  ")) + "\n")
	}
	b.WriteString(".fi\n")
	return i
}

// closing writes the paragraphs after the table, and returns the index
// of the last line.
func closing(b *strings.Builder, lines []string, i int) int {
	b.WriteString(".SH NOTES\n")
	for ; i < len(lines); i++ {
		if lines[i] == "" {
			b.WriteString(".PP\n")
			continue
		}
		b.WriteString(text(lines[i]) + "\n")
	}
	return len(lines)
}

func isContinuation(l string) bool {
	return len(l) > descColumn && strings.TrimSpace(l[:descColumn]) == ""
}

// splitOption splits "  -a, --algorithm ALG      the hash" at the gap of
// two or more spaces after the option's spelling.
func splitOption(l string) (spec, desc string) {
	l = strings.TrimLeft(l, " ")
	spec, desc, _ = strings.Cut(l, "  ")
	return spec, strings.TrimSpace(desc)
}

// optionSpec renders "-a, --algorithm ALG" as bold options and an
// italic argument.
func optionSpec(spec string) string {
	var parts []string
	for _, alt := range strings.Split(spec, ", ") {
		opt, arg, hasArg := strings.Cut(alt, " ")
		s := `\fB` + escape(opt) + `\fR`
		if hasArg {
			s += ` \fI` + escape(arg) + `\fR`
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// text is a line of running text: escaped, and kept from starting with a
// control character.
func text(l string) string {
	l = escape(strings.TrimSpace(l))
	if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
		l = `\&` + l
	}
	return l
}

// escape makes s literal in roff: backslashes, and hyphens as the minus
// sign options are typed with.
func escape(s string) string {
	return strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
}
