//go:build !js

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"skewlab/audit"
	"skewlab/cli"
	"skewlab/compare"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/state"
)

// auditCommand is `skewlab audit`; main.go's command table lists it.
var auditCommand = cli.Command{Name: "audit", Summary: "per node of a file: skew, TRS, how far the rules disagree; exit 1 when they do (for CI)", Run: runAudit}

// maxTolerance is the largest -tolerance: the whole size of the model.
const maxTolerance = 1.0

// runAudit parses audit's flags and its one FILE (flags may come before
// or after it), reads the file (glTF or a skewlab scene file), audits
// every scene of it (or the one -gltf-scene names) and writes package
// audit's text or JSON.
//
// Exit status: 0 every rule agrees within the tolerance at every node,
// 1 some do not, 2 a bad command line or a file that cannot be read (one
// line on stderr, nothing on stdout). An output that cannot be written is
// one line on stderr and exit 2 as well, unlike the other commands'
// exit 1, so that 1 always means "the rules disagree".
func runAudit(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("audit", "skewlab audit [-tolerance FRACTION] [-rules all|a,b,...] [-gltf-scene N|NAME] [-anim all|N|NAME [-fps N]] [-format text|json] FILE\n"+
		"FILE is glTF 2.0 (.gltf, .glb) or a skewlab scene file; flags may come before or after it.\n"+
		"-anim audits over time: every key time and -fps samples per second of the animation(s), worst per node.\n"+
		"exit status: 0 every rule agrees within the tolerance at every node, 1 some do not,\n"+
		"2 a bad command line, a file that cannot be read, or an output that cannot be written")
	tol := cli.NumberFlag(fs, "tolerance", audit.DefaultTolerance, "rules agree when their places of a node's vertices and origin are within this `FRACTION` of the model's size (the diagonal of its bounding box); above 0 and at most 1")
	rules := fs.String("rules", "all", "all, or the rules to compare, separated by commas: "+strings.Join(modes.Names(), ", "))
	var choice string
	fs.Func("gltf-scene", "audit only this `SCENE` of a glTF FILE: an index from 0 or a scene's name (default: every scene)", func(v string) error {
		if v == "" {
			return errors.New("empty scene choice (leave -gltf-scene out to audit every scene)")
		}
		choice = v
		return nil
	})
	var anim string
	fs.Func("anim", "audit over time, sampling the animations `CHOICE` names: all, or one by its index from 0 or its name; each node's worst sample is reported with its time (default: the pose as stored, no animation)", func(v string) error {
		if v == "" {
			return errors.New("empty animation choice: give all, an index from 0 or an animation's name (leave -anim out to audit the pose as stored)")
		}
		anim = v
		return nil
	})
	fps := cli.NumberFlag(fs, "fps", audit.DefaultFPS, fmt.Sprintf("with -anim: `N` samples per second of animation besides every key time, above 0 and at most %d", audit.MaxFPS))
	format := fs.String("format", "text", "output format: "+strings.Join(audit.Formats, ", "))
	files, code := cli.ParseArgs(fs, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	fail := func(err error) int { return cli.UsageError(stderr, "audit", err) }
	if len(files) != 1 {
		return fail(fmt.Errorf("want exactly one FILE (a glTF or skewlab scene file), got %d (%s)", len(files), cli.HelpHint("audit")))
	}
	// At most 1: the limit is tolerance × size, and a size near the
	// float64 range times a tolerance above 1 overflows to +Inf (1e308
	// did on a model 8 units wide); a fraction of the size is at most the size.
	if !(*tol > 0 && *tol <= maxTolerance) {
		return fail(fmt.Errorf("-tolerance %g: want a fraction of the model's size above 0 and at most %g (default %g)", *tol, maxTolerance, audit.DefaultTolerance))
	}
	if err := audit.CheckFormat(*format); err != nil {
		return fail(err)
	}
	if anim == "" && flagGiven(fs, "fps") {
		return fail(fmt.Errorf("-fps %g needs -anim (all, an index or a name): without it the audit checks the pose as stored, at no time", *fps))
	}
	if err := audit.CheckFPS(*fps); err != nil {
		return fail(err)
	}
	list, err := compare.ParseRules(*rules)
	if err != nil {
		return fail(err)
	}
	f, err := auditFile(files[0], choice, auditOptions{rules: list, tol: *tol, anim: anim, fps: *fps})
	if err != nil {
		return fail(err)
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	err = audit.WriteFormat(out, *format, f)
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		// Not ExitFailure: 1 means the rules disagree.
		return cli.UsageError(stderr, "audit", fmt.Errorf("writing the audit: %v", err))
	}
	if !f.Agrees() {
		return cli.ExitFailure
	}
	return cli.ExitOK
}

// auditOptions are audit's settings for each scene: the rules, the
// tolerance, and for an audit over time the animation choice (-anim:
// "all", an index or a name; "" for the pose as stored) and its rate.
type auditOptions struct {
	rules []modes.Mode
	tol   float64
	anim  string
	fps   float64
}

// check audits one scene: its pose as stored, or over time when o.anim
// is set and the scene has animations (animated reports whether it
// did). The error is a choice the scene's animations do not have, or
// more samples than an audit takes.
func (o auditOptions) check(c *audit.Checker, sc *scene.Scene) (r audit.Report, animated bool, err error) {
	if o.anim == "" || len(sc.Animations) == 0 {
		return c.Check(sc.Nodes, o.rules, o.tol), false, nil
	}
	var which []int
	if o.anim == "all" {
		for k := range sc.Animations {
			which = append(which, k)
		}
	} else {
		k, err := state.ChooseAnimation(sc, o.anim)
		if err != nil {
			return audit.Report{}, false, err
		}
		which = []int{k}
	}
	r, err = c.CheckAnimations(sc.Nodes, sc.Animations, which, o.rules, o.tol, o.fps)
	return r, err == nil, err
}

// auditFile reads path (state.OpenFile: glTF or a skewlab scene file) and
// audits the scene choice names, or every scene of a glTF file when
// choice is "". With -anim, a file none of whose audited scenes has an
// animation is an error; a scene without one among scenes with some is
// audited as stored, with a note.
func auditFile(path, choice string, o auditOptions) (*audit.File, error) {
	if path == "" {
		return nil, errors.New("empty file name")
	}
	sc, gf, index, err := state.OpenFile(path, choice)
	if err != nil {
		return nil, err
	}
	var c audit.Checker
	f := &audit.File{Name: path}
	if gf == nil {
		f.Notes = sc.Notes
		r, animated, err := o.check(&c, sc)
		if err != nil {
			return nil, err
		}
		if o.anim != "" && !animated {
			return nil, noAnimation(o.anim, path)
		}
		f.Scenes = []audit.Scene{{Report: r}}
		return f, nil
	}
	if choice == "" {
		if err := gf.CheckNodes(nil); err != nil {
			return nil, err
		}
	}
	f.Notes, f.GLTF = slices.Clone(gf.Notes), true
	var still []string // scenes without an animation, in an audit over time
	sampled := false
	for i := range gf.Scenes {
		if choice != "" && i != index {
			continue
		}
		b, err := gf.Build(i)
		if err != nil {
			return nil, err
		}
		for _, n := range b.Scene.Notes {
			if !slices.Contains(f.Notes, n) {
				f.Notes = append(f.Notes, n)
			}
		}
		r, animated, err := o.check(&c, b.Scene)
		if err != nil {
			return nil, fmt.Errorf("scene %q: %w", b.Label, err)
		}
		if sampled = sampled || animated; !animated {
			still = append(still, strconv.Quote(b.Label))
		}
		f.Scenes = append(f.Scenes, audit.Scene{Label: b.Label, Index: b.Index, Instance: instances(b.Instance), Report: r})
	}
	if o.anim != "" {
		if !sampled {
			return nil, noAnimation(o.anim, path)
		}
		if len(still) > 0 {
			f.Notes = append(f.Notes, "-anim: "+strings.Join(still, ", ")+" "+verbHas(len(still))+" no animation and "+verbIs(len(still))+" audited in the pose as stored")
		}
	}
	return f, nil
}

// noAnimation is audit's error for -anim on a file without animations.
func noAnimation(choice, path string) error {
	return fmt.Errorf("-anim %s: %s has no animation (leave -anim out to audit the pose as stored)", choice, path)
}

func verbHas(n int) string {
	if n == 1 {
		return "has"
	}
	return "have"
}

func verbIs(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// instances returns a built scene's instance numbers for the audit, nil
// when no node is an instance (so the JSON leaves them out).
func instances(inst []int) []int {
	for _, k := range inst {
		if k >= 0 {
			return inst
		}
	}
	return nil
}
