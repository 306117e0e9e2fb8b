package state

import (
	"errors"
	"fmt"
	"strings"
)

// Lab is what one lab of the app contributes to the state: its name (the
// lab setting's value), its presets, and the settings only it reads.
// Package main installs every lab's Lab with UseLabs before anything is
// parsed; state itself knows no lab by name.
type Lab struct {
	// Name is the lab's value of the lab setting, for example "drift".
	Name string
	// Presets are the preset names that belong to the lab, the lab's
	// default first; nil for a lab without presets.
	Presets []string
	// Scenes says the presets are scene presets (scene.NewPreset loads
	// them). At most one lab has scenes: its view shows the state's scene
	// (Scene, ViewScene), and its presets are the ones report and export
	// accept (ScenePreset).
	Scenes bool
	// CheckGesture reports whether the lab plays gesture g in state st
	// (a tour step's), with the reason when it does not; nil for a lab
	// that plays no gestures. The zero Gesture is always accepted.
	CheckGesture func(st State, g Gesture) error
	// CheckCamera reports a camera setting (st.Camera, not nil) the lab
	// cannot show its scene from, with the reason: the piston lab
	// refuses a distance beyond its scene's limit, which grows with the
	// scene's size (piston.NewModel). It returns nil when the scene
	// itself does not load (the scene's own check reports that), and is
	// nil for a lab that ignores the camera.
	CheckCamera func(st State) error
	// Params are settings only this lab reads (flags and URL parameters,
	// listed after ViewParams in ViewParams), for example the drift lab's
	// normalize. Their names must differ from every other parameter's.
	Params []Param
}

// labs is the registry UseLabs installs: every lab in chooser order, the
// default first.
var labs []Lab

// UseLabs installs the labs of the program, in chooser order (the first is
// the default lab), and rebuilds SceneParams, ViewParams and ScenePreset
// for them: the preset and lab settings accept and list their names, and
// ViewParams ends with every lab's own Params. Package main calls it once,
// before any flag or URL is parsed; a second call replaces the labs. An
// empty name, a duplicate lab, preset or parameter name, or a second lab
// with scenes is a programming error and panics at start-up.
func UseLabs(list ...Lab) {
	seenLab, seenPreset, seenParam := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, p := range append(sceneParams(), viewParams()...) {
		seenParam[p.Name] = true
	}
	scenes := 0
	for _, l := range list {
		if l.Name == "" || seenLab[l.Name] {
			panic(fmt.Sprintf("state: lab name %q empty or used twice", l.Name))
		}
		seenLab[l.Name] = true
		for _, p := range l.Presets {
			if seenPreset[p] {
				panic("state: preset name used by two labs: " + p)
			}
			seenPreset[p] = true
		}
		for _, p := range l.Params {
			if seenParam[p.Name] {
				panic("state: parameter name used twice: " + p.Name)
			}
			seenParam[p.Name] = true
		}
		if l.Scenes {
			scenes++
		}
	}
	if scenes > 1 {
		panic("state: more than one lab has scenes")
	}
	labs = append([]Lab(nil), list...)
	SceneParams = sceneParams()
	ViewParams = viewParams()
	for _, l := range labs {
		ViewParams = append(ViewParams, l.Params...)
	}
	ScenePreset = scenePreset()
}

// Labs returns the installed labs in chooser order, the default first
// (nil before UseLabs). The caller must not change them.
func Labs() []Lab { return labs }

// LabNames returns the installed labs' names in chooser order.
func LabNames() []string {
	names := make([]string, len(labs))
	for i, l := range labs {
		names[i] = l.Name
	}
	return names
}

// defaultLab returns the name of the first installed lab, or "" when none
// is installed.
func defaultLab() string {
	if len(labs) == 0 {
		return ""
	}
	return labs[0].Name
}

// SceneLab returns the lab whose presets are scenes (Lab.Scenes), or the
// zero Lab when no installed lab has scenes.
func SceneLab() Lab {
	for _, l := range labs {
		if l.Scenes {
			return l
		}
	}
	return Lab{}
}

// scenePresets returns the scene lab's presets (nil without one).
func scenePresets() []string { return SceneLab().Presets }

// isSceneLab reports whether name is the scene lab's name ("" is not).
func isSceneLab(name string) bool { return name != "" && name == SceneLab().Name }

// LabOfPreset returns the name of the lab a preset name belongs to, or "".
func LabOfPreset(name string) string {
	for _, l := range labs {
		for _, p := range l.Presets {
			if p == name {
				return l.Name
			}
		}
	}
	return ""
}

// presetUsage lists every lab's presets: "a, b (lab x); c (lab y)".
func presetUsage() string {
	var parts []string
	for _, l := range labs {
		if len(l.Presets) > 0 {
			parts = append(parts, strings.Join(l.Presets, ", ")+" (lab "+l.Name+")")
		}
	}
	return strings.Join(parts, "; ")
}

// Syntax is how a message writes a setting it asks the user to give or
// change: in the syntax of the surface the message is shown on. The
// command line's messages (State.Check, State.Validate) write flags,
// `-lab dynamics`; the web page's (FromQuery) write URL parameters,
// `lab=dynamics`.
type Syntax int

// The two surfaces' syntaxes.
const (
	FlagSyntax Syntax = iota // -name value, as the command line takes it
	URLSyntax                // name=value, as the page's URL takes it
)

// Setting returns the setting name with value in the syntax: "-lab
// dynamics" (FlagSyntax) or "lab=dynamics" (URLSyntax). The value is
// written as given (setting names and preset and lab names need no
// quoting or escaping).
func (x Syntax) Setting(name, value string) string {
	if x == URLSyntax {
		return name + "=" + value
	}
	return "-" + name + " " + value
}

// Check reports, in the command line's syntax (FlagSyntax), a preset
// that does not fit the lab shown (checkPreset), then a camera setting a
// lab refuses for its scene (CheckCamera), whichever lab is shown. The
// web page's URL gets the same checks in its own syntax from FromQuery.
func (s State) Check() error {
	if err := s.checkPreset(FlagSyntax); err != nil {
		return err
	}
	if err := s.checkScene(); err != nil {
		return err
	}
	return s.checkCamera()
}

// checkScene refuses a scene file (-scene, the command line's only) with
// a lab that shows presets of its own instead of scenes (the dynamics
// lab), which would show its default preset and ignore the file, as
// checkPreset refuses a scene preset there. A lab without presets (the
// drift lab) takes it as the scene lab's scene, as it takes a preset.
func (s State) checkScene() error {
	if s.ScenePath == "" || s.Lab == "" || isSceneLab(s.Lab) {
		return nil
	}
	own := labNamed(s.Lab).Presets
	if len(own) == 0 {
		return nil
	}
	scenes := SceneLab().Name
	return fmt.Errorf("-scene %s opens in lab %s, not %s (show it with -lab %s, or leave -lab out; the %s lab's presets: %s)",
		s.ScenePath, scenes, s.Lab, scenes, s.Lab, strings.Join(own, ", "))
}

// checkPreset is Check's preset part, its message in syntax syn. A
// preset fits the lab that owns it. A preset of a lab without scenes (a
// dynamics model) fits no other lab. A scene preset (the scene lab's)
// given with another lab fits only a lab without presets of its own (the
// drift lab): there it is the scene lab's scene, which the window's Lab
// chooser switches to and its Share writes so; a lab with presets of its
// own (the dynamics lab) would show its default preset instead, so
// `-lab dynamics -preset skew` is refused rather than silently showing
// the turntable. The default scene preset, not given (presetGiven),
// fits every lab.
func (s State) checkPreset(syn Syntax) error {
	owner := LabOfPreset(s.Preset)
	if owner == "" || owner == s.Lab {
		return nil
	}
	own := labNamed(s.Lab).Presets
	if isSceneLab(owner) && (!s.presetGiven || len(own) == 0) {
		return nil
	}
	msg := fmt.Sprintf("%s belongs to lab %s, not %s (show it with %s", syn.Setting("preset", s.Preset), owner, s.Lab, syn.Setting("lab", owner))
	if len(own) > 0 && !isSceneLab(s.Lab) {
		msg += fmt.Sprintf("; the %s lab's presets: %s", s.Lab, strings.Join(own, ", "))
	}
	return errors.New(msg + ")")
}

// labNamed returns the installed lab called name, or the zero Lab.
func labNamed(name string) Lab {
	for _, l := range labs {
		if l.Name == name {
			return l
		}
	}
	return Lab{}
}

// Validate is the one check of a whole state that every surface showing
// it makes before it shows anything: the window before it opens,
// export before it draws a lab's figure. It is Check,
// then, when the lab shown is not the scene lab, the scene lab's scene
// (ViewScene: the -scene file or the preset, then every -set), which the
// window's Lab chooser can switch to. So `-lab drift -scene missing.gltf`
// is refused by the window and by export alike, a scene preset with a
// lab without presets (-lab drift -preset volume) is accepted by both,
// as the scene lab's scene, and one with a lab that has its own
// (-lab dynamics -preset volume) is refused by both. The scene lab's own
// scene is not read here: its
// view and its figure load it, with the same errors, so it is read once.
func (s State) Validate() error {
	if err := s.Check(); err != nil {
		return err
	}
	if isSceneLab(s.Lab) {
		return nil
	}
	_, err := s.ViewScene()
	return err
}

// checkCamera is Check's camera part: every installed lab's CheckCamera,
// when the camera is set.
func (s State) checkCamera() error {
	if s.Camera == nil {
		return nil
	}
	for _, l := range labs {
		if l.CheckCamera != nil {
			if err := l.CheckCamera(s); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckGesture checks g (Gesture.Check) and that the lab of st plays it
// in st (Lab.CheckGesture). The zero Gesture is always accepted.
func CheckGesture(st State, g Gesture) error {
	if err := g.Check(); err != nil || g.Kind == "" {
		return err
	}
	for _, l := range labs {
		if l.Name != st.Lab {
			continue
		}
		if l.CheckGesture == nil {
			return fmt.Errorf("gesture %s: lab %s plays no gestures", g.Kind, l.Name)
		}
		return l.CheckGesture(st, g)
	}
	return fmt.Errorf("gesture %s: unknown lab %q", g.Kind, st.Lab)
}

// notAScene is the error for a preset of lab (not the scene lab) used
// where a scene is needed.
func notAScene(preset, lab string) error {
	return fmt.Errorf("preset %q is a %s lab preset, not a scene (scenes: %s)", preset, lab, strings.Join(scenePresets(), ", "))
}
