package testvec

import (
	"bytes"
	"encoding/json"
	"testing"
)

// Poplar1Vector is a Poplar1_*.json file of the VDAF vectors, which both
// the idpf tests (its IDPF parts) and the poplar1 tests (all of it) check.
type Poplar1Vector struct {
	Bits       int                `json:"bits"`
	Ctx        HexBytes           `json:"ctx"`
	VerifyKey  HexBytes           `json:"verify_key"`
	AggParam   HexBytes           `json:"agg_param"`
	Shares     int                `json:"shares"`
	AggShares  []HexBytes         `json:"agg_shares"`
	AggResult  []uint64           `json:"agg_result"`
	Operations []Poplar1Operation `json:"operations"`
	Reports    []Poplar1Report    `json:"reports"`
}

// Poplar1Operation is one step of the run a Poplar1 vector lists.
type Poplar1Operation struct {
	Operation   string `json:"operation"`
	ReportIndex int    `json:"report_index"`
	AggID       int    `json:"aggregator_id"`
	Round       int    `json:"round"`
	Success     bool   `json:"success"`
}

// Poplar1Report is one report of a Poplar1 vector and the messages it
// gives rise to. Measurement is nil where the vector starts from shares.
type Poplar1Report struct {
	Measurement      []bool       `json:"measurement"`
	Nonce            HexBytes     `json:"nonce"`
	Rand             HexBytes     `json:"rand"`
	PublicShare      HexBytes     `json:"public_share"`
	InputShares      []HexBytes   `json:"input_shares"`
	VerifierShares   [][]HexBytes `json:"verifier_shares"`
	VerifierMessages []HexBytes   `json:"verifier_messages"`
	OutShares        []HexBytes   `json:"out_shares"`
}

// DecodePoplar1 decodes a Poplar1 vector file, failing the test on a field
// not known here (so that a format change is noticed).
func DecodePoplar1(t *testing.T, data []byte) *Poplar1Vector {
	t.Helper()
	var v Poplar1Vector
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return &v
}
