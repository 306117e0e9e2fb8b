package piston

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/state"
)

// shareDigits is how many decimals Share keeps: slider steps are 0.01 and
// camera gestures are continuous, so 1e-6 reproduces the picture to the
// pixel while keeping the URL short.
const shareDigits = 1e6

// Share writes the piston lab's part of a Share link into st: the preset
// the scene came from (the default preset for a scene file, whose path a
// link cannot carry), mode, comparison, split, spin, every slider that
// differs from a fresh load of the preset (as set=NODE.FIELD=...), and the
// camera when it was given (st.Camera when the model was made) or moved
// from Home, the framed default (nil otherwise: the page that opens the
// link frames the scene for its own screen). Numbers are
// rounded to 1e-6. A re-parented scene cannot be written as sets; its node
// edits are left out. Every other field of st is left as it is.
func (m *Model) Share(st *state.State) {
	d := state.Default()
	st.Preset, st.ScenePath = d.Preset, ""
	if m.Preset != "" {
		st.Preset = m.Preset
	}
	st.Mode, st.Compare = d.Mode, ""
	if m.Mode >= 0 && m.Mode < len(modes.All) {
		st.Mode = modes.All[m.Mode].Name
	}
	if m.Compare >= 0 && m.Compare < len(modes.All) {
		st.Compare = modes.All[m.Compare].Name
	}
	st.Split, st.Spin = m.Split, m.Spin
	st.Sets = editSets(m, st.Preset)
	st.Camera = nil
	if c := m.Camera; m.homeGiven || !sameCamera(c, m.Home) {
		spec := state.CameraSpec{
			Yaw: shareRound(c.Yaw), Pitch: shareRound(mgl64.Clamp(c.Pitch, -89, 89)), Distance: shareRound(mgl64.Clamp(c.Distance, 1e-3, 500)),
			Target:    mgl64.Vec3{shareRound(c.Target[0]), shareRound(c.Target[1]), shareRound(c.Target[2])},
			HasTarget: true,
		}
		if c.Fov != render.DefaultCamera().Fov {
			spec.Fov, spec.HasFov = shareRound(mgl64.Clamp(c.Fov, 1, 179)), true
		}
		st.Camera = &spec
	}
}

// editSets lists the sliders of m that differ from a fresh load of the
// preset, node by node: position, euler, scale.
func editSets(m *Model, preset string) []state.Set {
	st := state.Default()
	st.Preset = preset
	fresh, err := NewModel(st)
	if err != nil || len(fresh.Edits) != len(m.Edits) || len(m.Scene.Nodes) != len(m.Edits) {
		return nil
	}
	for i, nd := range m.Scene.Nodes {
		if fresh.Scene.Nodes[i].Name != nd.Name || fresh.Scene.Nodes[i].Parent != nd.Parent {
			return nil // re-parented: sets cannot describe it
		}
	}
	var sets []state.Set
	add := func(node, field string, now, was mgl64.Vec3) {
		r := mgl64.Vec3{shareRound(now[0]), shareRound(now[1]), shareRound(now[2])}
		if vecNear(r, mgl64.Vec3{shareRound(was[0]), shareRound(was[1]), shareRound(was[2])}) {
			return
		}
		sets = append(sets, state.Set{Node: node, Field: field, Values: []float64{r[0], r[1], r[2]}})
	}
	for i, e := range m.Edits {
		name, f := m.Scene.Nodes[i].Name, fresh.Edits[i]
		add(name, "position", e.Position, f.Position)
		add(name, "euler", e.Euler, f.Euler)
		add(name, "scale", e.Scale, f.Scale)
	}
	return sets
}

func shareRound(v float64) float64 {
	r := math.Round(v*shareDigits) / shareDigits
	if r == 0 {
		return 0 // no "-0" in URLs
	}
	return r
}

func sameCamera(a, b render.Camera) bool {
	const tol = 0.5 / shareDigits
	return math.Abs(a.Yaw-b.Yaw) < tol && math.Abs(a.Pitch-b.Pitch) < tol &&
		math.Abs(a.Distance-b.Distance) < tol && math.Abs(a.Fov-b.Fov) < tol &&
		vecNear(a.Target, b.Target) && a.Ortho == b.Ortho
}

// vecNear compares absolutely (mgl64's ApproxEqual is relative near zero).
func vecNear(a, b mgl64.Vec3) bool {
	const tol = 0.5 / shareDigits
	return math.Abs(a[0]-b[0]) < tol && math.Abs(a[1]-b[1]) < tol && math.Abs(a[2]-b[2]) < tol
}
