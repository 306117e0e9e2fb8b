package main

// The command-line conventions every command follows, in one place: an
// error is one line on stderr, "skewlab: COMMAND: message" ("skewlab:
// message" for the app), with exit status 2 and nothing on stdout when the
// command line is wrong (a flag, a value, a stray argument, or a file,
// directory or address it names), 1 when the run itself fails (no display,
// a port in use, an output that cannot be written); -h prints the usage on
// stdout and exits 0. Numbers and sizes parse with package state's strict
// parsers, the same as -set values and the web build's URL parameters.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"skewlab/state"
)

// newFlagSet returns a flag set for the command name ("" for the app) that
// reports errors itself: parse errors become one line on stderr (see
// parseFlags), and -h prints "usage: " synopsis and the flags on stdout.
func newFlagSet(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s\nflags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and returns -1 to continue, or an exit status: 0
// after printing the usage on stdout for -h, 2 after printing one error
// line for a bad flag, a bad value or a stray argument.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) int {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		var b bytes.Buffer
		fs.SetOutput(&b)
		fs.Usage()
		fs.SetOutput(io.Discard)
		stdout.Write(b.Bytes())
		return 0
	}
	if err != nil {
		msg := err.Error()
		if strings.HasPrefix(msg, "flag provided but not defined") {
			msg += " (" + helpHint(fs.Name()) + ")"
		}
		return usageError(stderr, fs.Name(), errors.New(msg))
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fs.Name(), fmt.Errorf("unexpected argument %q (flags only; %s)", fs.Arg(0), helpHint(fs.Name())))
	}
	return -1
}

// helpHint names the command line that lists a command's flags.
func helpHint(name string) string {
	if name == "" {
		name = "app"
	}
	return "skewlab " + name + " -h lists the flags"
}

// oneLine replaces the line breaks of msg (a wrapped error may carry them)
// with "; ", so that every error stays on one line.
var oneLine = strings.NewReplacer("\r\n", "; ", "\n", "; ", "\r", "; ")

// errorLine writes err on w as one line, "skewlab: NAME: message", or
// "skewlab: message" when name is "" (the app).
func errorLine(w io.Writer, name string, err error) {
	prefix := "skewlab: "
	if name != "" {
		prefix += name + ": "
	}
	fmt.Fprintf(w, "%s%s\n", prefix, oneLine.Replace(strings.TrimSpace(err.Error())))
}

// usageError writes err as one line and returns 2: the command line was
// wrong.
func usageError(stderr io.Writer, name string, err error) int {
	errorLine(stderr, name, err)
	return 2
}

// runFailure writes err as one line and returns 1: the command line was
// right but the run failed (no display, a port in use, a write error).
func runFailure(stderr io.Writer, name string, err error) int {
	errorLine(stderr, name, err)
	return 1
}

// numberValue is a float64 flag parsed by state.ParseNumber.
type numberValue struct{ p *float64 }

func (v numberValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*v.p, 'g', -1, 64)
}

func (v numberValue) Set(s string) error {
	x, err := state.ParseNumber(s)
	if err == nil {
		*v.p = x
	}
	return err
}

// numberVar defines a float64 flag that accepts only plain decimal
// numbers (state.ParseNumber); the default is *p.
func numberVar(fs *flag.FlagSet, p *float64, name, usage string) { fs.Var(numberValue{p}, name, usage) }

// numberFlag is numberVar into a new variable holding def.
func numberFlag(fs *flag.FlagSet, name string, def float64, usage string) *float64 {
	p := &def
	numberVar(fs, p, name, usage)
	return p
}

// intValue is an int flag parsed by state.ParseInt.
type intValue struct{ p *int }

func (v intValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.Itoa(*v.p)
}

func (v intValue) Set(s string) error {
	n, err := state.ParseInt(s)
	if err == nil {
		*v.p = n
	}
	return err
}

// intVar defines an int flag that accepts only plain decimal integers
// (state.ParseInt); the default is *p.
func intVar(fs *flag.FlagSet, p *int, name, usage string) { fs.Var(intValue{p}, name, usage) }

// sizeValue is a WxH flag parsed by state.ParseSize within [lo, hi].
type sizeValue struct {
	wh     *[2]int
	lo, hi int
}

func (v sizeValue) String() string {
	if v.wh == nil {
		return ""
	}
	return fmt.Sprintf("%dx%d", v.wh[0], v.wh[1])
}

func (v sizeValue) Set(s string) error {
	w, h, err := state.ParseSize(s, v.lo, v.hi)
	if err == nil {
		*v.wh = [2]int{w, h}
	}
	return err
}

// sizeFlag defines a WxH flag with default w x h whose width and height
// must each lie in [lo, hi] (state.ParseSize).
func sizeFlag(fs *flag.FlagSet, name string, w, h, lo, hi int, usage string) *[2]int {
	wh := &[2]int{w, h}
	fs.Var(sizeValue{wh, lo, hi}, name, usage)
	return wh
}
