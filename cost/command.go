package cost

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"skewlab/cli"
	"skewlab/state"
)

// Command is `skewlab cost`, the cost lab's command: main.go's command
// table lists it through the lab (ui/labs/cost's Lab).
var Command = cli.Command{
	Name:    "cost",
	Summary: "measure every rule's world update per node, one thread and all cores, against the floor",
	Run:     runCommand,
}

// CommandCellTime is the timed work behind each cost of `skewlab cost`
// (Bench.CellTime) unless -time sets it, from MinCellTime to MaxCellTime.
const (
	CommandCellTime = 100 * time.Millisecond
	MinCellTime     = 10 * time.Millisecond
	MaxCellTime     = time.Minute
)

// runCommand implements `skewlab cost`: it measures the Bench of the
// flags to the end, with no display, and writes it as text, Markdown, CSV
// or JSON. Bad arguments print one line on stderr and return 2.
func runCommand(args []string, stdout, stderr io.Writer) int {
	cfg := DefaultConfig()
	format := "text"
	fs := cli.NewFlagSet("cost", "skewlab cost [-sizes N,N,...] [-shapes 4ary,chain] [-workers N] [-time D] [-format text|markdown|csv|json]")
	fs.Func("sizes", fmt.Sprintf("node counts to measure, comma-separated whole numbers (1000 or 1e3), each %d to %d (default 1e3,1e4,1e5,1e6)", MinNodes, MaxNodes), func(s string) error {
		v, err := ParseSizes(s)
		cfg.Sizes = v
		return err
	})
	fs.Func("shapes", "hierarchies to measure, comma-separated: 4ary (node i's parent (i-1)/4) and chain (node i's parent i-1) (default 4ary,chain)", func(s string) error {
		v, err := ParseShapes(s)
		cfg.Shapes = v
		return err
	})
	cli.IntVar(fs, &cfg.Workers, "workers", "threads of the all-cores column: 0 for all (GOMAXPROCS), 1 for one thread only")
	cellTime := CommandCellTime
	fs.Func("time", fmt.Sprintf("timed work behind each cost, a Go duration from %v to %v (default %v; 1s is what go test gives a benchmark)", MinCellTime, MaxCellTime, CommandCellTime), func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d < MinCellTime || d > MaxCellTime {
			return fmt.Errorf("%q is not a duration from %v to %v (such as 100ms or 1s)", v, MinCellTime, MaxCellTime)
		}
		cellTime = d
		return nil
	})
	fs.StringVar(&format, "format", format, "output format: text, markdown, csv or json")
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if !slices.Contains([]string{"text", "markdown", "csv", "json"}, format) {
		return commandUsage(stderr, fmt.Sprintf("unknown -format %q (valid: text, markdown, csv, json)", format))
	}
	b, err := NewBench(cfg)
	if err != nil {
		return commandUsage(stderr, err.Error())
	}
	b.CellTime = cellTime
	for b.Step(time.Second) {
	}
	b.Close()
	switch format {
	case "json":
		err = WriteJSON(stdout, b)
	case "csv":
		err = WriteCSV(stdout, b)
	case "markdown":
		err = WriteMarkdown(stdout, b)
	default:
		err = WriteTable(stdout, b)
	}
	if err != nil {
		return cli.RunFailure(stderr, "cost", err)
	}
	return cli.ExitOK
}

// commandUsage prints one line naming the problem and returns 2.
func commandUsage(stderr io.Writer, problem string) int {
	return cli.UsageError(stderr, "cost", errors.New(problem))
}

// ParseSizes parses comma-separated node counts, each a plain decimal
// (state.ParseNumber: 1000, 1e5) that is a whole number from MinNodes to
// MaxNodes, into ascending order without repeats. An empty list, a bad
// number, a fraction or a count out of range is an error naming it.
func ParseSizes(s string) ([]int, error) {
	var out []int
	for _, p := range strings.Split(s, ",") {
		v, err := state.ParseNumber(p)
		if err != nil {
			return nil, fmt.Errorf("%q is %v", p, err)
		}
		if v != math.Trunc(v) || v < MinNodes || v > MaxNodes {
			return nil, fmt.Errorf("%q is not a whole number of nodes from %d to %d", p, MinNodes, MaxNodes)
		}
		out = append(out, int(v))
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// ParseShapes parses comma-separated shape names (Shapes), in the order
// given; an unknown or repeated name is an error.
func ParseShapes(s string) ([]string, error) {
	out := strings.Split(s, ",")
	for i, p := range out {
		if !slices.Contains(Shapes, p) {
			return nil, fmt.Errorf("unknown shape %q (valid: %s)", p, strings.Join(Shapes, ", "))
		}
		if slices.Contains(out[:i], p) {
			return nil, fmt.Errorf("shape %s given twice", p)
		}
	}
	return out, nil
}
