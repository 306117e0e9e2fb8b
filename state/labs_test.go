package state

import (
	"os"
	"testing"
)

// testLabs are the program's labs as state sees them, written out: the
// scene lab with the scene presets, a lab with its own setting, and a lab
// whose presets are not scenes.
var testLabs = []Lab{
	{Name: "piston", Presets: []string{"piston", "skew", "volume"}, Scenes: true},
	{Name: "drift", Params: []Param{Choice("normalize", "drift lab: normalize the spin axis in float64 or float32",
		[]string{"float64", "float32"}, "float64", func(s *State) *string { return &s.Normalize })}},
	{Name: "dynamics", Presets: []string{"turntable", "crash"}},
}

func TestMain(m *testing.M) {
	UseLabs(testLabs...)
	os.Exit(m.Run())
}

// TestLabRegistry: the installed labs give the default lab and preset, the
// lab setting's values, each preset's lab, and the labs' own settings at
// their defaults, left out of Share URLs.
func TestLabRegistry(t *testing.T) {
	d := Default()
	if d.Lab != "piston" || d.Preset != "piston" || d.Normalize != "float64" {
		t.Errorf("Default: lab %q, preset %q, normalize %q", d.Lab, d.Preset, d.Normalize)
	}
	if got := LabNames(); len(got) != 3 || got[0] != "piston" || got[2] != "dynamics" {
		t.Errorf("LabNames %q", got)
	}
	for preset, lab := range map[string]string{"skew": "piston", "crash": "dynamics", "nope": ""} {
		if got := LabOfPreset(preset); got != lab {
			t.Errorf("LabOfPreset(%q) = %q, want %q", preset, got, lab)
		}
	}
	if SceneLab().Name != "piston" {
		t.Errorf("scene lab %q", SceneLab().Name)
	}
	s, errs := FromQuery(mustQuery(t, "normalize=float32&lab=drift"))
	if len(errs) != 0 || s.Normalize != "float32" || s.Query() != "lab=drift&normalize=float32" {
		t.Errorf("normalize=float32: %+v %v, query %q", s, errs, s.Query())
	}
	if _, errs := FromQuery(mustQuery(t, "normalize=float16")); len(errs) != 1 {
		t.Errorf("normalize=float16: %v", errs)
	}
	if p := Pick("normalize"); len(p) != 1 {
		t.Errorf("Pick(normalize) = %d params", len(p))
	}
}

// TestUseLabsRefusesClashes: a duplicate lab, preset or parameter name, or
// a second scene lab, panics at start-up.
func TestUseLabsRefusesClashes(t *testing.T) {
	defer UseLabs(testLabs...)
	for name, list := range map[string][]Lab{
		"lab":    {{Name: "a"}, {Name: "a"}},
		"preset": {{Name: "a", Presets: []string{"p"}}, {Name: "b", Presets: []string{"p"}}},
		"param":  {{Name: "a", Params: []Param{{Name: "mode"}}}},
		"scenes": {{Name: "a", Scenes: true}, {Name: "b", Scenes: true}},
		"empty":  {{Name: ""}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s clash accepted", name)
				}
			}()
			UseLabs(list...)
		}()
	}
}
