package dynamics

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"skewlab/cli"
)

// Command is `skewlab dynamics`, the dynamics lab's command: main.go's
// command table lists it through the lab (ui/labs/dynamics's Lab).
var Command = cli.Command{
	Name:    "dynamics",
	Summary: "print dynamics lab states and force terms at time t (seed 002)",
	Run:     runCommand,
}

// commandSynopsis is the first line of dynamics -h.
const commandSynopsis = "skewlab dynamics [-preset turntable|crash] [-t SECONDS] [-format text|json]"

// runCommand runs a dynamics lab preset from its reset state to time -t
// and prints its state and force terms, for checking by hand. Angles and
// angular rates are printed in degrees, deg/s and deg/s^2 (the user-facing
// convention; the models work in radians); quaternions as (w, x, y, z).
// JSON keys are camelCase and end in their unit. Bad arguments print one line on
// stderr and return 2 with nothing on stdout.
func runCommand(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("dynamics", commandSynopsis)
	preset := fs.String("preset", "turntable", "lab preset: "+strings.Join(PresetNames(), ", "))
	t := cli.NumberFlag(fs, "t", 0, fmt.Sprintf("time in seconds from the preset's reset state, 0 to %g", MaxTime))
	format := fs.String("format", "text", "output format: text or json")
	bad := func(msg string) int { return cli.UsageError(stderr, "dynamics", errors.New(msg)) }
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	lab, ok := NewPreset(*preset)
	if !ok {
		return bad(fmt.Sprintf("unknown preset %q, valid: %s", *preset, strings.Join(PresetNames(), ", ")))
	}
	if *format != "text" && *format != "json" {
		return bad(fmt.Sprintf("unknown format %q, valid: text, json", *format))
	}
	if !(*t >= 0) || !(*t <= MaxTime) {
		return bad(fmt.Sprintf("-t %v must be a finite number of seconds in [0, %g]", *t, MaxTime))
	}
	report, err := NewReport(lab, *preset, *t)
	if err != nil {
		return bad(err.Error())
	}
	if *format == "json" {
		err = report.WriteJSON(stdout)
	} else {
		err = report.WriteText(stdout)
	}
	if err != nil {
		return cli.RunFailure(stderr, "dynamics", err)
	}
	return 0
}
