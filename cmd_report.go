//go:build !js

package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"skewlab/cli"
	"skewlab/modes"
	"skewlab/report"
	"skewlab/scene"
	"skewlab/state"
)

// reportCommand is `skewlab report`; main.go's command table lists it.
var reportCommand = cli.Command{Name: "report", Summary: "print world transforms and their analysis per mode (for slides and checks)", Run: runReport}

// reparentArg is one -reparent NODE=NEWPARENT (NEWPARENT "-" or "none"
// makes the node a root).
type reparentArg struct{ node, parent string }

type reparentList []reparentArg

func (r *reparentList) String() string { return "" }
func (r *reparentList) Set(v string) error {
	n, p, ok := strings.Cut(v, "=")
	if !ok || n == "" || p == "" {
		return fmt.Errorf("reparent %q: want NODE=NEWPARENT (NEWPARENT - for a root)", v)
	}
	*r = append(*r, reparentArg{n, p})
	return nil
}

// runReport parses report's flags, loads the scene, applies -set, the
// animation at -t (-anim), -reparent and -fold in that order and writes package report's text or
// JSON for each mode asked. Exit status: 0 ok, 2 a bad command line (one
// line on stderr, nothing on stdout), 1 when the output cannot be written.
func runReport(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := cli.NewFlagSet("report", "skewlab report [-preset NAME | -scene FILE] [-anim N|NAME] [-t SECONDS] [-mode NAME|all] [-set NODE.FIELD=a,b,c]... [-reparent NODE=NEWPARENT]... [-fold] [-format text|json]")
	state.RegisterFlags(fs, &st, true, []state.Param{state.ScenePreset}, state.Pick("set", "anim", "t"))
	modeName := fs.String("mode", "all", "accumulation mode, or all: "+strings.Join(modes.Names(), ", "))
	var reparents reparentList
	fs.Var(&reparents, "reparent", "NODE=NEWPARENT: re-parent keeping the world matrix (under accumulate-matrices); repeatable")
	fold := fs.Bool("fold", false, "re-author for uniform-inner-scale by folding each scale residual into the children")
	format := fs.String("format", "text", "output format: text or json")
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int { return cli.UsageError(stderr, "report", err) }
	if *format != "text" && *format != "json" {
		return fail(fmt.Errorf("unknown format %q (valid: text, json)", *format))
	}
	var list []modes.Mode
	if *modeName == "all" {
		list = modes.All
	} else {
		m, err := modes.ByName(*modeName)
		if err != nil {
			return fail(fmt.Errorf("%v, or all", err))
		}
		list = []modes.Mode{m}
	}
	sc, err := st.Scene()
	if err != nil {
		return fail(err)
	}
	posed, err := pose(st, sc)
	if err != nil {
		return fail(err)
	}
	var edits report.Edits
	for _, r := range reparents {
		if err := edits.ApplyReparent(sc, r.node, r.parent); err != nil {
			return fail(err)
		}
	}
	if *fold {
		edits.ApplyFold(sc)
	}
	src := report.Source{Preset: st.Preset, Posed: posed}
	if st.ScenePath != "" {
		src = report.Source{Scene: st.ScenePath, Posed: posed}
	}
	// Streamed node by node through one buffer: memory stays bounded by
	// the scene and one mode's world matrices, whatever the output size.
	out := bufio.NewWriterSize(stdout, 64<<10)
	r := report.New(sc)
	if *format == "json" {
		err = r.WriteJSON(out, list, src, edits)
	} else {
		err = r.WriteText(out, list, src, edits)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		// The command line was right; the output could not be written.
		return cli.RunFailure(stderr, "report", fmt.Errorf("writing the report: %v", err))
	}
	return 0
}

// pose applies st's animation at st's time to sc (state.State.Pose: -t
// without -anim is animation 0; a scene without animations keeps its
// pose for -t alone) and says which it applied: nil when none did.
func pose(st state.State, sc *scene.Scene) (*report.Posed, error) {
	k, err := st.Pose(sc)
	if err != nil || k < 0 {
		return nil, err
	}
	return &report.Posed{Animation: k, Name: sc.Animations[k].Name, Time: st.Time}, nil
}
