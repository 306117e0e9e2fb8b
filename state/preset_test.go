package state

import (
	"flag"
	"io"
	"math"
	"strings"
	"testing"

	"skewlab/modes"
	"skewlab/scene"
)

// The stretchy-arm preset is the embedded glTF file read by gltfio: its
// five nodes (Root, Upper, Fore, Hand, and Arm, which the skin binds to
// Upper, Fore and Hand), the 386-vertex arm, and the animations stretch
// and shrug; -t 1 poses it at the stretch's peak, Upper's scale
// (1/sqrt 2, 2, 1/sqrt 2) (within 1e-7, float32 keys). Each call is a
// fresh copy.
func TestStretchyArmPreset(t *testing.T) {
	sc, err := NewPreset("stretchy-arm")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sc.Names(), ","); got != "Root,Upper,Fore,Hand,Arm" {
		t.Errorf("nodes %s, want Root,Upper,Fore,Hand,Arm", got)
	}
	arm := sc.Nodes[sc.Index("Arm")]
	if arm.Skin == nil || len(arm.Skin.Joints) != 3 || len(arm.Mesh.Points) != 386 {
		t.Errorf("Arm: skin %v, %d points; want 3 joints, 386 points", arm.Skin, len(arm.Mesh.Points))
	}
	if len(sc.Animations) != 2 || sc.Animations[0].Name != "stretch" || sc.Animations[1].Name != "shrug" {
		t.Fatalf("animations %v, want stretch and shrug", sc.Animations)
	}
	s := Default()
	if err := ScenePreset.Apply(&s, "stretchy-arm"); err != nil {
		t.Fatal(err)
	}
	s.Time, s.TimeGiven = 1, true
	posed, err := s.PosedScene()
	if err != nil {
		t.Fatal(err)
	}
	got := posed.Nodes[posed.Index("Upper")].Local.Scale
	if h := 1 / math.Sqrt2; math.Abs(got[0]-h) > 1e-7 || math.Abs(got[1]-2) > 1e-7 || math.Abs(got[2]-h) > 1e-7 {
		t.Errorf("Upper's scale at 1 s %v, want (1/sqrt 2, 2, 1/sqrt 2)", got)
	}
	again, _ := NewPreset("stretchy-arm")
	again.Nodes[0].Local.Position[0] = 9
	if fresh, _ := NewPreset("stretchy-arm"); fresh.Nodes[0].Local.Position[0] != 0 {
		t.Error("editing one copy of the preset changed the next")
	}
	if _, err := NewPreset("nope"); err == nil || !strings.Contains(err.Error(), "stretchy-arm") {
		t.Errorf("an unknown preset: %v, want the list of presets", err)
	}
}

// Every preset's wall and mode are ones the settings take, and every
// glTF preset opens.
func TestPresetsCarryValidViews(t *testing.T) {
	for _, p := range scene.Presets {
		if _, err := modes.ParseList(p.Wall); p.Wall != "" && err != nil {
			t.Errorf("preset %s carries the wall %q: %v", p.Name, p.Wall, err)
		}
		if _, err := NewPreset(p.Name); err != nil {
			t.Errorf("preset %s: %v", p.Name, err)
		}
	}
}

// A preset carries its wall and playing as it carries its mode: stretchy-
// arm opens in accumulate-matrices on the wall of every mode, playing,
// unless -wall or -play is given, before or after -preset; a Share query
// leaves out what the preset would choose again (so preset=stretchy-arm
// alone) and writes play=0 or wall=none where the user turned them off,
// which read back as given.
func TestPresetCarriesWallAndPlay(t *testing.T) {
	wall := Param{Name: "wall", IsBool: true, Apply: func(s *State, v string) error {
		if v == "none" || v == "false" {
			v = ""
		} else if v == "true" {
			v = "all"
		}
		s.GiveWall(v)
		return nil
	}, Value: func(s State) []string {
		def, _ := s.PresetView()
		switch {
		case s.Wall == def:
			return nil
		case s.Wall == "":
			return []string{"none"}
		}
		return []string{s.Wall}
	}}
	defer UseLabs(testLabs...)
	labs := append([]Lab(nil), testLabs...)
	labs[0].Params = []Param{wall}
	UseLabs(labs...)
	flags := func(args ...string) State {
		s := Default()
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		RegisterFlags(fs, &s, true, SceneParams, ViewParams)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		args  []string
		wall  string
		play  bool
		query string
	}{
		{[]string{"-preset", "stretchy-arm"}, "all", true, "preset=stretchy-arm"},
		{[]string{"-preset", "stretchy-arm", "-play=false"}, "all", false, "preset=stretchy-arm&play=0"},
		{[]string{"-play=false", "-preset", "stretchy-arm"}, "all", false, "preset=stretchy-arm&play=0"},
		{[]string{"-wall=none", "-preset", "stretchy-arm"}, "", true, "preset=stretchy-arm&wall=none"},
		{[]string{"-preset", "stretchy-arm", "-wall=none"}, "", true, "preset=stretchy-arm&wall=none"},
		{[]string{"-preset", "skew"}, "", false, "preset=skew"},
		{[]string{"-preset", "skew", "-play"}, "", true, "preset=skew&play=1"},
		{[]string{"-preset", "stretchy-arm", "-preset", "skew"}, "", false, "preset=skew"},
	} {
		s := flags(c.args...)
		if s.Wall != c.wall || s.Play != c.play || s.Query() != c.query {
			t.Errorf("%v: wall %q, play %v, query %q; want %q, %v, %q", c.args, s.Wall, s.Play, s.Query(), c.wall, c.play, c.query)
		}
		back, errs := FromQuery(mustQuery(t, s.Query()))
		if len(errs) != 0 || back.Wall != s.Wall || back.Play != s.Play || back.Preset != s.Preset || back.Mode != s.Mode {
			t.Errorf("%v: query %q reads back as preset %q, wall %q, play %v, mode %q (%v)", c.args, s.Query(), back.Preset, back.Wall, back.Play, back.Mode, errs)
		}
	}
	if s := flags("-preset", "stretchy-arm"); s.Mode != "accumulate-matrices" {
		t.Errorf("stretchy-arm opens in %q, want accumulate-matrices", s.Mode)
	}
	if s, errs := FromQuery(mustQuery(t, "play=0&wall=none&preset=stretchy-arm")); len(errs) != 0 || s.Play || s.Wall != "" {
		t.Errorf("URL play=0 and wall=none before the preset: play %v, wall %q (%v)", s.Play, s.Wall, errs)
	}
}

// The stretchy-arm preset, like every preset, has no notes: its file
// holds nothing skewlab leaves out, and its weights sum to 1.
func TestStretchyArmPresetHasNoNotes(t *testing.T) {
	sc, err := NewPreset("stretchy-arm")
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Notes) != 0 {
		t.Errorf("notes %q, want none", sc.Notes)
	}
}
