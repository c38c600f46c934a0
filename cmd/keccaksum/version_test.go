package main

import (
	"os/exec"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	keccak "github.com/go-xkcp/keccak"
	"github.com/stretchr/testify/require"
)

func TestModuleVersion(t *testing.T) {
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, "(devel)"},
		{&debug.BuildInfo{}, "(devel)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201221346-bdb1c1b7e0aa+dirty"}}, "v0.0.0-20261201221346-bdb1c1b7e0aa+dirty"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"},
		}}, "(devel) (0123456789ab+dirty)"},
	} {
		require.Equal(t, c.want, moduleVersion(c.info))
	}
}

// --version prints the module version the go command stamped into the
// binary (what `go version -m` shows), then the backend and CPU lines.
func TestVersionFromBuildInfo(t *testing.T) {
	v := mustRun(t, "", nil, "--version")
	out, err := exec.Command("go", "version", "-m", ksBin).Output()
	require.NoError(t, err)
	m := regexp.MustCompile(`(?m)^\tmod\tgithub.com/go-xkcp/keccak\t(\S+)`).FindSubmatch(out)
	require.NotNil(t, m, "go version -m:\n%s", out)
	lines := strings.Split(v, "\n")
	require.Len(t, lines, 4, "%q", v)
	require.True(t, strings.HasPrefix(lines[0], "keccaksum "+string(m[1])), "%q, go version -m says %s", lines[0], m[1])
	require.NotContains(t, lines[0], "0.1.0")
	require.Equal(t, "backend: "+keccak.Backend(), lines[1])
	require.Regexp(t, `^go1\.\S+ \w+/\w+, \d+ CPUs$`, lines[2])
}
