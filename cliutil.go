package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns a flag set for a command that reports errors itself:
// parse errors become one line on stderr (see parseFlags), and -h prints
// the usage on stdout.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("skewlab "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args and returns -1 to continue, or an exit status: 0
// after printing usage for -h, 2 after printing one error line for bad
// flags or stray arguments.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		var b bytes.Buffer
		fs.SetOutput(&b)
		fmt.Fprintf(&b, "usage of %s:\n", fs.Name())
		fs.PrintDefaults()
		stdout.Write(b.Bytes())
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), strings.TrimSpace(err.Error()))
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q (flags only; -h lists them)\n", fs.Name(), fs.Arg(0))
		return 2
	}
	return -1
}
