//go:build !js

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"skewlab/state"
)

// TestExportRefusesWhatTheWindowRefuses (issue 28, item 14): the same
// flags, run through the window's checks (prepareApp: everything runApp
// does before it opens a window, the app built) and through export, are
// accepted by both or refused by both with the same message ("skewlab:
// M" and "skewlab: export: M"). Before, export drew -lab drift with a
// -scene that does not exist, or a -set naming no node, and refused
// -preset crash without -lab in other words than the window's; the
// window took -tour 0 as "no tour" where export refused it.
//
// -lab drift -preset volume is accepted by both: a scene preset suits a
// lab without presets of its own, as the scene lab's scene
// (state.State.Check; the window's Share writes such links when the
// piston lab was set to a preset and the drift lab is shown). -lab
// dynamics -preset volume is refused by both (issue 30, item 7: it showed
// the turntable and said nothing), in flag syntax.
func TestExportRefusesWhatTheWindowRefuses(t *testing.T) {
	dir := writeFixtures(t, 100)
	missing := filepath.Join(dir, "missing.gltf")
	rig, rigGLB := filepath.Join(dir, "rig.gltf"), filepath.Join(dir, "rig.glb")
	out := filepath.Join(t.TempDir(), "fig.png")
	rows := []struct {
		args []string
		ok   bool
		msg  string // part of the refusal
	}{
		{[]string{"-lab", "drift", "-scene", missing}, false, "missing.gltf: cannot read"},
		{[]string{"-lab", "dynamics", "-scene", missing}, false, "opens in lab piston, not dynamics"},
		{[]string{"-lab", "dynamics", "-scene", rigGLB}, false, "opens in lab piston, not dynamics (show it with -lab piston"},
		{[]string{"-lab", "piston", "-scene", missing}, false, "missing.gltf: cannot read"},
		{[]string{"-scene", missing}, false, "missing.gltf: cannot read"},
		{[]string{"-lab", "dynamics", "-scene", dir}, false, dir},
		{[]string{"-lab", "drift", "-set", "Z.scale=1,1,1"}, false, `unknown node "Z"`},
		{[]string{"-lab", "dynamics", "-preset", "crash", "-set", "Root.scale=2,1,1", "-set", "Z.euler=0,1,0"}, false, `unknown node "Z"`},
		{[]string{"-lab", "drift", "-preset", "crash"}, false, `-preset crash belongs to lab dynamics, not drift (show it with -lab dynamics)`},
		{[]string{"-preset", "crash"}, false, `-preset crash belongs to lab dynamics, not piston (show it with -lab dynamics)`},
		{[]string{"-preset", "turntable", "-mode", "maya-ssc"}, false, `-preset turntable belongs to lab dynamics`},
		{[]string{"-lab", "dynamics", "-preset", "volume"}, false, `-preset volume belongs to lab piston, not dynamics (show it with -lab piston; the dynamics lab's presets: turntable, crash)`},
		{[]string{"-lab", "dynamics", "-preset", "skew"}, false, `-preset skew belongs to lab piston, not dynamics`},
		{[]string{"-lab", "dynamics", "-gltf-scene", "0"}, false, "-gltf-scene 0 needs -scene FILE"},
		{[]string{"-gltf-scene", "0"}, false, "-gltf-scene 0 needs -scene FILE"},
		{[]string{"-lab", "drift", "-scene", rig, "-gltf-scene", "7"}, false, "7"},
		{[]string{"-lab", "drift", "-mode", "nope"}, false, `"nope"`},
		{[]string{"-lab", "dynamics", "-counteract", "maybe"}, false, `"maybe"`},
		{[]string{"-lab", "nope"}, false, `"nope"`},
		{[]string{"-camera", "0,0,0"}, false, "distance 0 is not above 0"},
		{[]string{"-tour", "0"}, false, "step 0 out of range (the tour has"},
		{[]string{"-tour", "-1"}, false, "step -1 out of range (the tour has"},
		{[]string{"-tour", itoa(guide.Len() + 1)}, false, "out of range (the tour has"},
		{[]string{"-tour", "x"}, false, `"x" is not a step number`},
		// Accepted by both.
		{[]string{"-lab", "drift", "-preset", "volume"}, true, ""},
		{[]string{"-lab", "dynamics"}, true, ""},
		{[]string{"-lab", "dynamics", "-preset", "crash", "-counteract", "off"}, true, ""},
		{[]string{"-lab", "drift", "-scene", rigGLB, "-set", "Hips.scale=2,1,1"}, true, ""},
		{[]string{"-lab", "drift", "-normalize", "float32"}, true, ""},
		{[]string{"-lab", "piston", "-preset", "skew", "-view", "top", "-ortho", "-compare", "accumulate-trs", "-split"}, true, ""},
		{[]string{"-set", "A.euler=0,38,0", "-wall=blender-none,maya-ssc", "-scope", "all"}, true, ""},
		{[]string{"-scene", rig, "-gltf-scene", "0", "-mode", "accumulate-matrices"}, true, ""},
		{[]string{"-tour", itoa(guide.Len())}, true, ""},
	}
	for _, r := range rows {
		var wout, werr bytes.Buffer
		_, wcode := prepareApp(r.args, &wout, &werr)
		var eout, eerr bytes.Buffer
		ecode := runExport(append([]string{"-o", out, "-size", "64x36"}, r.args...), &eout, &eerr)
		os.Remove(out)
		if r.ok {
			if wcode != -1 || werr.Len() != 0 || ecode != 0 || eerr.Len() != 0 {
				t.Errorf("%q: window %d %q, export %d %q; want both to accept", r.args, wcode, werr.String(), ecode, eerr.String())
			}
			continue
		}
		wmsg, wok := strings.CutPrefix(werr.String(), "skewlab: ")
		emsg, eok := strings.CutPrefix(eerr.String(), "skewlab: export: ")
		if wcode != 2 || ecode != 2 || !wok || !eok || wout.Len() != 0 || eout.Len() != 0 {
			t.Errorf("%q: window exit %d %q, export exit %d %q; want both 2 with one line", r.args, wcode, werr.String(), ecode, eerr.String())
			continue
		}
		if wmsg != emsg || strings.Count(wmsg, "\n") != 1 || !strings.Contains(wmsg, r.msg) {
			t.Errorf("%q: window says %q, export %q; want one and the same line containing %q", r.args, wmsg, emsg, r.msg)
		}
	}
}

// TestTourZeroIsRefusedEverywhere: steps count from 1, and no document
// gives -tour 0 a meaning, so 0 is out of range on every surface with
// the one message (state.TourRangeError): the window's -tour 0, -tour=0
// and -tour -1 (before, the window opened with no tour), export -tour 0
// and the URL's tour=0.
func TestTourZeroIsRefusedEverywhere(t *testing.T) {
	want := state.TourRangeError(0).Error()
	for _, args := range [][]string{{"-tour", "0"}, {"-tour=0"}, {"app", "-tour", "0"}, {"export", "-o", filepath.Join(t.TempDir(), "x.svg"), "-tour", "0"}} {
		code, out, errs := runCmd(t, args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", args, code, out, errs, want)
		}
	}
	if _, errs := state.FromSearch("?tour=0"); len(errs) != 1 || !strings.Contains(errs[0].Error(), want) {
		t.Errorf("URL tour=0: %v, want %q", errs, want)
	}
	// A bare -tour is step 1, and -tour=false no tour, as before.
	for _, c := range []struct {
		args []string
		step int
	}{{[]string{"-tour"}, 1}, {[]string{"-tour=false"}, 0}, {[]string{"-tour", "3"}, 3}} {
		var out, errb bytes.Buffer
		run, code := prepareApp(c.args, &out, &errb)
		if code != -1 || errb.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q", c.args, code, errb.String())
			continue
		}
		if got := run.app.State().Tour; got != c.step {
			t.Errorf("%q: the window opens at step %d, want %d", c.args, got, c.step)
		}
	}
}

// TestForeignPresetRefusedInOneLine (issue 30, item 7): the window given
// a preset its lab does not own answers with one line in flag syntax and
// exit 2, whether or not a display is available, and before opening
// anything: -lab dynamics -preset skew used to open the turntable, and
// -preset crash answered "add lab=dynamics", the URL's syntax.
func TestForeignPresetRefusedInOneLine(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-lab", "dynamics", "-preset", "skew"}, "skewlab: -preset skew belongs to lab piston, not dynamics (show it with -lab piston; the dynamics lab's presets: turntable, crash)\n"},
		{[]string{"-preset", "crash"}, "skewlab: -preset crash belongs to lab dynamics, not piston (show it with -lab dynamics)\n"},
		{[]string{"app", "-preset", "turntable", "-lab", "drift"}, "skewlab: -preset turntable belongs to lab dynamics, not drift (show it with -lab dynamics)\n"},
	} {
		code, out, errs := runCmd(t, c.args...)
		if code != 2 || out != "" || errs != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing and %q", c.args, code, out, errs, c.want)
		}
	}
}
