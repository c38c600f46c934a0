package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	keccak "github.com/go-xkcp/keccak"
)

func versionText() string {
	info, _ := debug.ReadBuildInfo()
	return fmt.Sprintf("keccaksum %s\nbackend: %s\n%s %s/%s, %d CPUs\n",
		moduleVersion(info), keccak.Backend(), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
}

// moduleVersion is the version of the module keccaksum was built from, as
// the go command recorded it: v1.2.3 after `go install …@v1.2.3`, a
// pseudo-version (with +dirty for uncommitted changes) when built in a
// checkout with VCS stamping, else "(devel)", followed then by the commit
// if one was recorded.
func moduleVersion(info *debug.BuildInfo) string {
	if info == nil || info.Main.Version == "" {
		return "(devel)"
	}
	v := info.Main.Version
	if v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " (" + rev + dirty + ")"
	}
	return v
}
