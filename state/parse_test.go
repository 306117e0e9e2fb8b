package state

import (
	"flag"
	"io"
	"math"
	"net/url"
	"strings"
	"testing"
)

// TestParseNumberStrict pins the one number syntax: plain decimals are
// read exactly as written, everything else (finding 14: 1_000 and 0x1p-2
// were accepted while 0x10 was refused) is refused.
func TestParseNumberStrict(t *testing.T) {
	for text, want := range map[string]float64{
		"0": 0, "7": 7, "007": 7, "-1.5": -1.5, "2e-3": 0.002, "1E+2": 100, "-25e1": -250, "0.125": 0.125,
	} {
		if v, err := ParseNumber(text); err != nil || v != want {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v", text, v, err, want)
		}
	}
	if v, err := ParseNumber("-0"); err != nil || v != 0 || !math.Signbit(v) {
		t.Errorf("ParseNumber(-0) = %v, %v", v, err)
	}
	for text, want := range map[string]string{
		"": "plain decimal", " 1": "plain decimal", "1 ": "plain decimal", "+1": "plain decimal",
		"1_000": "plain decimal", "0x10": "plain decimal", "0x1p-2": "plain decimal", ".5": "plain decimal",
		"5.": "plain decimal", "1e": "plain decimal", "1e+": "plain decimal", "--1": "plain decimal",
		"1,5": "plain decimal", "1.2.3": "plain decimal", "\u0661": "plain decimal", "0b1": "plain decimal",
		"Inf": "not a finite number", "-inf": "not a finite number", "NaN": "not a finite number",
		"+Infinity": "not a finite number", "1e400": "not a finite number", "-1e309": "not a finite number",
	} {
		if v, err := ParseNumber(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseNumber(%q) = %v, %v; want an error containing %q", text, v, err, want)
		}
	}
}

func TestParseIntStrict(t *testing.T) {
	for text, want := range map[string]int{"0": 0, "12": 12, "-3": -3, "0100": 100} {
		if n, err := ParseInt(text); err != nil || n != want {
			t.Errorf("ParseInt(%q) = %d, %v; want %d", text, n, err, want)
		}
	}
	for _, text := range []string{"", "+3", "1_000", "0x10", " 3", "3 ", "3.0", "1e3", "-", "99999999999999999999"} {
		if n, err := ParseInt(text); err == nil {
			t.Errorf("ParseInt(%q) = %d, accepted", text, n)
		}
	}
}

// TestParseSizeStrict: exactly WxH with plain positive integers in range
// (finding 14: 100x100junk, 100x100x5, " 1280x720" and +1280x+720 were
// accepted).
func TestParseSizeStrict(t *testing.T) {
	if w, h, err := ParseSize("1280x720", 100, 10000); err != nil || w != 1280 || h != 720 {
		t.Errorf("1280x720: %d %d %v", w, h, err)
	}
	if w, h, err := ParseSize("100x10000", 100, 10000); err != nil || w != 100 || h != 10000 {
		t.Errorf("bounds: %d %d %v", w, h, err)
	}
	for _, text := range []string{"100x100junk", "100x100x5", " 1280x720", "1280x720 ", "+1280x+720", "1280X720",
		"1280 x 720", "1280x", "x720", "-100x100", "100x-100", "99x100", "100x10001", "1e3x720", "1_280x720", "big", ""} {
		if w, h, err := ParseSize(text, 100, 10000); err == nil {
			t.Errorf("ParseSize(%q) = %d, %d: accepted", text, w, h)
		} else if !strings.Contains(err.Error(), "from 100 to 10000") {
			t.Errorf("ParseSize(%q): %v, want the range in the message", text, err)
		}
	}
}

// Every surface goes through the same parsers: -set values, the camera,
// uiscale and their URL parameters refuse what ParseNumber refuses.
func TestSurfacesUseStrictNumbers(t *testing.T) {
	for _, text := range []string{"Root.scale=3, 1,1", "Root.scale=1_000,1,1", "Root.scale=0x1p-2,1,1", "Root.scale=+1,1,1", "Root.scale= 1,1,1"} {
		if _, err := ParseSet(text); err == nil {
			t.Errorf("ParseSet(%q) accepted", text)
		}
	}
	if _, err := ParseCamera("0x10,0,10"); err == nil {
		t.Errorf("camera with hex accepted")
	}
	for _, q := range []string{"set=Root.scale=1_000,1,1", "uiscale=+2", "uiscale=0x2", "camera=30,20,1e1_0", "set=Root.scale=1,1,%201"} {
		if _, errs := FromQuery(mustQuery(t, q)); len(errs) != 1 {
			t.Errorf("URL %q: errors %v, want one", q, errs)
		}
	}
	var s State = Default()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	RegisterFlags(fs, &s, true, SceneParams, ViewParams)
	for _, args := range [][]string{{"-uiscale", "+2"}, {"-set", "Root.scale=1_000,1,1"}, {"-camera", "30,20,0x10"}} {
		if err := fs.Parse(args); err == nil {
			t.Errorf("flags %v accepted", args)
		}
	}
}

// An empty -scene= is an error, not a silent fallback to the preset
// (finding 14).
func TestEmptySceneFlagRefused(t *testing.T) {
	s := Default()
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	RegisterFlags(fs, &s, true, SceneParams)
	if err := fs.Parse([]string{"-scene="}); err == nil || !strings.Contains(err.Error(), "empty file name") {
		t.Errorf("-scene= gave %v", err)
	}
	if err := fs.Parse([]string{"-scene", "x.json"}); err != nil || s.ScenePath != "x.json" {
		t.Errorf("-scene x.json: %v %q", err, s.ScenePath)
	}
}

// ScenePreset offers and accepts only scene presets (finding 15: report
// and export listed turntable and crash, which they refuse).
func TestScenePreset(t *testing.T) {
	for _, l := range Labs() {
		lab, names := l.Name, l.Presets
		for _, n := range names {
			s := Default()
			err := ScenePreset.Apply(&s, n)
			if listed := strings.Contains(ScenePreset.Usage, n); listed != (lab == "piston") {
				t.Errorf("preset %s of lab %s: listed %v in %q", n, lab, listed, ScenePreset.Usage)
			}
			if (err == nil) != (lab == "piston") {
				t.Errorf("preset %s of lab %s: %v", n, lab, err)
			}
		}
	}
	if err := ScenePreset.Apply(new(State), "crash"); err == nil || !strings.Contains(err.Error(), "not a scene") {
		t.Errorf("crash: %v", err)
	}
	if _, errs := FromQuery(url.Values{"preset": {"skew"}}); len(errs) != 0 {
		t.Errorf("skew: %v", errs)
	}
}
