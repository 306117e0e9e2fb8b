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
	if code := parseError(fs, fs.Parse(args), stdout, stderr); code >= 0 {
		return code
	}
	if fs.NArg() > 0 {
		return UsageError(stderr, fs.Name(), fmt.Errorf("unexpected argument %q (flags only; %s)", fs.Arg(0), HelpHint(fs.Name())))
	}
	return -1
}

// ParseArgs is ParseFlags for a command that also takes arguments (such
// as a FILE): flags may come before, between and after them
// (`skewlab audit rig.gltf -format json` as well as `skewlab audit
// -format json rig.gltf`), where fs.Parse alone stops at the first
// argument that is not a flag. "--" ends the flags: everything after it
// is an argument, even if it starts with '-' (a lone "-" is an argument
// anyway). It returns the arguments in order and -1 to continue, or nil
// and an exit status as ParseFlags does for -h and for a bad flag or
// value. How many arguments the command takes is the caller's to check.
func ParseArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (pos []string, code int) {
	rest := args
	for len(rest) > 0 {
		if code := parseError(fs, fs.Parse(rest), stdout, stderr); code >= 0 {
			return nil, code
		}
		used := len(rest) - fs.NArg()
		ended := used > 0 && rest[used-1] == "--" && !isValue(fs, rest, used-1)
		rest = fs.Args()
		if ended {
			return append(pos, rest...), -1
		}
		if len(rest) > 0 {
			pos = append(pos, rest[0])
			rest = rest[1:]
		}
	}
	return pos, -1
}

// isValue reports whether rest[i] was consumed as the value of the flag
// just before it (as in "-format --"), not as the "--" that ends the
// flags: the argument before it is a flag without "=" that is not a
// boolean flag.
func isValue(fs *flag.FlagSet, rest []string, i int) bool {
	if i == 0 {
		return false
	}
	name := strings.TrimLeft(rest[i-1], "-")
	if !strings.HasPrefix(rest[i-1], "-") || name == "" || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// parseError turns the error of fs.Parse into an exit status: ExitOK
// after printing the usage on stdout for -h, ExitUsage after one error
// line for a bad flag or value, -1 for no error.
func parseError(fs *flag.FlagSet, err error, stdout, stderr io.Writer) int {
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
