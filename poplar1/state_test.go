package poplar1

import (
	"strings"
	"testing"

	"github.com/go-xkcp/keccak/idpf"
)

// A nil or zero VerifyState is an error naming the type, not a nil
// dereference or an index out of range.
func TestVerifyStateMisuse(t *testing.T) {
	p, _ := New(4)
	three := make([]byte, 3*8)
	for _, c := range []struct {
		name string
		s    *VerifyState
	}{{"nil", nil}, {"zero", &VerifyState{}}} {
		calls := map[string]func() error{
			"DecodeVerifierShare":   func() error { _, err := p.DecodeVerifierShare(c.s, three); return err },
			"DecodeVerifierMessage": func() error { _, err := p.DecodeVerifierMessage(c.s, three); return err },
			"Next": func() error {
				_, _, err := c.s.Next(&FieldVec{Inner: make([]idpf.Field64, 3)})
				return err
			},
			"Out": func() error { _, err := c.s.Out(nil); return err },
		}
		for name, f := range calls {
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s state: %s panics: %v", c.name, name, r)
					}
				}()
				return f()
			}()
			if err == nil || !strings.HasPrefix(err.Error(), "poplar1:") || !strings.Contains(err.Error(), "VerifyState") {
				t.Errorf("%s state: %s returns %v, want a poplar1 error naming VerifyState", c.name, name, err)
			}
		}
	}
}
