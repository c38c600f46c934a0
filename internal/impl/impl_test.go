package impl

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every program that imports the library links this registry, so nothing
// it or any other package outside internal/testkit imports may bring in
// package testing (and its flags and init) with it.
func TestNoTestingLinked(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	const module = "github.com/go-xkcp/keccak"
	out, err := exec.Command(goCmd, "list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}", module+"/...").Output()
	require.NoError(t, err)
	var listed, linking []string
	for line := range strings.Lines(string(out)) {
		pkg, deps, _ := strings.Cut(strings.TrimSpace(line), " ")
		listed = append(listed, pkg)
		if strings.HasPrefix(pkg, module+"/internal/testkit/") {
			continue
		}
		if slices.Contains(strings.Fields(deps), "testing") {
			linking = append(linking, pkg)
		}
	}
	require.Empty(t, linking, "these link testing")
	// What users import and run must have been among those checked.
	for _, p := range []string{"", "/xsha3", "/xof", "/idpf", "/poplar1", "/poplar1/heavyhitters", "/cmd/keccaksum", "/cmd/poplar1sim"} {
		require.True(t, slices.Contains(listed, module+p), "%s not listed", module+p)
	}
}
