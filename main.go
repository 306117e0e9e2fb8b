// Command skewlab makes the hidden failure modes of transform hierarchies
// visible: it draws one piston hierarchy under several world-transform
// accumulation rules and prints the numbers that prove what the eye sees.
//
// With no command it opens the interactive window. Each built-in command lives in
// its own cmd_NAME.go file as a cli.Command; the table below lists them
// all, and main only dispatches. Command-line conventions (one error line,
// exit 2 for a bad command line, -h on stdout) are package cli's.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"skewlab/cli"
	"skewlab/state"
	"skewlab/tour"
	"skewlab/ui/kit"
	costlab "skewlab/ui/labs/cost"
	driftlab "skewlab/ui/labs/drift"
	dynamicslab "skewlab/ui/labs/dynamics"
	pistonlab "skewlab/ui/labs/piston"
)

// labs are the labs of the app, in the order of its Lab window; the first
// is the default lab. Each is a model package (no display) plus its view;
// adding a lab is one line here (docs/architecture.md, "Adding a lab").
var labs = []kit.Lab{pistonlab.Lab, driftlab.Lab, dynamicslab.Lab, costlab.Lab}

// guide is the guided tour (assets/tour.json), loaded by init.
var guide *tour.Tour

// init installs the labs' names, presets and settings in package state,
// then loads the guided tour (which parses its steps' states with them)
// and installs its length, before any flag or URL is parsed (dispatch,
// the web build and the tests all run after it). A tour that does not
// load is a programming error (tour tests check the file) and panics.
func init() {
	state.UseLabs(kit.LabStates(labs)...)
	t, err := tour.Load()
	if err != nil {
		panic(err)
	}
	guide = t
	state.UseTour(guide.Len())
}

// commands is every command of the binary, in the order usage lists them:
// the app and the scene commands, each lab's own command (drift,
// dynamics, cost), then the server. serveCommand is the zero Command in the web
// build and webCommand outside it (see web_js.go); dispatch and usage
// skip a zero Command.
var commands = slices.Concat(
	[]cli.Command{appCommand, reportCommand, compareCommand, exportCommand, auditCommand, bakeCommand, tourCommand},
	kit.LabCommands(labs),
	[]cli.Command{serveCommand, webCommand},
)

// main runs the command named on the command line. Before it does, it
// installs cli.HandleSignals, so that SIGINT, SIGTERM or SIGHUP during a
// command that writes (export, bake, tour -export) removes the temporary
// files and folders it made before the process ends by that signal.
func main() {
	cli.HandleSignals(os.Stderr, signalName(os.Args[1:]))
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// signalName is the command name the signal handler's line carries:
// args[0] when it names a command of this build, "" (the app's) else.
func signalName(args []string) string {
	if len(args) > 0 {
		if c, ok := lookup(args[0]); ok {
			return c.Name
		}
	}
	return ""
}

// lookup returns the command named name, if this build has it.
func lookup(name string) (cli.Command, bool) {
	for _, c := range commands {
		if c.Run != nil && c.Name == name {
			return c, true
		}
	}
	return cli.Command{}, false
}

// dispatch runs the command named by args[0], or the interactive app when
// args is empty or starts with a flag.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		usage(stdout)
		return cli.ExitOK
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		c, ok := lookup(args[0])
		if !ok {
			fmt.Fprintf(stderr, "skewlab: unknown command %q (valid: %s)\n", args[0], commandNames())
			return cli.ExitUsage
		}
		return c.Run(args[1:], stdout, stderr)
	}
	return appCommand.Run(args, stdout, stderr)
}

// commandNames lists the commands of this build, in table order.
func commandNames() string {
	var names []string
	for _, c := range commands {
		if c.Run != nil {
			names = append(names, c.Name)
		}
	}
	return strings.Join(names, ", ")
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: skewlab [flags]            open the interactive window (skewlab app -h lists its flags)")
	fmt.Fprintln(w, "       skewlab COMMAND [flags]    run a command; COMMAND -h lists its flags")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		if c.Run != nil {
			fmt.Fprintf(w, "  %-10s %s\n", c.Name, c.Summary)
		}
	}
}
