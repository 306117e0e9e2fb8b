// Package state is the one description of what skewlab shows that both the
// command line and the web page's URL can set: preset or scene file, mode,
// per-node edits, comparison, UI level, camera and lab. Flags and URL
// parameters have the same names and syntax, parse through the same
// functions and fail with the same messages. The labs (their names,
// presets and own settings) are not known here: package main installs them
// with UseLabs before anything is parsed.
package state

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/gltfio"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// UILevels are the values of the ui setting: full UI, only the mode
// chooser and the seed's slider, or none (a clean figure).
var UILevels = []string{"full", "min", "off"}

// AntiAliasModes are the values of the aa setting: auto (anti-aliased
// lines, dropped for good when frames stay slow in the first seconds,
// as on a software rasterizer), on or off (fixed, whatever the speed:
// what figures and pixel tests need, since auto's choice depends on how
// fast the machine happened to be).
var AntiAliasModes = []string{"auto", "on", "off"}

// Views are the named camera directions of the view setting: top looks
// straight down (world x to the right, z down the screen), front along
// -z, side along -x, iso from (1, 1, 1).
var Views = []string{"top", "front", "side", "iso"}

// State is everything the command line or the URL can set. The zero value
// is not valid; start from Default.
type State struct {
	Preset     string      // preset name: a scene (the scene lab's), or a preset of another lab with Lab set to it; a scene preset is ignored when ScenePath is set
	ScenePath  string      // scene file, skewlab JSON or glTF (command line only; the web build opens dropped files itself)
	GLTFScene  string      // which scene of a glTF ScenePath: "" the file's default, an index from 0, or a scene's name
	Mode       string      // accumulation mode name
	Sets       []Set       // per-node edits applied in order after loading
	Compare    string      // second mode drawn as a ghost or split view; "" for none
	Split      bool        // compare side by side instead of as a ghost
	UI         string      // one of UILevels
	UIScale    int         // 1, 2 or 3
	Spin       bool        // B spins about its own x axis
	Camera     *CameraSpec // nil for the default view
	View       string      // one of Views: the camera's direction, framed ("" keeps the default direction)
	Ortho      bool        // orthographic projection
	NoFollow   bool        // the camera stays put after edits (the follow setting off)
	Present    bool        // presenter mode: no windows, a thin strip, labels sized for a hall
	Lab        string      // one of LabNames
	AntiAlias  string      // one of AntiAliasModes
	Edges      int         // most mesh edges drawn per frame: 0 the default (render.DefaultEdgeCap), -1 no cap
	Normalize  string      // the drift lab's axis normalization, set by that lab's normalize Param
	Wall       string      // the piston lab's comparison wall: "" off, "all", or mode names "a,b" (modes.ParseList), set by that lab's wall Param
	Scope      string      // where the wall's engine rules apply: modes.ScopeNode or modes.ScopeAll, set by the piston lab's scope Param
	Table      bool        // the piston lab's Rules window (skewlab compare's table for the picked node) is open, set by that lab's table Param
	Fold       bool        // the piston lab's scene is folded once loaded (residual folding), set by that lab's fold Param
	Counteract string      // the dynamics lab's crash: "on" (the default) or "off", set by that lab's counteract Param
	Hierarchy  string      // the cost lab's generated hierarchy shown: "4ary" (the default) or "chain", set by that lab's hierarchy Param
	Tour       int         // the guided tour's step shown, 1 to TourSteps(); 0 for no tour
	Anim       string      // the animation shown: "" none chosen (animation 0 when Time is given or the scene plays), an index from 0, or an animation's name (see ChooseAnimation)
	Time       float64     // the animation time in seconds (finite, within MaxTime); meaningful when TimeGiven
	TimeGiven  bool        // -t or t= was given
	Play       bool        // the animation plays when the view opens

	// modeGiven, compareGiven, wallGiven and playGiven record that the
	// mode, compare, wall or play parameter was given, so a preset that
	// carries its own (see scene.Preset) does not override the user's
	// choice, whichever comes first on the command line.
	modeGiven, compareGiven, wallGiven, playGiven bool
	// presetGiven records that the preset was given (-preset, preset=),
	// so a scene preset asked for with a lab that has presets of its own
	// is refused (checkPreset) while the default preset, not asked for,
	// goes with every lab.
	presetGiven bool
}

// usePreset makes name the preset, as given by the user, and, where the
// user has not chosen them, takes the mode, comparison, wall and playing
// the preset carries.
func (s *State) usePreset(name string) {
	s.Preset, s.presetGiven = name, true
	p, ok := scene.PresetNamed(name)
	if !ok {
		return
	}
	if !s.modeGiven {
		s.Mode = presetMode(p)
	}
	if !s.compareGiven {
		s.Compare = p.Compare
	}
	if !s.wallGiven {
		s.Wall = p.Wall
	}
	if !s.playGiven {
		s.Play = p.Play && !s.TimeGiven // -t asks for one frame: a preset that plays opens paused there
	}
}

// dropPreset puts back the default preset, as if none had been given: a
// refused preset= leaves the page in that safe state, with the default
// preset's mode, comparison, wall and playing where the user gave none.
func (s *State) dropPreset() {
	s.usePreset(Default().Preset)
	s.presetGiven = false
}

// presetMode is the mode preset p opens in: its own, or modes.Default.
func presetMode(p scene.Preset) string {
	if p.Mode != "" {
		return p.Mode
	}
	return modes.Default
}

// PresetDefaults returns the mode and comparison the state's preset or
// scene file opens in when none is given: a preset's own (modes.Default
// and "" for a preset that carries none, or a preset of another lab), and
// for a scene file OpenMode's (accumulate-matrices for glTF,
// modes.Default for a skewlab scene file) with no comparison. These are
// the values a Share link leaves out.
func (s State) PresetDefaults() (mode, compare string) {
	if s.ScenePath != "" {
		return OpenMode(modes.Default, false, isGLTFPath(s.ScenePath)), ""
	}
	p, ok := scene.PresetNamed(s.Preset)
	if !ok {
		return modes.Default, ""
	}
	return presetMode(p), p.Compare
}

// OpenMode returns the mode a scene opens in, the one rule every surface
// follows (the window and export through piston.NewModel, a file opened
// or dropped in the window or the web page through piston's Model.Open,
// export's summary and Share links through State.SceneMode and
// PresetDefaults): mode, when it was given (given: -mode, the URL's
// mode=, or a mode chosen in the window since the last scene was
// loaded) or the scene is not glTF (a preset's own mode or
// modes.Default; a skewlab scene file's); accumulate-matrices for a
// glTF scene opened without a given mode, since a glTF file means it
// (the glTF 2.0 spec: a node's global transform is the product of its
// ancestors' local matrices) and audit and bake measure against it.
func OpenMode(mode string, given, gltf bool) string {
	if gltf && !given {
		return modes.AccumulateMatrices.Name
	}
	return mode
}

// ModeGiven reports that the mode was given (-mode, or the URL's mode=),
// so that a glTF file opens in it rather than in accumulate-matrices
// (OpenMode).
func (s State) ModeGiven() bool { return s.modeGiven }

// SceneMode returns the mode the state's scene opens in: OpenMode of
// s.Mode, ModeGiven and whether ScenePath is a glTF file (as OpenFile
// decides: its name ends in .gltf or .glb, or it starts with the GLB
// magic). piston.NewModel, which reads the file, decides the same from
// the file it read.
func (s State) SceneMode() string {
	return OpenMode(s.Mode, s.modeGiven, s.ScenePath != "" && isGLTFPath(s.ScenePath))
}

// isGLTFPath reports whether OpenFile reads path as glTF, reading its
// first bytes only when its name does not say.
func isGLTFPath(path string) bool {
	return gltfio.IsGLTF(path, nil) || gltfio.IsGLTF(path, sniff(path))
}

// Default returns the starting state: the scene lab's first preset in
// modes.Default, full UI at scale 1, no comparison, the first installed
// lab, anti-aliasing auto, and every lab Param at its Default. Before
// UseLabs the preset and lab are "".
func Default() State {
	s := State{Preset: defaultPreset(), Mode: modes.Default, UI: "full", UIScale: 1, Lab: defaultLab(), AntiAlias: "auto"}
	for _, l := range labs {
		for _, p := range l.Params {
			if p.Default != "" {
				_ = p.Apply(&s, p.Default)
			}
		}
	}
	return s
}

// defaultPreset returns the scene lab's first preset, or "" without one.
func defaultPreset() string {
	if ps := scenePresets(); len(ps) > 0 {
		return ps[0]
	}
	return ""
}

// ViewScene is Scene for the scene lab's view: when the preset belongs to
// another lab (a dynamics model), that view shows the default scene with
// the edits.
func (s State) ViewScene() (*scene.Scene, error) {
	if lab := LabOfPreset(s.Preset); lab != "" && !isSceneLab(lab) {
		s.Preset = Default().Preset
	}
	return s.Scene()
}

// Scene builds the state's scene: the scene file or preset, then every Set
// in order. Errors name the file, node and field; nothing partial is
// returned.
func (s State) Scene() (*scene.Scene, error) {
	sc, _, _, err := s.SceneFile()
	return sc, err
}

// SceneFile is Scene that also returns the glTF file the scene came
// from (nil for a preset or a skewlab scene file) and the index of the
// chosen scene in it (see OpenFile).
func (s State) SceneFile() (sc *scene.Scene, f *gltfio.File, index int, err error) {
	if s.GLTFScene != "" && s.ScenePath == "" {
		return nil, nil, 0, fmt.Errorf("-gltf-scene %s needs -scene FILE (a glTF file)", s.GLTFScene)
	}
	if s.ScenePath != "" {
		sc, f, index, err = OpenFile(s.ScenePath, s.GLTFScene)
	} else {
		sc, err = NewPreset(s.Preset)
		if lab := LabOfPreset(s.Preset); err != nil && lab != "" && !isSceneLab(lab) {
			err = notAScene(s.Preset, lab)
		}
	}
	if err != nil {
		return nil, nil, 0, err
	}
	for _, set := range s.Sets {
		if err := set.Apply(sc); err != nil {
			return nil, nil, 0, err
		}
	}
	return sc, f, index, nil
}

// Fields are the node fields a Set can change, with the count of numbers
// each takes.
var Fields = []struct {
	Name  string
	Count int
	Help  string
}{
	{"position", 3, "x,y,z"},
	{"rotation", 4, "quaternion w,x,y,z (normalized)"},
	{"rest", 4, "rest rotation, quaternion w,x,y,z: local = T*rest*rotation*S (Blender's bone rest; blender-fix-shear straightens the parent times rest)"},
	{"euler", 3, "degrees x,y,z, R = Rz*Ry*Rx"},
	{"scale", 3, "x,y,z (zero and negative allowed)"},
	{"rule", 0, "the node's own rule: a matrix-based mode name, or global"},
}

// Set is one edit of a node: NODE.FIELD=a,b,c of its local transform
// (Values), or NODE.rule=NAME of its own rule (Field "rule", Rule; NAME
// a matrix-based mode or "global", see scene.ParseRule).
type Set struct {
	Node   string
	Field  string
	Values []float64
	Rule   scene.Rule // for Field "rule"
}

// String returns the edit in its command-line syntax, numbers in the
// shortest form that parses back exactly.
func (s Set) String() string {
	if s.Field == "rule" {
		return s.Node + ".rule=" + s.Rule.String()
	}
	parts := make([]string, len(s.Values))
	for i, v := range s.Values {
		parts[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return s.Node + "." + s.Field + "=" + strings.Join(parts, ",")
}

func fieldNames() string {
	names := make([]string, len(Fields))
	for i, f := range Fields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// ParseSet parses NODE.FIELD=a,b,c or NODE.rule=NAME. It checks the
// syntax, the field name, the count of numbers, that each is finite with
// magnitude at most transform.MaxMagnitude, that a rotation is not the
// zero quaternion, and that a rule names a per-node rule
// (scene.RuleNames); the node name is checked when the Set is applied to
// a scene.
func ParseSet(text string) (Set, error) {
	lhs, rhs, ok := strings.Cut(text, "=")
	if !ok {
		return Set{}, fmt.Errorf("set %q: want NODE.FIELD=a,b,c", text)
	}
	dot := strings.LastIndex(lhs, ".")
	if dot <= 0 || dot == len(lhs)-1 {
		return Set{}, fmt.Errorf("set %q: want NODE.FIELD=a,b,c (fields: %s)", text, fieldNames())
	}
	s := Set{Node: lhs[:dot], Field: lhs[dot+1:]}
	want := -1
	for _, f := range Fields {
		if f.Name == s.Field {
			want = f.Count
		}
	}
	if want < 0 {
		return Set{}, fmt.Errorf("set %q: unknown field %q (valid: %s)", text, s.Field, fieldNames())
	}
	if s.Field == "rule" {
		r, err := scene.ParseRule(rhs)
		if err != nil {
			return Set{}, fmt.Errorf("set %q: %v", text, err)
		}
		s.Rule = r
		return s, nil
	}
	vals, err := ParseNumbers(rhs)
	if err != nil {
		return Set{}, fmt.Errorf("set %q: %v", text, err)
	}
	if len(vals) != want {
		return Set{}, fmt.Errorf("set %q: %s takes %d numbers, got %d", text, s.Field, want, len(vals))
	}
	if (s.Field == "rotation" || s.Field == "rest") && vals[0] == 0 && vals[1] == 0 && vals[2] == 0 && vals[3] == 0 {
		return Set{}, fmt.Errorf("set %q: the zero quaternion is not a rotation", text)
	}
	s.Values = vals
	return s, nil
}

// ParseNumbers parses a comma-separated list of numbers, each in
// ParseNumber's plain decimal syntax (so no spaces around the commas),
// finite and with magnitude at most transform.MaxMagnitude.
func ParseNumbers(text string) ([]float64, error) {
	if text == "" {
		return nil, fmt.Errorf("no numbers")
	}
	parts := strings.Split(text, ",")
	out := make([]float64, len(parts))
	for i, p := range parts {
		v, err := ParseNumber(p)
		if err != nil {
			return nil, fmt.Errorf("%q is %v", p, err)
		}
		if math.Abs(v) > transform.MaxMagnitude {
			return nil, fmt.Errorf("%g is out of range (magnitude at most %g)", v, transform.MaxMagnitude)
		}
		out[i] = v
	}
	return out, nil
}

// Apply writes the edit into sc. An unknown node is an error that lists
// the scene's node names; sc is unchanged on error.
func (s Set) Apply(sc *scene.Scene) error {
	i := sc.Index(s.Node)
	if i < 0 {
		return fmt.Errorf("set %s: unknown node %q (valid: %s)", s, s.Node, strings.Join(sc.Names(), ", "))
	}
	if s.Field == "rule" {
		if !s.Rule.Valid() {
			return fmt.Errorf("set %s: unknown rule", s)
		}
		sc.Nodes[i].Rule = s.Rule
		return nil
	}
	t := sc.Nodes[i].Local
	v := s.Values
	if s.Field == "rest" {
		q := transform.Normalize(mgl64.Quat{W: v[0], V: mgl64.Vec3{v[1], v[2], v[3]}})
		sc.Nodes[i].Rest = q
		return nil
	}
	switch s.Field {
	case "position":
		t.Position = mgl64.Vec3{v[0], v[1], v[2]}
	case "rotation":
		t.Rotation = mgl64.Quat{W: v[0], V: mgl64.Vec3{v[1], v[2], v[3]}}
	case "euler":
		t.Rotation = transform.EulerDeg(v[0], v[1], v[2])
	case "scale":
		t.Scale = mgl64.Vec3{v[0], v[1], v[2]}
	default:
		return fmt.Errorf("set %s: unknown field %q (valid: %s)", s, s.Field, fieldNames())
	}
	if err := sc.SetLocal(i, t); err != nil {
		return fmt.Errorf("set %s: %v", s, err)
	}
	return nil
}

// CameraSpec is a camera given as yaw,pitch,distance[,tx,ty,tz[,fov]]:
// angles in degrees (yaw about +y from +z toward +x, pitch up from the
// xz-plane), distance from the target, target point, vertical field of
// view in degrees. HasTarget and HasFov say which optional parts were
// given.
type CameraSpec struct {
	Yaw, Pitch, Distance float64
	Target               mgl64.Vec3
	Fov                  float64
	HasTarget, HasFov    bool
}

// ParseCamera parses yaw,pitch,distance[,tx,ty,tz[,fov]]: pitch in
// [-90, 90] (90 looks straight down, as the top view does), distance
// above 0, fov in [1, 179]. The distance's upper limit depends on the
// scene's size (Lab.CheckCamera: for the piston lab 500 times the
// scene's unit, render.UnitFor), so it is checked with the scene
// (State.Check), not here.
func ParseCamera(text string) (CameraSpec, error) {
	v, err := ParseNumbers(text)
	if err != nil {
		return CameraSpec{}, fmt.Errorf("camera %q: %v", text, err)
	}
	if len(v) != 3 && len(v) != 6 && len(v) != 7 {
		return CameraSpec{}, fmt.Errorf("camera %q: want yaw,pitch,distance[,tx,ty,tz[,fov]] (3, 6 or 7 numbers), got %d", text, len(v))
	}
	c := CameraSpec{Yaw: v[0], Pitch: v[1], Distance: v[2]}
	if !(c.Pitch >= -90 && c.Pitch <= 90) {
		return CameraSpec{}, fmt.Errorf("camera %q: pitch %g out of range [-90, 90]", text, c.Pitch)
	}
	if !(c.Distance > 0) {
		return CameraSpec{}, fmt.Errorf("camera %q: distance %g is not above 0", text, c.Distance)
	}
	if len(v) >= 6 {
		c.Target, c.HasTarget = mgl64.Vec3{v[3], v[4], v[5]}, true
	}
	if len(v) == 7 {
		c.Fov, c.HasFov = v[6], true
		if !(c.Fov >= 1 && c.Fov <= 179) {
			return CameraSpec{}, fmt.Errorf("camera %q: fov %g out of range [1, 179]", text, c.Fov)
		}
	}
	return c, nil
}

// String returns the spec in its flag syntax.
func (c CameraSpec) String() string {
	v := []float64{c.Yaw, c.Pitch, c.Distance}
	if c.HasTarget || c.HasFov {
		v = append(v, c.Target[0], c.Target[1], c.Target[2])
	}
	if c.HasFov {
		v = append(v, c.Fov)
	}
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strings.Join(parts, ",")
}

// MaxTime is the largest animation time -t and t= take, in seconds (about
// 31.7 years): past it a float64 second no longer has millisecond steps.
const MaxTime = 1e9

// ChooseAnimation returns the index in sc.Animations that choice names:
// a number counting from 0, else an animation's name. "" means animation
// 0. The error says the scene has no animation, or lists them.
func ChooseAnimation(sc *scene.Scene, choice string) (int, error) {
	if len(sc.Animations) == 0 {
		return 0, fmt.Errorf("anim %s: the scene has no animation", quoteOrZero(choice))
	}
	if choice == "" {
		return 0, nil
	}
	if i, err := strconv.Atoi(choice); err == nil && i >= 0 && i < len(sc.Animations) {
		return i, nil
	}
	for i, a := range sc.Animations {
		if a.Name == choice {
			return i, nil
		}
	}
	list := make([]string, len(sc.Animations))
	for i, a := range sc.Animations {
		list[i] = fmt.Sprintf("%d %q", i, a.Name)
	}
	return 0, fmt.Errorf("anim %q: no such animation (the scene's animations: %s)", choice, strings.Join(list, ", "))
}

func quoteOrZero(choice string) string {
	if choice == "" {
		return "0"
	}
	return strconv.Quote(choice)
}

// Animated reports whether the state asks for an animation: -anim, -t or
// -play (the URL's anim=, t=, play=1).
func (s State) Animated() bool { return s.Anim != "" || s.TimeGiven || s.Play }

// Pose applies the state's animation to sc at the state's time: when
// Animated, animation ChooseAnimation(sc, s.Anim) at Time (0 when no
// time is given) is written into sc's nodes. It returns the animation's
// index, or -1 when none applies: the state asks for none, or it gives
// only a time or play (no Anim) and the scene has no animation, whose
// pose is then the same at every time. It is an error (sc unchanged)
// when Anim names an animation the scene does not have.
func (s State) Pose(sc *scene.Scene) (int, error) {
	if !s.Animated() || s.Anim == "" && len(sc.Animations) == 0 {
		return -1, nil
	}
	i, err := ChooseAnimation(sc, s.Anim)
	if err != nil {
		return -1, err
	}
	sc.Animations[i].Apply(sc.Nodes, s.Time)
	return i, nil
}

// PosedScene is Scene followed by Pose: the scene as the state's
// animation shows it at the state's time (the commands' -anim and -t).
func (s State) PosedScene() (*scene.Scene, error) {
	sc, err := s.Scene()
	if err != nil {
		return nil, err
	}
	if _, err := s.Pose(sc); err != nil {
		return nil, err
	}
	return sc, nil
}
