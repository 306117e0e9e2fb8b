// Package cli holds the command-line conventions every skewlab command
// follows, in one place, and the Command type main's command table lists.
//
// The conventions: an error is one line on stderr, "skewlab: COMMAND:
// message" ("skewlab: message" for the app, whose name is ""), with exit
// status 2 (ExitUsage) and nothing on stdout when the command line is
// wrong (a flag, a value, a stray argument, or a file, directory or
// address it names), and 1 (ExitFailure) when the run itself fails (no
// display, a port in use, an output that cannot be written); -h prints
// "usage: " and the synopsis, then the flags, on stdout and exits 0.
// Numbers, integers and sizes parse with package state's strict parsers,
// the same as -set values and the web build's URL parameters.
//
// The package is pure: it imports no display code, so commands and their
// tests run anywhere.
package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// Program is the name every error line and help hint starts with.
const Program = "skewlab"

// The exit statuses of a command's Run.
const (
	// ExitOK: the command did what it was asked.
	ExitOK = 0
	// ExitFailure: the command line was right but the run failed.
	ExitFailure = 1
	// ExitUsage: the command line was wrong; nothing was written to stdout.
	ExitUsage = 2
)

// Command is one subcommand of the skewlab binary, as main's command table
// lists it. Name is what the user types ("report"); Summary is the one
// line usage prints beside it. Run gets the arguments after the command
// name and returns the exit status (ExitOK, ExitUsage or ExitFailure),
// writing its output to stdout and its one error line to stderr. A zero
// Command (Run nil) stands for a command the current build leaves out.
type Command struct {
	Name, Summary string
	Run           func(args []string, stdout, stderr io.Writer) int
}

// NewFlagSet returns a flag set for the command name ("" for the app)
// that reports errors itself: parse errors become one line on stderr (see
// ParseFlags), and -h prints "usage: " synopsis and the flags on stdout.
func NewFlagSet(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s\nflags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// ParseFlags parses args with fs (made by NewFlagSet) and returns -1 to
// continue, or an exit status: ExitOK after printing the usage on stdout
// for -h, -help or --help, ExitUsage after printing one error line for a
// bad flag, a bad value or a stray argument (commands take flags only).
func ParseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		var b bytes.Buffer
		fs.SetOutput(&b)
		fs.Usage()
		fs.SetOutput(io.Discard)
		stdout.Write(b.Bytes())
		return ExitOK
	}
	if err != nil {
		msg := err.Error()
		if strings.HasPrefix(msg, "flag provided but not defined") {
			msg += " (" + HelpHint(fs.Name()) + ")"
		}
		return UsageError(stderr, fs.Name(), errors.New(msg))
	}
	if fs.NArg() > 0 {
		return UsageError(stderr, fs.Name(), fmt.Errorf("unexpected argument %q (flags only; %s)", fs.Arg(0), HelpHint(fs.Name())))
	}
	return -1
}

// HelpHint names the command line that lists a command's flags: "skewlab
// NAME -h lists the flags" ("skewlab app -h ..." when name is "").
func HelpHint(name string) string {
	if name == "" {
		name = "app"
	}
	return Program + " " + name + " -h lists the flags"
}

// oneLine replaces the line breaks of msg (a wrapped error may carry them)
// with "; ", so that every error stays on one line.
var oneLine = strings.NewReplacer("\r\n", "; ", "\n", "; ", "\r", "; ")

// ErrorLine writes err on w as one line, "skewlab: NAME: message", or
// "skewlab: message" when name is "" (the app). Line breaks inside the
// message become "; ", and surrounding space is trimmed.
func ErrorLine(w io.Writer, name string, err error) {
	prefix := Program + ": "
	if name != "" {
		prefix += name + ": "
	}
	fmt.Fprintf(w, "%s%s\n", prefix, oneLine.Replace(strings.TrimSpace(err.Error())))
}

// UsageError writes err as one line (ErrorLine) and returns ExitUsage: the
// command line was wrong.
func UsageError(stderr io.Writer, name string, err error) int {
	ErrorLine(stderr, name, err)
	return ExitUsage
}

// RunFailure writes err as one line (ErrorLine) and returns ExitFailure:
// the command line was right but the run failed (no display, a port in
// use, a write error).
func RunFailure(stderr io.Writer, name string, err error) int {
	ErrorLine(stderr, name, err)
	return ExitFailure
}
