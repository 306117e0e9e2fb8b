package piston

import (
	"flag"
	"io"
	"testing"

	"skewlab/modes"
	"skewlab/state"
)

// The stretchy-arm preset (a glTF preset) opens, from the command line
// and from the Presets window (LoadPreset), in accumulate-matrices on the
// wall of every mode, with its skinned arm; -wall=none keeps the wall off
// whichever side of -preset it is; loading a preset without a wall
// afterwards leaves the wall as it is; and a Share link of it writes the
// preset alone (its mode and wall are the preset's own; the view's
// playing, which Share does not write, is the state's).
func TestStretchyArmOpensOnTheWall(t *testing.T) {
	parse := func(args ...string) state.State {
		st := state.Default()
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		state.RegisterFlags(fs, &st, true, state.SceneParams, state.ViewParams)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return st
	}
	onWall := func(m *Model) bool { return m.Wall.On && len(m.Wall.Modes) == len(modes.All) }
	st := parse("-preset", "stretchy-arm")
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	if ModeName(m.Mode) != "accumulate-matrices" || !onWall(m) || !st.Play || m.Scene.Index("Arm") < 0 || m.Scene.Nodes[m.Scene.Index("Arm")].Skin == nil {
		t.Errorf("-preset stretchy-arm: mode %s, wall %v %v, play %v", ModeName(m.Mode), m.Wall.On, m.Wall.Modes, st.Play)
	}
	shared := state.Default()
	shared.Play = st.Play
	m.Share(&shared)
	if q := shared.Query(); q != "preset=stretchy-arm" {
		t.Errorf("Share of the preset as opened: %q, want preset=stretchy-arm", q)
	}
	for _, args := range [][]string{{"-wall=none", "-preset", "stretchy-arm"}, {"-preset", "stretchy-arm", "-wall=none"}} {
		m, err := NewModel(parse(args...))
		if err != nil {
			t.Fatal(err)
		}
		if m.Wall.On {
			t.Errorf("%v: the wall is on", args)
		}
	}
	m, err = NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	if err := m.LoadPreset("stretchy-arm"); err != nil {
		t.Fatal(err)
	}
	if ModeName(m.Mode) != "accumulate-matrices" || !onWall(m) || len(m.Scene.Animations) != 2 {
		t.Errorf("LoadPreset(stretchy-arm): mode %s, wall %v %v, %d animations", ModeName(m.Mode), m.Wall.On, m.Wall.Modes, len(m.Scene.Animations))
	}
	if err := m.LoadPreset("skew"); err != nil || !onWall(m) {
		t.Errorf("LoadPreset(skew) after it: %v, wall %v", err, m.Wall.On)
	}
}
