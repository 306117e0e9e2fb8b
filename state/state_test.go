package state

import (
	"flag"
	"io"
	"net/url"
	"strings"
	"testing"

	"skewlab/modes"
	"skewlab/scene"
)

func TestParseSet(t *testing.T) {
	s, err := ParseSet("Root.scale=3,1,1")
	if err != nil || s.Node != "Root" || s.Field != "scale" || len(s.Values) != 3 || s.Values[0] != 3 {
		t.Fatalf("%+v %v", s, err)
	}
	if s.String() != "Root.scale=3,1,1" {
		t.Errorf("String %q", s.String())
	}
	for text, want := range map[string]string{
		"Root.scale":            "NODE.FIELD",
		".scale=1,1,1":          "NODE.FIELD",
		"Root.size=1,1,1":       "unknown field",
		"Root.scale=1,1":        "takes 3 numbers",
		"Root.rotation=1,0,0":   "takes 4 numbers",
		"Root.rotation=0,0,0,0": "zero quaternion",
		"Root.position=1,inf,0": "finite",
		"Root.position=1,2e6,0": "out of range",
		"Root.position=1,,0":    "not a plain decimal number",
	} {
		if _, err := ParseSet(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", text, err, want)
		}
	}
}

func TestParseCamera(t *testing.T) {
	c, err := ParseCamera("52.4,31.4,19.21,2,0,0,60")
	if err != nil || !c.HasTarget || !c.HasFov || c.Fov != 60 || c.Target[0] != 2 {
		t.Fatalf("%+v %v", c, err)
	}
	if back, err := ParseCamera(c.String()); err != nil || back != c {
		t.Errorf("round trip %+v %v", back, err)
	}
	// A distance's upper limit depends on the scene (Lab.CheckCamera);
	// the parser takes any distance above 0.
	if c, err := ParseCamera("0,0,600"); err != nil || c.Distance != 600 {
		t.Errorf("0,0,600: %+v %v", c, err)
	}
	for _, bad := range []string{"1,2", "1,2,3,4", "0,95,10", "0,0,0", "0,0,-1", "0,0,10,0,0,0,0.5", "a,b,c"} {
		if _, err := ParseCamera(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

func TestFromQueryKeepsValidParams(t *testing.T) {
	q, _ := url.ParseQuery("mode=nope&set=Root.scale=3,1,1&set=Zed.scale=1,1,1&spin=1&uiscale=9&ui=min&bogus=1")
	s, errs := FromQuery(q)
	if s.Mode != Default().Mode {
		t.Errorf("invalid mode should leave the default, got %q", s.Mode)
	}
	if len(s.Sets) != 1 || s.Sets[0].Node != "Root" || !s.Spin || s.UI != "min" || s.UIScale != 1 {
		t.Errorf("valid parameters lost: %+v", s)
	}
	joined := ""
	for _, e := range errs {
		joined += e.Error() + "\n"
	}
	for _, want := range []string{"parameter mode", "parameter set", "parameter uiscale", "parameter bogus"} {
		if !strings.Contains(joined, want) {
			t.Errorf("errors %q lack %q", joined, want)
		}
	}
	if len(errs) != 4 {
		t.Errorf("want 4 errors, got %d: %s", len(errs), joined)
	}
}

func TestQueryRoundTrip(t *testing.T) {
	s := Default()
	s.Mode = "accumulate-matrices"
	s.Compare = "accumulate-trs"
	s.Split = true
	s.Spin = true
	s.UI = "off"
	s.UIScale = 3
	s.Lab = "drift"
	set, _ := ParseSet("Root.scale=3,1,1")
	s.Sets = []Set{set}
	c, _ := ParseCamera("10,20,30")
	s.Camera = &c
	q, err := url.ParseQuery(s.Query())
	if err != nil {
		t.Fatal(err)
	}
	back, errs := FromQuery(q)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if back.Mode != s.Mode || back.Compare != s.Compare || !back.Split || !back.Spin || back.UI != "off" ||
		back.UIScale != 3 || back.Lab != "drift" || len(back.Sets) != 1 || back.Sets[0].String() != set.String() ||
		back.Camera == nil || *back.Camera != c {
		t.Errorf("round trip lost state: %+v from %q", back, s.Query())
	}
	if Default().Query() != "" {
		t.Errorf("default state has a non-empty query %q", Default().Query())
	}
}

// The command line and the URL share one parser: the same bad value gives
// the same message on both.
func TestFlagsAndURLAgree(t *testing.T) {
	var s State = Default()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	RegisterFlags(fs, &s, true, SceneParams, ViewParams)
	err := fs.Parse([]string{"-mode", "nope"})
	_, errs := FromQuery(url.Values{"mode": {"nope"}})
	if err == nil || len(errs) != 1 || !strings.Contains(errs[0].Error(), strings.TrimPrefix(err.Error(), "invalid value \"nope\" for flag -mode: ")) {
		t.Errorf("flag error %v, URL error %v", err, errs)
	}
	if err := fs.Parse([]string{"-preset", "skew", "-spin", "-ui", "off", "-camera", "1,2,3"}); err != nil || s.Preset != "skew" || !s.Spin || s.UI != "off" || s.Camera == nil {
		t.Errorf("flags: %+v %v", s, err)
	}
}

// Presets belong to labs: crash needs lab=dynamics; the piston view falls
// back to its default scene; report-like callers get a clear error.
func TestLabPresets(t *testing.T) {
	q, _ := url.ParseQuery("preset=crash&lab=dynamics&set=Root.scale=2,1,1")
	s, errs := FromQuery(q)
	if len(errs) != 0 || s.Preset != "crash" || s.Lab != "dynamics" || len(s.Sets) != 1 {
		t.Fatalf("%+v %v", s, errs)
	}
	if sc, err := s.ViewScene(); err != nil || sc.Index("Root") != 0 {
		t.Errorf("piston scene for a dynamics preset: %v", err)
	}
	if _, err := s.Scene(); err == nil || !strings.Contains(err.Error(), "not a scene") {
		t.Errorf("Scene of a dynamics preset: %v", err)
	}
	q, _ = url.ParseQuery("preset=crash")
	s, errs = FromQuery(q)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "lab=dynamics") || s.Preset != "piston" {
		t.Errorf("crash without the dynamics lab: %+v %v", s, errs)
	}
	if back, errs := FromQuery(mustQuery(t, "preset=crash&lab=dynamics")); len(errs) != 0 || back.Query() != "preset=crash&lab=dynamics" {
		t.Errorf("round trip %q %v", back.Query(), errs)
	}
}

func mustQuery(t *testing.T, s string) url.Values {
	q, err := url.ParseQuery(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestFromSearch: a leading "?" is optional; a malformed escape gives one
// "URL:" error at the front while the parameters that parsed apply.
func TestFromSearch(t *testing.T) {
	for _, search := range []string{"?mode=accumulate-trs", "mode=accumulate-trs"} {
		st, errs := FromSearch(search)
		if len(errs) != 0 || st.Mode != "accumulate-trs" {
			t.Errorf("FromSearch(%q) = mode %q, errors %v; want accumulate-trs, none", search, st.Mode, errs)
		}
	}
	st, errs := FromSearch("?mode=accumulate-trs&x=%zz&bogus=1")
	if st.Mode != "accumulate-trs" {
		t.Errorf("mode %q, want accumulate-trs (the valid parameter applies)", st.Mode)
	}
	if len(errs) != 2 || !strings.HasPrefix(errs[0].Error(), "URL: ") || !strings.Contains(errs[1].Error(), "bogus") {
		t.Errorf("errors %v, want a URL: error then one naming bogus", errs)
	}
	if st, errs := FromSearch(""); len(errs) != 0 || st.Mode != Default().Mode {
		t.Errorf("empty search: mode %q, errors %v; want the default", st.Mode, errs)
	}
}

// TestPresetCarriesMode: a preset opens in the mode (and comparison) it
// carries unless the user gives -mode or -compare, in either order on the
// command line and in any order in a URL; a Share query leaves out only
// what the preset would choose again, so it round-trips.
func TestPresetCarriesMode(t *testing.T) {
	for _, p := range scene.Presets {
		for _, m := range []string{p.Mode, p.Compare} {
			if _, err := modes.ByName(m); m != "" && err != nil {
				t.Errorf("preset %s carries %v", p.Name, err)
			}
		}
	}
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
	cases := []struct {
		args          []string
		mode, compare string
	}{
		{[]string{"-preset", "skew"}, "accumulate-matrices", ""},
		{[]string{"-preset", "skew", "-mode", "accumulate-trs"}, "accumulate-trs", ""},
		{[]string{"-mode", "accumulate-trs", "-preset", "skew"}, "accumulate-trs", ""},
		{[]string{"-preset", "volume"}, "skew-stripping", "accumulate-matrices"},
		{[]string{"-compare", "none", "-preset", "volume"}, "skew-stripping", ""},
		{[]string{"-preset", "piston"}, modes.Default, ""},
	}
	for _, c := range cases {
		s := flags(c.args...)
		if s.Mode != c.mode || s.Compare != c.compare {
			t.Errorf("%v: mode %q compare %q, want %q %q", c.args, s.Mode, s.Compare, c.mode, c.compare)
		}
		back, errs := FromQuery(mustQuery(t, s.Query()))
		if len(errs) != 0 || back.Mode != s.Mode || back.Compare != s.Compare || back.Preset != s.Preset {
			t.Errorf("%v: query %q reads back as %q %q %q (%v)", c.args, s.Query(), back.Preset, back.Mode, back.Compare, errs)
		}
	}
	if q := flags("-preset", "skew").Query(); q != "preset=skew" {
		t.Errorf("skew in its own mode: query %q, want preset=skew", q)
	}
	s, _ := FromQuery(mustQuery(t, "mode=accumulate-trs&preset=skew"))
	if s.Mode != "accumulate-trs" {
		t.Errorf("URL mode before preset: %q", s.Mode)
	}
}

// TestSetRule: NODE.rule=NAME parses, prints back, applies to the scene
// and clears with "global"; an unknown rule or a TRS mode is an error
// that lists the valid names.
func TestSetRule(t *testing.T) {
	sc, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ParseSet("B.rule=maya-ssc")
	if err != nil || s.String() != "B.rule=maya-ssc" {
		t.Fatalf("ParseSet: %v %q", err, s.String())
	}
	if err := s.Apply(sc); err != nil || sc.Nodes[sc.Index("B")].Rule != scene.RuleMayaSSC {
		t.Fatalf("Apply: %v, rule %v", err, sc.Nodes[sc.Index("B")].Rule)
	}
	clear, err := ParseSet("B.rule=global")
	if err != nil || clear.Apply(sc) != nil || sc.Nodes[sc.Index("B")].Rule != scene.RuleFollow {
		t.Fatalf("global: %v, rule %v", err, sc.Nodes[sc.Index("B")].Rule)
	}
	for _, bad := range []string{"B.rule=accumulate-trs", "B.rule=", "B.rule=Maya-SSC"} {
		if _, err := ParseSet(bad); err == nil || !strings.Contains(err.Error(), "blender-aligned") {
			t.Errorf("%s: %v, want an error listing the rules", bad, err)
		}
	}
	if err := (Set{Node: "Nope", Field: "rule", Rule: scene.RuleMayaSSC}).Apply(sc); err == nil {
		t.Error("an unknown node was accepted")
	}
}

// The edges setting: a count from 1 to 10^7 or all; the default (50,000)
// is left out of Share queries.
func TestEdgesSetting(t *testing.T) {
	for _, c := range []struct {
		q    string
		want int
		bad  bool
	}{{"edges=all", -1, false}, {"edges=1000", 1000, false}, {"edges=0", 0, true}, {"edges=-5", 0, true}, {"edges=1e3", 0, true}, {"edges=10000001", 0, true}} {
		st, errs := FromSearch(c.q)
		if c.bad != (len(errs) > 0) || !c.bad && st.Edges != c.want {
			t.Errorf("%s: edges %d, errors %v", c.q, st.Edges, errs)
		}
	}
	st := Default()
	st.Edges = 1000
	if q := st.Query(); !strings.Contains(q, "edges=1000") {
		t.Errorf("query %q lacks edges=1000", q)
	}
	st.Edges = 50000
	if q := st.Query(); strings.Contains(q, "edges") {
		t.Errorf("query %q writes the default edge cap", q)
	}
}
