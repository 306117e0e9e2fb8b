package state

import (
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

// Check reports a preset that does not fit the lab (a preset of a lab
// without scenes, a dynamics model, needs that lab, while a scene preset
// suits any lab: it is the scene lab's view's scene when another lab is
// shown), then a camera setting a lab refuses for its scene
// (CheckCamera), whichever lab is shown.
func (s State) Check() error {
	if err := s.checkPreset(); err != nil {
		return err
	}
	return s.checkCamera()
}

// checkPreset is Check's preset part.
func (s State) checkPreset() error {
	lab := LabOfPreset(s.Preset)
	if lab == "" || isSceneLab(lab) || lab == s.Lab {
		return nil
	}
	return fmt.Errorf("preset %q belongs to lab %s, not %s (add lab=%s)", s.Preset, lab, s.Lab, lab)
}

// Validate is the one check of a whole state that every surface showing
// it makes before it shows anything: the window before it opens,
// export before it draws a lab's figure. It is Check,
// then, when the lab shown is not the scene lab, the scene lab's scene
// (ViewScene: the -scene file or the preset, then every -set), which the
// window's Lab chooser can switch to. So `-lab drift -scene missing.gltf`
// is refused by the window and by export alike, and a scene preset with
// another lab (-lab dynamics -preset volume) is accepted by both: it is
// the scene lab's scene. The scene lab's own scene is not read here: its
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
