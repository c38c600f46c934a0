package testvec

import (
	"encoding/hex"
	"encoding/json"
	"os"
)

// VDAFDir is where the VDAF vectors are: the directory named by the
// environment variable VDAF_TEST_VECTORS when it is set (so newer vectors in
// the same formats run without code changes), else testdata/vdaf.
func VDAFDir() string {
	if d := os.Getenv("VDAF_TEST_VECTORS"); d != "" {
		return d
	}
	return Dir("vdaf")
}

// HexBytes is a byte string that decodes from a JSON hex string.
type HexBytes []byte

func (h *HexBytes) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := hex.DecodeString(s)
	*h = v
	return err
}
