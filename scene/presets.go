package scene

import (
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

// Preset is a named scene with a one-line description for menus.
type Preset struct {
	Name        string
	Description string
	build       func() []Node
}

// Presets lists the built-in scenes in menu order (shift+1, shift+2, ...).
var Presets = []Preset{
	{"piston", "seed 000's piston: Root, magenta cylinder A, cyan cylinder B", piston},
	{"skew", "a parent scaled (2, 1, 1) over a child turned 38 degrees about z", skew},
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
// the valid names.
func NewPreset(name string) (*Scene, error) {
	for _, p := range Presets {
		if p.Name == name {
			return New(p.build())
		}
	}
	return nil, fmt.Errorf("unknown preset %q (valid: %s)", name, strings.Join(PresetNames(), ", "))
}

// piston is seed 000 exactly: Root (2.5, 3, 3) identity scale 1; A magenta
// cylinder at (0, 0, 1.5), rotation (0.71, 0, 0.71, 0) normalized (90
// degrees about y), scale (0.25, 0.25, 2); B cyan cylinder, child of A, at
// (0, 0, 0.5), identity, scale (4, 4, 0.5).
func piston() []Node {
	return []Node{
		{Name: "Root", Parent: -1, Local: transform.TRS{
			Position: mgl64.Vec3{2.5, 3, 3}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{1, 1, 1}}},
		{Name: "A", Parent: 0, Shape: ShapeCylinder, Color: Magenta, Local: transform.TRS{
			Position: mgl64.Vec3{0, 0, 1.5},
			Rotation: transform.Normalize(mgl64.Quat{W: 0.71, V: mgl64.Vec3{0, 0.71, 0}}),
			Scale:    mgl64.Vec3{0.25, 0.25, 2}}},
		{Name: "B", Parent: 1, Shape: ShapeCylinder, Color: Cyan, Local: transform.TRS{
			Position: mgl64.Vec3{0, 0, 0.5}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{4, 4, 0.5}}},
	}
}

// skew is the smallest scene where matrix accumulation visibly skews: a
// magenta box Parent at (0, 1, 0) scaled (2, 1, 1), and a cyan box Child
// sitting on it at local (0, 1.25, 0), turned 38 degrees about z, scale 1.
// Under accumulate-matrices the child's square faces become
// parallelograms; TRS-based modes keep them square.
func skew() []Node {
	return []Node{
		{Name: "Parent", Parent: -1, Shape: ShapeBox, Color: Magenta, Local: transform.TRS{
			Position: mgl64.Vec3{0, 1, 0}, Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{2, 1, 1}}},
		{Name: "Child", Parent: 0, Shape: ShapeBox, Color: Cyan, Local: transform.TRS{
			Position: mgl64.Vec3{0, 1.25, 0}, Rotation: transform.EulerDeg(0, 0, 38), Scale: mgl64.Vec3{1, 1, 1}}},
	}
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
