package testvec

import (
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
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

// vdafKinds are the base-name prefixes of the VDAF vector files, one per
// kind of file. A file of none of these kinds fails WalkVDAF, so that a
// new kind in a newer draft's vectors is noticed rather than ignored.
var vdafKinds = []string{
	"XofFixedKeyAes128", "XofTurboShake128", "PrgFixedKeyAes128",
	"IdpfBBCGGI21", "IdpfPoplar", "Poplar1",
}

// WalkVDAF runs check as a subtest of t for every .json file under VDAFDir
// (searched recursively) whose base name starts with one of kinds, passing
// the kind and the file's contents; the subtest is named by the file's path
// under VDAFDir. It fails t if no file matched, or if some file is of no
// kind known here.
func WalkVDAF(t *testing.T, kinds []string, check func(t *testing.T, kind string, data []byte)) {
	t.Helper()
	dir := VDAFDir()
	matched := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		base := filepath.Base(path)
		if !slices.ContainsFunc(vdafKinds, func(k string) bool { return strings.HasPrefix(base, k) }) {
			t.Errorf("%s: unknown vector kind (known: %s)", path, strings.Join(vdafKinds, ", "))
			return nil
		}
		i := slices.IndexFunc(kinds, func(k string) bool { return strings.HasPrefix(base, k) })
		if i < 0 {
			return nil
		}
		matched++
		name, _ := filepath.Rel(dir, path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			check(t, kinds[i], data)
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if matched == 0 {
		t.Fatalf("no %s vector files under %s", strings.Join(kinds, "/"), dir)
	}
	t.Logf("%d vector files checked under %s", matched, dir)
}

// VDAFVersion is the VERSION byte the current-format VDAF vectors are
// checked with: the environment variable VDAF_TEST_VERSION when set (so
// that vectors of a later draft that only bumps VERSION run unchanged),
// else def.
func VDAFVersion(t *testing.T, def byte) byte {
	s := os.Getenv("VDAF_TEST_VERSION")
	if s == "" {
		return def
	}
	v, err := strconv.ParseUint(s, 0, 8)
	if err != nil {
		t.Fatalf("VDAF_TEST_VERSION=%q: %v", s, err)
	}
	return byte(v)
}
