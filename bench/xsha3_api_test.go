package bench

import (
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	xcryptoSHA3 = "golang.org/x/crypto/sha3"
	ourXSHA3    = "github.com/go-xkcp/keccak/xsha3"
)

// typedPackages type-checks paths from the compiler's export data (go list
// -export), so both packages are seen exactly as the compiler sees them.
func typedPackages(t *testing.T, paths ...string) []*types.Package {
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}"}, paths...)
	cmd := exec.Command("go", args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	export := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, file, _ := strings.Cut(line, " ")
		export[path] = file
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		return os.Open(export[path])
	})
	var pkgs []*types.Package
	for _, p := range paths {
		pkg, err := imp.Import(p)
		require.NoError(t, err)
		pkgs = append(pkgs, pkg)
	}
	return pkgs
}

// apiOf lists every exported name of pkg with its kind and type (methods
// of exported types included), naming both sha3 packages "sha3".
func apiOf(pkg *types.Package) []string {
	qual := func(p *types.Package) string {
		if p.Path() == xcryptoSHA3 || p.Path() == ourXSHA3 {
			return "sha3"
		}
		return p.Path()
	}
	var api []string
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.TypeName:
			api = append(api, "type "+name+" "+types.TypeString(obj.Type().Underlying(), qual))
			ms := types.NewMethodSet(types.NewPointer(obj.Type()))
			for i := range ms.Len() {
				if m := ms.At(i).Obj(); m.Exported() {
					api = append(api, "method ("+name+") "+m.Name()+types.TypeString(m.Type(), qual))
				}
			}
		default:
			api = append(api, types.ObjectString(obj, qual))
		}
	}
	sort.Strings(api)
	return api
}

// xsha3's exported API is x/crypto/sha3's (the version in go.mod, the
// newest on the module proxy when written): the same names, kinds and
// signatures, nothing more and nothing less.
func TestXSHA3API(t *testing.T) {
	pkgs := typedPackages(t, xcryptoSHA3, ourXSHA3)
	theirs, ours := apiOf(pkgs[0]), apiOf(pkgs[1])
	require.NotEmpty(t, theirs)
	require.Equal(t, strings.Join(theirs, "\n"), strings.Join(ours, "\n"))
}
