package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	keccak "github.com/go-xkcp/keccak"
)

// version is keccaksum's own release; a build from a git checkout adds the
// commit it was built from.
const version = "0.1.0"

func versionText() string {
	v := version
	if info, ok := debug.ReadBuildInfo(); ok {
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
	}
	return fmt.Sprintf("keccaksum %s\nbackend: %s\n%s %s/%s, %d CPUs\n",
		v, keccak.Backend(), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
}
