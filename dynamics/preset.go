package dynamics

// Preset names one of the dynamics lab's two models. Its values index
// PresetNames and are its display order.
type Preset int

// The presets.
const (
	PresetTurntable Preset = iota // "turntable": a spinning disc with a ball on it (NewTurntable)
	PresetCrash                   // "crash": a turning car stopped by an impulse (NewCrash)
	NumPresets                    // how many presets there are
)

// presetNames are the presets' names, indexed by Preset.
var presetNames = [NumPresets]string{PresetTurntable: "turntable", PresetCrash: "crash"}

// String returns the preset's name ("turntable", "crash"), or "" for a
// value that is not a preset.
func (p Preset) String() string {
	if p < 0 || p >= NumPresets {
		return ""
	}
	return presetNames[p]
}

// Valid reports whether p is one of the presets.
func (p Preset) Valid() bool { return p >= 0 && p < NumPresets }

// PresetByName returns the preset called name; ok is false for other
// names.
func PresetByName(name string) (p Preset, ok bool) {
	for i, n := range presetNames {
		if n == name {
			return Preset(i), true
		}
	}
	return 0, false
}
