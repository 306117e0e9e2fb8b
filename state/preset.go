package state

import (
	"skewlab/assets"
	"skewlab/gltfio"
	"skewlab/scene"
)

// NewPreset returns a fresh copy of the named scene preset, whichever
// file it is: a skewlab scene file (scene.NewPreset), or a glTF preset
// (scene.Preset.GLTF: assets/NAME.gltf, read by gltfio as any glTF file,
// its default scene built, its animations with it). Every surface that
// opens a preset (the window's Presets window and Shift+digit through
// piston.Model.LoadPreset, -preset and preset= through State.Scene) comes
// here. Errors name "preset NAME"; an unknown name lists the presets.
func NewPreset(name string) (*scene.Scene, error) {
	p, ok := scene.PresetNamed(name)
	if !ok || !p.GLTF {
		return scene.NewPreset(name)
	}
	data, err := assets.GLTFPreset(name)
	if err != nil {
		return nil, err
	}
	f, err := gltfio.Read("preset "+name, data, nil)
	if err != nil {
		return nil, err
	}
	b, err := f.Build(f.Default)
	if err != nil {
		return nil, err
	}
	return b.Scene, nil
}

// PresetView returns the comparison wall and playing that the state's
// preset opens with (scene.Preset's Wall and Play): "" and false for a
// scene file, a preset of another lab and a preset that carries none;
// play is false when a time is given (-t, t=: one frame to look at).
// They are the values a Share link leaves out (the wall and play
// settings' Value).
func (s State) PresetView() (wall string, play bool) {
	if s.ScenePath != "" {
		return "", false
	}
	p, ok := scene.PresetNamed(s.Preset)
	if !ok {
		return "", false
	}
	return p.Wall, p.Play && !s.TimeGiven // a time asked for is a frame to look at
}

// GiveWall sets the comparison wall (Wall, in the wall setting's
// canonical form) as the user's choice: a preset chosen later, or
// earlier on the command line, keeps it rather than its own
// (scene.Preset.Wall). The piston lab's wall setting applies through it.
func (s *State) GiveWall(wall string) {
	s.Wall, s.wallGiven = wall, true
}

// presetPlayValue is the play setting's Value: "1" or "0" when Play
// differs from what the preset opens with (PresetView), else nothing.
func presetPlayValue(s State) []string {
	_, def := s.PresetView()
	switch {
	case s.Play == def:
		return nil
	case s.Play:
		return []string{"1"}
	}
	return []string{"0"}
}
