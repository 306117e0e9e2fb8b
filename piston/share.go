package piston

import (
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/state"
	"skewlab/transform"
)

// shareDigits is how many decimals Share keeps: slider steps are 0.01 and
// camera gestures are continuous, so 1e-6 reproduces the picture to the
// pixel while keeping the URL short.
const shareDigits = 1e6

// Share writes the piston lab's part of a Share link into st: the preset
// the scene came from (the default preset for a scene file, whose path a
// link cannot carry), mode, comparison, split, spin, the comparison
// wall's modes when it is shown (st.Wall) and its scope (st.Scope), every slider that
// differs from a fresh load of the preset (as set=NODE.FIELD=...), the
// standard view the camera looks along (st.View, "" for none of them), the
// projection (st.Ortho), the timeline (st.Anim, st.Time, st.Play: see
// shareTimeline), and the camera itself (st.Camera) unless the page
// that opens the link would show the same one: it frames the scene as
// shared for its own screen, so the camera is left out (nil) only when
// m's camera is exactly that framing of the scene as it is now, in the
// last picture's band, from the default or a standard direction (or such
// a framing waits for the next picture). A camera given when the model was
// made (st.Camera) is always written. Numbers are rounded to 1e-6 (the
// camera's lengths to 1e-6 of its unit when that is below 1), and its
// distance kept within what the scene and a setting allow (500 times the
// unit, at most transform.MaxMagnitude). A
// re-parented scene cannot be written as sets; its node edits are left
// out. Every other field of st is left as it is.
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
	st.Edges = m.Opt.EdgeCap
	st.Wall, st.Scope = "", modes.ScopeNode
	if m.walling() {
		st.Wall = modes.FormatList(m.Wall.Modes)
	}
	if m.Wall.ScopeAll {
		st.Scope = modes.ScopeAll
	}
	st.Sets = editSets(m, st.Preset)
	st.GLTFScene = ""
	if m.File != nil {
		// A file scene: its path (a dropped file has none: a link cannot
		// carry it), the glTF scene shown, and the edits against the file.
		st.ScenePath = m.File.Path
		if g := m.File.GLTF; g != nil && m.File.Scene != g.Default {
			st.GLTFScene = strconv.Itoa(m.File.Scene)
		}
		st.Sets = nil
		if m.File.Path != "" {
			fresh := &Model{}
			fresh.Load(m.Base.Clone(), nil)
			st.Sets = diffSets(m, fresh)
		}
	}
	st.Fold = false // a fold's values are in the sets
	m.shareTimeline(st)
	c := m.Camera
	st.View, st.Ortho, st.Camera = viewName(c), c.Ortho, nil
	if m.homeGiven || !m.opensFramed(*st) {
		// Lengths to 1e-6 of the camera's unit when it is below 1 (a model
		// in kilometres drawn in its thousandths keeps its precision).
		u := min(c.U(), 1)
		round := func(v float64) float64 { return shareRound(v/u) * u }
		spec := state.CameraSpec{
			Yaw: shareRound(c.Yaw), Pitch: shareRound(mgl64.Clamp(c.Pitch, -90, 90)),
			Distance:  round(mgl64.Clamp(c.Distance, u/shareDigits, min(render.MaxDistance*c.U(), transform.MaxMagnitude))),
			Target:    mgl64.Vec3{round(c.Target[0]), round(c.Target[1]), round(c.Target[2])},
			HasTarget: true,
		}
		if c.Fov != render.DefaultCamera().Fov {
			spec.Fov, spec.HasFov = shareRound(mgl64.Clamp(c.Fov, 1, 179)), true
		}
		st.Camera = &spec
	}
}

// viewName returns the state.Views name of the standard view cam looks
// along (to Share's rounding), or "" for any other direction.
func viewName(cam render.Camera) string {
	for _, v := range Views {
		if o := v.Orientation(); sameAngle(cam.Yaw, o.Yaw) && sameAngle(cam.Pitch, o.Pitch) {
			return strings.ToLower(v.String())
		}
	}
	return ""
}

// opensFramed reports whether a page opening shared (which carries no
// camera) would show m's camera: the camera it starts from (HomeCamera:
// the default or shared view's direction, the shared projection) framed
// for the scene as it is now, in the band of m's last picture. A framing
// that waits (FrameNext) counts when its direction is that one. Before any
// picture, the camera must be Home.
func (m *Model) opensFramed(shared state.State) bool {
	start := HomeCamera(shared)
	if !sameAngle(start.Yaw, m.Camera.Yaw) || !sameAngle(start.Pitch, m.Camera.Pitch) ||
		math.Abs(start.Fov-m.Camera.Fov) >= 0.5/shareDigits || start.Ortho != m.Camera.Ortho {
		return false
	}
	if m.frame {
		return true
	}
	cmp := m.Compare
	if cmp < 0 || cmp >= len(modes.All) {
		cmp = -1
	}
	framed, ok := m.fitted(start, m.band[0], m.band[1], cmp)
	if !ok {
		return sameCamera(m.Camera, m.Home)
	}
	return sameCamera(m.Camera, framed)
}

// sameAngle compares two angles in degrees to Share's rounding, a whole
// turn apart counting as equal (Orbit wraps yaw to [-180, 180)).
func sameAngle(a, b float64) bool {
	d := math.Mod(a-b, 360)
	if d < 0 {
		d += 360
	}
	return math.Min(d, 360-d) < 0.5/shareDigits
}

// editSets lists the sliders of m that differ from a fresh load of the
// preset, node by node: position, euler, scale, and the node's own rule.
func editSets(m *Model, preset string) []state.Set {
	st := state.Default()
	st.Preset = preset
	fresh, err := NewModel(st)
	if err != nil {
		return nil
	}
	return diffSets(m, fresh)
}

// diffSets lists the sliders of m that differ from fresh's (see
// editSets); nil when the two scenes' structures differ.
func diffSets(m, fresh *Model) []state.Set {
	if len(fresh.Edits) != len(m.Edits) || len(m.Scene.Nodes) != len(m.Edits) {
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
		if r := m.Scene.Nodes[i].Rule; r != fresh.Scene.Nodes[i].Rule {
			sets = append(sets, state.Set{Node: name, Field: "rule", Rule: r})
		}
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
