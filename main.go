// Command skewlab makes the hidden failure modes of transform hierarchies
// visible: it draws one piston hierarchy under several world-transform
// accumulation rules and prints the numbers that prove what the eye sees.
//
// With no command it opens the interactive window. Commands (report, export,
// drift, dynamics, ...) live one per file in this package and register
// themselves in init, so main only dispatches.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// command is one subcommand of the skewlab binary. run gets the arguments
// after the command name and returns the process exit status: 0 ok, 2 a
// bad command line, 1 a run that failed (see cliutil.go for the
// conventions every command follows).
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

// commands holds every registered subcommand by name. It is written only by
// register during package initialisation and read-only afterwards.
var commands = map[string]command{}

// register adds a subcommand; it is called from init functions of the
// cmd_*.go files. A duplicate name is a programming error and panics at
// start-up, before any user input is read.
func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	if _, dup := commands[name]; dup {
		panic("skewlab: command registered twice: " + name)
	}
	commands[name] = command{summary: summary, run: run}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs the command named by args[0], or the interactive app when
// args is empty or starts with a flag.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		usage(stdout)
		return 0
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		c, ok := commands[args[0]]
		if !ok {
			fmt.Fprintf(stderr, "skewlab: unknown command %q (valid: %s)\n", args[0], commandNames())
			return 2
		}
		return c.run(args[1:], stdout, stderr)
	}
	if c, ok := commands["app"]; ok {
		return c.run(args, stdout, stderr)
	}
	fmt.Fprintf(stderr, "skewlab: no command given (valid: %s)\n", commandNames())
	return 2
}

func commandNames() string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: skewlab [flags]            open the interactive window (skewlab app -h lists its flags)")
	fmt.Fprintln(w, "       skewlab COMMAND [flags]    run a command; COMMAND -h lists its flags")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}
