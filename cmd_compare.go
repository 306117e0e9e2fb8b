//go:build !js

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"skewlab/cli"
	"skewlab/compare"
	"skewlab/modes"
	"skewlab/state"
)

// compareCommand is `skewlab compare`; main.go's command table lists it.
var compareCommand = cli.Command{Name: "compare", Summary: "one row per rule for one node: skew, volume, position against accumulate-matrices, engines (for slides)", Run: runCompare}

// runCompare parses compare's flags, loads the scene, applies -set and
// the animation at -t (-anim), and writes package compare's table of the chosen node (the last node by
// default) for each rule asked. Exit status: 0 ok, 2 a bad command line
// (one line on stderr, nothing on stdout), 1 when the output cannot be
// written.
func runCompare(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := cli.NewFlagSet("compare", "skewlab compare [-preset NAME | -scene FILE] [-anim N|NAME] [-t SECONDS] [-set NODE.FIELD=a,b,c]... [-node NAME] [-rules all|a,b,...] [-scope node|all] [-format text|markdown|csv|json]")
	state.RegisterFlags(fs, &st, true, []state.Param{state.ScenePreset}, state.Pick("set", "anim", "t"))
	node := fs.String("node", "", "the node to compare (default: the scene's last node)")
	rules := fs.String("rules", "all", "all, or mode names separated by commas, in the order to list: "+strings.Join(modes.Names(), ", "))
	scopeName := fs.String("scope", "node", "what an engine rule applies to: node (the chosen node only; the rest as the scene sets it) or all (every node)")
	format := fs.String("format", "text", "output format: "+strings.Join(compare.Formats, ", "))
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int { return cli.UsageError(stderr, "compare", err) }
	if err := compare.CheckFormat(*format); err != nil {
		return fail(err)
	}
	scope, err := compare.ParseScope(*scopeName)
	if err != nil {
		return fail(err)
	}
	list, err := compare.ParseRules(*rules)
	if err != nil {
		return fail(err)
	}
	sc, err := st.Scene()
	if err != nil {
		return fail(err)
	}
	posed, err := pose(st, sc)
	if err != nil {
		return fail(err)
	}
	if len(sc.Nodes) == 0 {
		return fail(errors.New("the scene has no nodes"))
	}
	i := len(sc.Nodes) - 1
	if *node != "" {
		if i = sc.Index(*node); i < 0 {
			return fail(fmt.Errorf("unknown node %q (valid: %s)", *node, strings.Join(sc.Names(), ", ")))
		}
	}
	t := compare.Table{Node: sc.Nodes[i].Name, Scope: scope.String(), Rows: compare.Compute(sc.Nodes, i, list, scope)}
	if st.ScenePath != "" {
		t.Scene = st.ScenePath
	} else {
		t.Preset = st.Preset
	}
	if posed != nil {
		t.Animation, t.AnimationName, t.Time = &posed.Animation, posed.Name, &posed.Time
	}
	out := bufio.NewWriter(stdout)
	err = compare.Write(out, *format, &t)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return cli.RunFailure(stderr, "compare", fmt.Errorf("writing the table: %v", err))
	}
	return cli.ExitOK
}
