package manpage

import (
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	help := `Usage: tool [OPTION]... [FILE]...
       tool -c [LIST]
Do things.
.dots and \backslashes are literal.

  -a, --alg ALG            the algorithm
                           (continued here)
      --long-only-option-name  its text
Heading:
  -q                       quiet

Algorithms (bytes):
  one                   1  -l

Closing text,
two lines.

Second paragraph.
`
	got := Render(help)
	for _, want := range []string{
		".SH SYNOPSIS\n.nf\n\\fBtool\\fR [OPTION]... [FILE]...\n\\fBtool\\fR \\-c [LIST]\n.fi\n",
		".SH DESCRIPTION\nDo things.\n\\&.dots and \\ebackslashes are literal.\n.SH OPTIONS\n",
		".TP\n\\fB\\-a\\fR, \\fB\\-\\-alg\\fR \\fIALG\\fR\nthe algorithm (continued here)\n",
		".TP\n\\fB\\-\\-long\\-only\\-option\\-name\\fR\nits text\n",
		".PP\nHeading:\n.TP\n\\fB\\-q\\fR\nquiet\n",
		".SH ALGORITHMS\nAlgorithms (bytes):\n.PP\n.nf\none                   1  \\-l\n.fi\n",
		".SH NOTES\n.PP\nClosing text,\ntwo lines.\n.PP\nSecond paragraph.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}
