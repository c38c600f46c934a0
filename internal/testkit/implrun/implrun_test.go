package implrun

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/go-xkcp/keccak/internal/impl"
)

func TestRunningFilter(t *testing.T) {
	names := []string{"go", "asm/bmi2", "c/portable", "c/avx2"}
	impl.Register("impltest", func() []string { return names }, func(string) func() { return func() {} })
	for env, want := range map[string][]string{
		"":                             names,
		"other:c/":                     names,
		"impltest:c/":                  {"c/portable", "c/avx2"},
		"impltest:c/avx2,impltest:go":  {"go", "c/avx2"},
		"impltest:none":                names, // never empty
		"aes:aes-ni,impltest:asm/,x:y": {"asm/bmi2"},
	} {
		t.Setenv(runEnv, env)
		require.Equal(t, want, running("impltest"), "%s=%q", runEnv, env)
	}
}
