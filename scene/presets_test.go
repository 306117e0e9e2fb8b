package scene

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/assets"
)

// TestPresetFilesListed: every file under assets/presets and every
// assets/NAME.gltf is a menu entry and every menu entry has its file (a
// scene file, or a glTF file for a preset marked GLTF), so a preset
// cannot be added in one place only.
func TestPresetFilesListed(t *testing.T) {
	var scenes, gltfs []string
	for _, p := range Presets {
		if p.GLTF {
			gltfs = append(gltfs, p.Name)
		} else {
			scenes = append(scenes, p.Name)
		}
	}
	slices.Sort(scenes)
	slices.Sort(gltfs)
	if files := assets.PresetNames(); !slices.Equal(files, scenes) {
		t.Errorf("assets/presets holds %v, scene.Presets lists %v as scene files", files, scenes)
	}
	if files := assets.GLTFPresetNames(); !slices.Equal(files, gltfs) {
		t.Errorf("assets holds the glTF presets %v, scene.Presets lists %v", files, gltfs)
	}
}

// TestGLTFPresetRefused: NewPreset reads skewlab scene files only; for a
// glTF preset it says which package opens it, and it lists the presets
// for an unknown name.
func TestGLTFPresetRefused(t *testing.T) {
	if _, err := NewPreset("stretchy-arm"); err == nil || !strings.Contains(err.Error(), "state.NewPreset") {
		t.Errorf("NewPreset(stretchy-arm): %v, want a pointer to state.NewPreset", err)
	}
	if _, err := NewPreset("nope"); err == nil || !strings.Contains(err.Error(), "stretchy-arm") {
		t.Errorf("NewPreset(nope): %v, want the list of presets", err)
	}
}

// TestPresetsMatchGoValues: each embedded preset loads through Unmarshal
// and holds the values the presets had as Go code before they moved to
// assets/, written out by hand here: seed 000's piston (Root at
// (2.5, 3, 3); A at (0, 0, 1.5), (0.71, 0, 0.71, 0) normalized, scale
// (0.25, 0.25, 2); B at (0, 0, 0.5), scale (4, 4, 0.5)) and the skew scene
// (a (2, 1, 1) box over a box turned 38 degrees about z), and the volume
// scene (an unshaped (3, 1, 1) parent over a box turned 45 degrees about
// y, added with the file). Rotations are
// compared within tol; everything else exactly.
func TestPresetsMatchGoValues(t *testing.T) {
	const tol = 1e-15
	id := mgl64.QuatIdent()
	h := 1 / math.Sqrt2                                        // (0.71, 0, 0.71, 0) normalized: 90 degrees about y
	c, s := math.Cos(19*math.Pi/180), math.Sin(19*math.Pi/180) // half of 38 degrees about z
	c8, s8 := math.Cos(math.Pi/8), math.Sin(math.Pi/8)         // half of 45 degrees about y
	type want struct {
		name   string
		parent int
		pos    mgl64.Vec3
		rot    mgl64.Quat
		scale  mgl64.Vec3
		shape  Shape
		color  Color
	}
	cases := map[string][]want{
		"piston": {
			{"Root", -1, mgl64.Vec3{2.5, 3, 3}, id, mgl64.Vec3{1, 1, 1}, ShapeNone, Color{}},
			{"A", 0, mgl64.Vec3{0, 0, 1.5}, mgl64.Quat{W: h, V: mgl64.Vec3{0, h, 0}}, mgl64.Vec3{0.25, 0.25, 2}, ShapeCylinder, Color{1, 0, 1}},
			{"B", 1, mgl64.Vec3{0, 0, 0.5}, id, mgl64.Vec3{4, 4, 0.5}, ShapeCylinder, Color{0, 1, 1}},
		},
		"skew": {
			{"Parent", -1, mgl64.Vec3{0, 1, 0}, id, mgl64.Vec3{2, 1, 1}, ShapeBox, Color{1, 0, 1}},
			{"Child", 0, mgl64.Vec3{0, 1.25, 0}, mgl64.Quat{W: c, V: mgl64.Vec3{0, 0, s}}, mgl64.Vec3{1, 1, 1}, ShapeBox, Color{0, 1, 1}},
		},
		"volume": {
			{"Stretch", -1, mgl64.Vec3{0, 0.5, 0}, id, mgl64.Vec3{3, 1, 1}, ShapeNone, Color{}},
			{"Box", 0, mgl64.Vec3{}, mgl64.Quat{W: c8, V: mgl64.Vec3{0, s8, 0}}, mgl64.Vec3{1, 1, 1}, ShapeBox, Color{0, 1, 1}},
		},
	}
	for _, p := range Presets {
		name := p.Name
		if p.GLTF {
			continue // read by package state (its tests check it)
		}
		sc, err := NewPreset(name)
		if err != nil {
			t.Fatalf("preset %s: %v", name, err)
		}
		ws, ok := cases[name]
		if !ok {
			t.Errorf("preset %s: no expected values in this test", name)
			continue
		}
		if len(sc.Nodes) != len(ws) {
			t.Fatalf("preset %s: %d nodes, want %d", name, len(sc.Nodes), len(ws))
		}
		for i, w := range ws {
			n := sc.Nodes[i]
			q := n.Local.Rotation
			d := math.Abs(q.W-w.rot.W) + math.Abs(q.V[0]-w.rot.V[0]) + math.Abs(q.V[1]-w.rot.V[1]) + math.Abs(q.V[2]-w.rot.V[2])
			if n.Name != w.name || n.Parent != w.parent || n.Local.Position != w.pos || !(d <= tol) ||
				n.Local.Scale != w.scale || n.Shape != w.shape || n.Color != w.color {
				t.Errorf("preset %s node %d = %+v, want %+v", name, i, n, w)
			}
		}
	}
}

// TestNewPresetFresh: NewPreset returns an independent copy each time.
func TestNewPresetFresh(t *testing.T) {
	a, _ := NewPreset("piston")
	a.Nodes[0].Local.Position[0] = 99
	b, _ := NewPreset("piston")
	if b.Nodes[0].Local.Position[0] != 2.5 {
		t.Error("editing one preset copy changed the next")
	}
}
