package state

import (
	"flag"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"skewlab/modes"
	"skewlab/scene"
)

// Param is one setting that exists both as a command-line flag (-name)
// and as a URL parameter (name=...). Apply parses a value into a State;
// its error message is the same on both surfaces.
type Param struct {
	Name   string
	Usage  string
	IsBool bool
	Multi  bool // repeatable (set)
	Apply  func(s *State, value string) error
	Value  func(s State) []string // current values for Share URLs; empty when default
	// Default is the value of a lab's Param in Default(), applied with
	// Apply ("" applies nothing). The shared settings' defaults are
	// written in Default itself.
	Default string
}

func oneOf(what, v string, valid []string) error {
	for _, x := range valid {
		if x == v {
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q (valid: %s)", what, v, strings.Join(valid, ", "))
}

// Bool returns the boolean setting name: a bare flag or URL parameter
// means true; "true"/"1" and "false"/"0" as parseBool reads them; the
// Query writes it only when true. field gives the State field it sets.
func Bool(name, usage string, field func(*State) *bool) Param {
	return Param{Name: name, IsBool: true, Usage: usage,
		Apply: func(s *State, v string) (err error) { *field(s), err = parseBool(name, v); return },
		Value: func(s State) []string { return boolValue(*field(&s)) }}
}

func parseBool(name, v string) (bool, error) {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("%s: %q is not true or false", name, v)
	}
	return b, nil
}

// SceneParams are the parameters shared by every command that builds a
// scene (app, report, export): preset, mode and set. scene (a file path)
// is a flag only, added by RegisterFlags. UseLabs rebuilds them for the
// installed labs' presets.
var SceneParams = sceneParams()

func sceneParams() []Param {
	return []Param{
		{Name: "preset", Usage: "preset of the lab: " + presetUsage(),
			Apply: func(s *State, v string) error {
				if LabOfPreset(v) == "" {
					return fmt.Errorf("unknown preset %q (valid: %s)", v, presetUsage())
				}
				s.usePreset(v)
				return nil
			},
			Value: func(s State) []string { return nonDefault(s.Preset, Default().Preset) }},
		{Name: "mode", Usage: "accumulation mode: " + strings.Join(modes.Names(), ", "),
			Apply: func(s *State, v string) error {
				if _, err := modes.ByName(v); err != nil {
					return err
				}
				s.Mode, s.modeGiven = v, true
				return nil
			},
			Value: func(s State) []string { m, _ := s.PresetDefaults(); return nonDefault(s.Mode, m) }},
		{Name: "anim", Usage: "animation shown, `N|NAME`: an index from 0 or a name (a glTF file's animations, an animated preset's); -t without -anim means 0",
			Apply: func(s *State, v string) error {
				if v == "" {
					return fmt.Errorf("anim: give an index from 0 or an animation's name")
				}
				if err := scene.CheckName(v); err != nil {
					return fmt.Errorf("anim %q: a name %v", v, err)
				}
				s.Anim = v
				return nil
			},
			Value: func(s State) []string { return nonDefault(s.Anim, "") }},
		{Name: "t", Usage: "animation time in `SECONDS` (0 to 1e9); evaluates the animation there (glTF: before the first key the first value, after the last the last); on a scene without animations, the pose as stored; a preset that plays opens paused at that time unless playing is asked for too",
			Apply: func(s *State, v string) error {
				t, err := ParseNumber(v)
				if err != nil {
					return fmt.Errorf("t: %q is %v", v, err)
				}
				if t < 0 || t > MaxTime {
					return fmt.Errorf("t: %g seconds is outside 0 to %g", t, float64(MaxTime))
				}
				s.Time, s.TimeGiven = t, true
				if !s.playGiven {
					s.Play = false // a frame asked for: a preset that plays opens paused there (-play plays from it)
				}
				return nil
			},
			Value: func(s State) []string {
				if !s.TimeGiven {
					return nil
				}
				return []string{strconv.FormatFloat(s.Time, 'g', -1, 64)}
			}},
		{Name: "set", Multi: true, Usage: "edit a node: NODE.FIELD=a,b,c with FIELD position, rotation (w,x,y,z), euler (degrees, Rz*Ry*Rx) or scale, or NODE.rule=NAME (a matrix-based mode, or global); repeatable",
			Apply: func(s *State, v string) error {
				set, err := ParseSet(v)
				if err != nil {
					return err
				}
				s.Sets = append(s.Sets, set)
				return nil
			},
			Value: func(s State) []string {
				out := make([]string, len(s.Sets))
				for i, set := range s.Sets {
					out[i] = set.String()
				}
				return out
			}},
	}
}

// ScenePreset is the preset parameter of commands that only build scenes
// (report, export): its usage lists only the scene presets (the scene
// lab's), and a preset of another lab (a dynamics model) is refused when
// the flag is parsed, with the message Scene gives for it. UseLabs
// rebuilds it for the installed labs.
var ScenePreset = scenePreset()

func scenePreset() Param {
	return Param{Name: "preset", Usage: "scene preset: " + strings.Join(scenePresets(), ", "),
		Apply: func(s *State, v string) error {
			switch lab := LabOfPreset(v); {
			case isSceneLab(lab):
				s.usePreset(v)
				return nil
			case lab == "":
				return fmt.Errorf("unknown preset %q (valid: %s)", v, strings.Join(scenePresets(), ", "))
			default:
				return notAScene(v, lab)
			}
		},
		Value: func(s State) []string { return nonDefault(s.Preset, Default().Preset) }}
}

// ViewParams are the app's view settings, shared by the command line and
// the URL, followed by every installed lab's own Params (UseLabs rebuilds
// the list).
var ViewParams = viewParams()

func viewParams() []Param {
	return []Param{
		{Name: "compare", Usage: "second mode drawn as a dim ghost behind the first, or none",
			Apply: func(s *State, v string) error {
				if v == "" || v == "none" {
					s.Compare, s.compareGiven = "", true
					return nil
				}
				if _, err := modes.ByName(v); err != nil {
					return fmt.Errorf("compare: %v", err)
				}
				s.Compare, s.compareGiven = v, true
				return nil
			},
			Value: func(s State) []string {
				_, c := s.PresetDefaults()
				if s.Compare == c {
					return nil
				}
				if s.Compare == "" {
					return []string{"none"}
				}
				return []string{s.Compare}
			}},
		{Name: "split", IsBool: true, Usage: "show the compare mode side by side instead of as a ghost",
			Apply: func(s *State, v string) (err error) { s.Split, err = parseBool("split", v); return },
			Value: func(s State) []string { return boolValue(s.Split) }},
		Choice("ui", "UI level: full, min (mode chooser and the seed's slider) or off", UILevels, "full",
			func(s *State) *string { return &s.UI }),
		{Name: "uiscale", Usage: "UI scale for a lecture hall: 1, 2 or 3",
			Apply: func(s *State, v string) error {
				n, err := ParseInt(v)
				if err != nil || n < 1 || n > 3 {
					return fmt.Errorf("uiscale: %q is not 1, 2 or 3", v)
				}
				s.UIScale = n
				return nil
			},
			Value: func(s State) []string {
				if s.UIScale == 1 {
					return nil
				}
				return []string{strconv.Itoa(s.UIScale)}
			}},
		{Name: "play", IsBool: true, Usage: "play the scene's animation (-anim, or animation 0) when the view opens; looping (a preset that plays, such as stretchy-arm, takes -play=false)",
			Apply: func(s *State, v string) (err error) {
				s.Play, err = parseBool("play", v)
				s.playGiven = s.playGiven || err == nil
				return err
			},
			Value: presetPlayValue},
		{Name: "spin", IsBool: true, Usage: "spin B about its own x axis",
			Apply: func(s *State, v string) (err error) { s.Spin, err = parseBool("spin", v); return },
			Value: func(s State) []string { return boolValue(s.Spin) }},
		{Name: "camera", Usage: "camera yaw,pitch,distance[,tx,ty,tz[,fov]]: angles in degrees, pitch -90 to 90, fov 1 to 179; the distance above 0 and at most 500 times the scene's unit (1 for a model from 1.73 to 50 units across, else the power of ten that scales its size into that range: 100 for one of 800; docs/app.md)",
			Apply: func(s *State, v string) error {
				c, err := ParseCamera(v)
				if err != nil {
					return err
				}
				s.Camera = &c
				return nil
			},
			Value: func(s State) []string {
				if s.Camera == nil {
					return nil
				}
				return []string{s.Camera.String()}
			}},
		{Name: "view", Usage: "camera direction, framed: " + strings.Join(Views, ", ") + " (the default is the original demo's)",
			Apply: func(s *State, v string) error {
				if err := oneOf("view", v, Views); err != nil {
					return err
				}
				s.View = v
				return nil
			},
			Value: func(s State) []string { return nonDefault(s.View, "") }},
		{Name: "follow", IsBool: true, Usage: "the camera follows: re-frames (a short glide) when the model leaves the picture or shrinks below 60% of it after an edit, a preset, a mode change, the split, the wall, hiding the UI or a resize (-follow=false keeps the camera where it is; Z frames)",
			Apply: func(s *State, v string) error {
				b, err := parseBool("follow", v)
				if err != nil {
					return err
				}
				s.NoFollow = !b
				return nil
			},
			Value: func(s State) []string {
				if s.NoFollow {
					return []string{"0"}
				}
				return nil
			}},
		{Name: "present", IsBool: true, Usage: "presenter mode: no windows, the picture fills the screen above a thin strip (the tour's Prev and Next, the mode, the keys, a legend); labels and lines scale with the screen (key K)",
			Apply: func(s *State, v string) (err error) { s.Present, err = parseBool("present", v); return },
			Value: func(s State) []string { return boolValue(s.Present) }},
		{Name: "ortho", IsBool: true, Usage: "orthographic projection (parallel lines stay parallel: skew shows as a parallelogram)",
			Apply: func(s *State, v string) (err error) { s.Ortho, err = parseBool("ortho", v); return },
			Value: func(s State) []string { return boolValue(s.Ortho) }},
		Choice("lab", "lab shown: "+strings.Join(LabNames(), ", "), LabNames(), defaultLab(),
			func(s *State) *string { return &s.Lab }),
		{Name: "tour", Usage: "open the guided tour at step `N` (-tour alone: step 1); its keys: Right/PageDown next, Left/PageUp back, Esc leaves",
			Apply: func(s *State, v string) error {
				n := 0
				switch v {
				case "true", "":
					if tourSteps == 0 {
						return errNoTour
					}
					n = 1
				case "false":
				default:
					var err error
					if n, err = ParseTourStep(v); err != nil {
						return err
					}
				}
				s.Tour = n
				return nil
			},
			Value: func(s State) []string {
				if s.Tour == 0 {
					return nil
				}
				return []string{strconv.Itoa(s.Tour)}
			}},
		Choice("aa", "anti-aliased lines: auto (dropped when frames stay slow), on or off", AntiAliasModes, "auto",
			func(s *State) *string { return &s.AntiAlias }),
		{Name: "edges", Usage: "most mesh edges drawn per frame, past which meshes are thinned evenly: `N` from 1 to 10000000, or all (default 50000)",
			Apply: func(s *State, v string) error {
				if v == "all" {
					s.Edges = -1
					return nil
				}
				n, err := ParseInt(v)
				if err != nil || n < 1 || n > 10000000 {
					return fmt.Errorf("edges: %q is not a whole number from 1 to 10000000, or all", v)
				}
				s.Edges = n
				return nil
			},
			Value: func(s State) []string {
				switch {
				case s.Edges < 0:
					return []string{"all"}
				case s.Edges == 0 || s.Edges == scene.DefaultEdgeCap:
					return nil
				}
				return []string{strconv.Itoa(s.Edges)}
			}},
	}
}

// Choice is a Param whose value is one of valid, kept in the State field
// that field points to; def, the default (also its Default), is left out
// of Share URLs. An unknown value is an error that lists the valid ones.
func Choice(name, usage string, valid []string, def string, field func(*State) *string) Param {
	return Param{Name: name, Usage: usage, Default: def,
		Apply: func(s *State, v string) error {
			if err := oneOf(name, v, valid); err != nil {
				return err
			}
			*field(s) = v
			return nil
		},
		Value: func(s State) []string { return nonDefault(*field(&s), def) }}
}

func nonDefault(v, def string) []string {
	if v == def {
		return nil
	}
	return []string{v}
}

func boolValue(b bool) []string {
	if !b {
		return nil
	}
	return []string{"1"}
}

// paramValue adapts a Param to flag.Value.
type paramValue struct {
	p Param
	s *State
}

func (v paramValue) String() string { return "" }
func (v paramValue) Set(x string) error {
	return v.p.Apply(v.s, x)
}
func (v paramValue) IsBoolFlag() bool { return v.p.IsBool }

// RegisterFlags adds the given params to fs as flags writing into s, plus
// -scene FILE when withSceneFile is set (an empty file name is an error,
// never a silent fallback to the preset).
func RegisterFlags(fs *flag.FlagSet, s *State, withSceneFile bool, params ...[]Param) {
	for _, group := range params {
		for _, p := range group {
			fs.Var(paramValue{p, s}, p.Name, p.Usage)
		}
	}
	if withSceneFile {
		fs.Func("scene", "scene `FILE`: a skewlab scene (.json, see docs/scene-files.md) or glTF 2.0 (.gltf, .glb); replaces -preset", func(v string) error {
			if v == "" {
				return fmt.Errorf("empty file name (leave -scene out to use -preset)")
			}
			s.ScenePath = v
			return nil
		})
		fs.Func("gltf-scene", "which scene of a glTF -scene file: an index from 0 or a scene's name (default: the file's default scene)", func(v string) error {
			if v == "" {
				return fmt.Errorf("empty scene choice (leave -gltf-scene out for the file's default scene)")
			}
			s.GLTFScene = v
			return nil
		})
	}
}

// FromSearch reads a page's location.search string ("?a=b&c=d", "a=b" or
// "") as FromQuery does. A malformed query (such as a bad %-escape) adds
// an error at the front of the list; the parameters that parsed still
// apply.
func FromSearch(search string) (State, []error) {
	q, qerr := url.ParseQuery(strings.TrimPrefix(search, "?"))
	st, errs := FromQuery(q)
	if qerr != nil {
		errs = append([]error{fmt.Errorf("URL: %v (the other parameters still apply)", qerr)}, errs...)
	}
	return st, errs
}

// FromQuery reads the URL parameters in q into a state that starts from
// Default. Every valid parameter applies; each invalid or unknown one
// gives an error in the returned list (the message names the parameter),
// so a page can show them and still draw.
func FromQuery(q url.Values) (State, []error) {
	s := Default()
	var errs []error
	known := map[string]Param{}
	for _, group := range [][]Param{SceneParams, ViewParams} {
		for _, p := range group {
			known[p.Name] = p
		}
	}
	// Apply in a fixed order so results do not depend on map iteration.
	for _, group := range [][]Param{SceneParams, ViewParams} {
		for _, p := range group {
			vals, ok := q[p.Name]
			if !ok {
				continue
			}
			if !p.Multi && len(vals) > 1 {
				vals = vals[len(vals)-1:]
			}
			for _, v := range vals {
				if p.IsBool && v == "" {
					v = "true"
				}
				if err := p.Apply(&s, v); err != nil {
					errs = append(errs, fmt.Errorf("URL parameter %s: %v", p.Name, err))
				}
			}
		}
	}
	if err := s.checkPreset(URLSyntax); err != nil {
		errs = append(errs, fmt.Errorf("URL parameter preset: %v", err))
		s.dropPreset()
	}
	if err := s.checkCamera(); err != nil {
		errs = append(errs, fmt.Errorf("URL parameter camera: %v", err))
		s.Camera = nil // the framed view of the scene
	}
	for name := range q {
		if _, ok := known[name]; !ok {
			errs = append(errs, fmt.Errorf("URL parameter %s: unknown (valid: %s)", name, paramNames()))
		}
	}
	// A set naming an unknown node is only found against the scene; drop
	// such sets with an error so the rest still applies.
	base := s.Preset
	if !isSceneLab(LabOfPreset(base)) {
		base = Default().Preset
	}
	if sc, err := NewPreset(base); err == nil {
		kept := s.Sets[:0]
		for _, set := range s.Sets {
			if err := set.Apply(sc); err != nil {
				errs = append(errs, fmt.Errorf("URL parameter set: %v", err))
				continue
			}
			kept = append(kept, set)
		}
		s.Sets = kept
		// anim= must name an animation of the preset (a page has no
		// files): drop it with an error when the preset lacks it, so the
		// page still opens (t= and play= alone on a preset without
		// animations show its one pose, as Pose says).
		if s.Anim != "" {
			if _, err := ChooseAnimation(sc, s.Anim); err != nil {
				errs = append(errs, fmt.Errorf("URL parameter anim: %v", err))
				s.Anim = ""
			}
		}
	}
	return s, errs
}

func paramNames() string {
	var names []string
	for _, group := range [][]Param{SceneParams, ViewParams} {
		for _, p := range group {
			names = append(names, p.Name)
		}
	}
	return strings.Join(names, ", ")
}

// Query returns the URL query that reproduces s (only settings that differ
// from Default), in a fixed order.
func (s State) Query() string {
	var parts []string
	for _, group := range [][]Param{SceneParams, ViewParams} {
		for _, p := range group {
			for _, v := range p.Value(s) {
				parts = append(parts, url.QueryEscape(p.Name)+"="+url.QueryEscape(v))
			}
		}
	}
	return strings.Join(parts, "&")
}

// Pick returns the named params from SceneParams and ViewParams, in the
// order given; unknown names are a programming error and are skipped.
func Pick(names ...string) []Param {
	var out []Param
	for _, n := range names {
		for _, group := range [][]Param{SceneParams, ViewParams} {
			for _, p := range group {
				if p.Name == n {
					out = append(out, p)
				}
			}
		}
	}
	return out
}
