package scene

import (
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/assets"
)

// Preset is a named scene with a one-line description for menus. Its
// nodes are the scene file assets/presets/NAME.json, embedded in the
// binary and read with the same validated loader as -scene (Unmarshal),
// or, for a glTF preset (GLTF set), the glTF file assets/NAME.gltf, which
// this package cannot read: state.NewPreset reads it through gltfio
// (its default scene, with its animations), and NewPreset refuses it.
// A preset may carry the accumulation mode it teaches in, a mode to
// compare with, the comparison wall and whether its animation plays:
// opening the preset (-preset, preset=, a Presets button or
// Shift+digit) chooses them unless the user gave -mode, -compare, -wall
// or -play too. Empty means the program's default (no comparison, no
// wall, paused).
type Preset struct {
	Name        string
	Description string
	Mode        string // mode name it opens in, "" for modes.Default
	Compare     string // mode name drawn as a ghost beside it, "" for none
	// GLTF says the preset is the glTF file assets/NAME.gltf (see
	// state.NewPreset), not a skewlab scene file.
	GLTF bool
	// Wall is the piston lab's comparison wall it opens on, as the wall
	// setting writes it (state.State.Wall): "" none, "all" every mode,
	// or mode names "a,b".
	Wall string
	// Play says the preset's animation (its first) plays when it opens
	// (state.State.Play).
	Play bool
}

// Presets lists the built-in scenes in menu order (shift+1, shift+2, ...).
// Each needs its file assets/presets/NAME.json (a test checks both ways).
var Presets = []Preset{
	{Name: "piston", Description: "seed 000's piston: Root, magenta cylinder A, cyan cylinder B"},
	{Name: "skew", Description: "a parent scaled (2, 1, 1) over a child turned 38 degrees about z",
		Mode: "accumulate-matrices"},
	{Name: "volume", Description: "a box turned 45 degrees about y under a parent scaled (3, 1, 1): skew stripping gives it volume 4 where the matrices give 3",
		Mode: "skew-stripping", Compare: "accumulate-matrices"},
	{Name: "stretchy-arm", Description: "a skinned arm whose upper arm stretches to 2x with volume-preserving squash while the forearm bends 100 degrees (glTF, animated); the rules disagree most at 1 s",
		Mode: "accumulate-matrices", GLTF: true, Wall: "all", Play: true},
}

// PresetNamed returns the preset called name and whether there is one.
func PresetNamed(name string) (Preset, bool) {
	for _, p := range Presets {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// PresetNames returns the preset names in menu order.
func PresetNames() []string {
	out := make([]string, len(Presets))
	for i, p := range Presets {
		out[i] = p.Name
	}
	return out
}

// NewPreset returns a fresh copy of the named preset, or an error listing
// the valid names. The preset's file is parsed and validated on every
// call, exactly as Load would read it from disk; its errors name
// "preset NAME". A glTF preset (Preset.GLTF) is an error here: this
// package reads no glTF; state.NewPreset opens every preset.
func NewPreset(name string) (*Scene, error) {
	for _, p := range Presets {
		if p.Name == name {
			if p.GLTF {
				return nil, fmt.Errorf("preset %q is a glTF file, which package scene does not read (state.NewPreset opens it)", name)
			}
			data, err := assets.Preset(name)
			if err != nil {
				return nil, err
			}
			return Unmarshal("preset "+name, data)
		}
	}
	return nil, fmt.Errorf("unknown preset %q (valid: %s)", name, strings.Join(PresetNames(), ", "))
}

// Pistons returns n copies of the piston, their Roots on a square
// grid 8 units apart, for performance measurements (node names Root0, A0,
// B0, Root1, ...). It returns an error only if n is not positive.
func Pistons(n int) (*Scene, error) {
	if n <= 0 {
		return nil, fmt.Errorf("stress scene: want a positive count, got %d", n)
	}
	p, err := NewPreset("piston")
	if err != nil {
		return nil, err
	}
	side := 1
	for side*side < n {
		side++
	}
	nodes := make([]Node, 0, n*len(p.Nodes))
	for k := 0; k < n; k++ {
		base := len(nodes)
		for _, nd := range p.Nodes {
			nd.Name = fmt.Sprintf("%s%d", nd.Name, k)
			if nd.Parent >= 0 {
				nd.Parent += base
			} else {
				nd.Local.Position = nd.Local.Position.Add(mgl64.Vec3{float64(k%side) * 8, 0, float64(k/side) * 8})
			}
			nodes = append(nodes, nd)
		}
	}
	return New(nodes)
}
