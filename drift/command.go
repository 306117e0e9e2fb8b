package drift

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"skewlab/cli"
	"skewlab/state"
)

// Command is `skewlab drift`, the drift lab's command: main.go's command
// table lists it through the lab (ui/labs/drift's Lab).
var Command = cli.Command{
	Name:    "drift",
	Summary: "print the float32 scale drift table (seed 004)",
	Run:     runCommand,
}

// driftMaxFrames caps -frames so a run ends in well under a minute.
const driftMaxFrames = 100_000_000

// runCommand implements `skewlab drift`: it spins every storage of package drift
// and prints the article's table beside ours (text), the same as JSON, or the
// decimated error series (csv). Bad arguments print one line on stderr and
// return 2.
func runCommand(args []string, stdout, stderr io.Writer) int {
	cfg := DefaultConfig()
	frames, format := 1_000_000, "text"
	fs := cli.NewFlagSet("drift", "skewlab drift [-frames N] [-step DEG] [-axis x,y,z] [-scale x,y,z] [-normalize float64|float32] [-format text|json|csv]")
	cli.IntVar(fs, &frames, "frames", "number of frames to spin, 1.."+strconv.Itoa(driftMaxFrames))
	cli.NumberVar(fs, &cfg.StepDeg, "step", "rotation per frame in degrees, -"+strconv.Itoa(MaxStepDeg)+" to "+strconv.Itoa(MaxStepDeg))
	fs.Func("axis", "rotation axis x,y,z, not zero (default 1,2,3)", func(s string) error {
		v, err := parseTriple(s, false)
		cfg.Axis = v
		return err
	})
	fs.Func("scale", "initial scale x,y,z or one number for all (default 1,1,1)", func(s string) error {
		v, err := parseTriple(s, true)
		cfg.Scale = v
		return err
	})
	fs.StringVar(&format, "format", format, "output format: text, json or csv")
	fs.Func("normalize", "how the axis is normalized: float64 (default: in float64, rounded once) or float32 (mgl32's Normalize)", func(s string) error {
		n, err := ParseNorm(s)
		cfg.Normalize = n
		return err
	})
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if frames < 1 || frames > driftMaxFrames {
		return commandUsage(stderr, fmt.Sprintf("-frames must be between 1 and %d, got %d", driftMaxFrames, frames))
	}
	if format != "text" && format != "json" && format != "csv" {
		return commandUsage(stderr, fmt.Sprintf("unknown -format %q (valid: text, json, csv)", format))
	}
	if err := cfg.Validate(); err != nil {
		return commandUsage(stderr, err.Error())
	}
	points := 2
	if format == "csv" {
		points = CSVPoints
	}
	lab, err := NewLab(cfg, points)
	if err != nil {
		return commandUsage(stderr, err.Error())
	}
	for lab.Frame() < frames {
		lab.Advance(frames - lab.Frame())
	}
	switch format {
	case "json":
		err = WriteJSON(stdout, lab)
	case "csv":
		err = WriteCSV(stdout, lab)
	default:
		err = WriteTable(stdout, lab)
	}
	if err != nil {
		return cli.RunFailure(stderr, "drift", err)
	}
	return 0
}

// commandUsage prints one line naming the problem and returns 2.
func commandUsage(stderr io.Writer, problem string) int {
	return cli.UsageError(stderr, "drift", errors.New(problem))
}

// parseTriple parses "x,y,z" into three plain decimal numbers
// (state.ParseNumber); with one allowed, a single number stands for all
// three.
func parseTriple(s string, one bool) ([3]float64, error) {
	parts := strings.Split(s, ",")
	if one && len(parts) == 1 {
		parts = []string{parts[0], parts[0], parts[0]}
	}
	var v [3]float64
	if len(parts) != 3 {
		return v, fmt.Errorf("want three comma-separated numbers x,y,z")
	}
	for i, p := range parts {
		f, err := state.ParseNumber(p)
		if err != nil {
			return v, fmt.Errorf("%q is %v", p, err)
		}
		v[i] = f
	}
	return v, nil
}
