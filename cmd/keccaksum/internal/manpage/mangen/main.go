// Command mangen writes keccaksum's man page: keccaksum --help on
// standard input, the page on standard output. See go:generate in
// cmd/keccaksum/help.go.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/go-xkcp/keccak/cmd/keccaksum/internal/manpage"
)

func main() {
	help, err := io.ReadAll(os.Stdin)
	if err == nil && len(help) == 0 {
		err = fmt.Errorf("no help text on standard input (keccaksum --help | mangen)")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mangen:", err)
		os.Exit(1)
	}
	if _, err := io.WriteString(os.Stdout, manpage.Render(string(help))); err != nil {
		fmt.Fprintln(os.Stderr, "mangen:", err)
		os.Exit(1)
	}
}
