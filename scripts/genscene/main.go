// Command genscene writes a large generated scene to stdout as a
// skewlab-scene/1 file, for the scale measurements in docs/performance.md:
//
//	go run ./scripts/genscene -n 100000 -shape 4ary > tree.json
//	go run ./scripts/genscene -n 100000 -shape chain > chain.json
//
// "4ary" is the tree where node i's parent is (i-1)/4, "chain" the chain
// where it is i-1 (see skewlab/internal/bigscene, which the benchmarks use
// to build the same scenes in memory). Errors are one line on stderr,
// exit status 2.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"skewlab/internal/bigscene"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("genscene", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	n := fs.Int("n", 100000, "number of nodes (at least 1)")
	shape := fs.String("shape", "4ary", "scene shape: "+strings.Join(bigscene.Shapes, " or "))
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fmt.Fprintln(stdout, "usage: go run ./scripts/genscene [-n N] [-shape 4ary|chain] > scene.json")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "genscene: %v\n", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "genscene: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	nodes, err := bigscene.Nodes(*n, *shape)
	if err != nil {
		fmt.Fprintf(stderr, "genscene: %v\n", err)
		return 2
	}
	if err := bigscene.WriteJSON(stdout, nodes); err != nil {
		fmt.Fprintf(stderr, "genscene: %v\n", err)
		return 2
	}
	return 0
}
