package piston

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// FrameMargin is the share of the picture's width and height left free on
// each side when the camera frames the scene (render.Fitter): the
// pistons' drawn points fill the middle 75% of the band's limiting
// dimension, or of a pane in split view, centred.
const FrameMargin = 0.125

// View is a standard camera direction for the piston picture, the View
// window's buttons and keys: Top, Front, Side, Iso (see render.TopView and
// the others for the exact angles).
type View int

// The standard views, in the View window's order.
const (
	ViewTop View = iota
	ViewFront
	ViewSide
	ViewIso
)

// Views lists the standard views in button order.
var Views = []View{ViewTop, ViewFront, ViewSide, ViewIso}

// Orientation returns v's camera direction; a value outside the list is
// the home direction (render.DefaultCamera's).
func (v View) Orientation() render.Orientation {
	switch v {
	case ViewTop:
		return render.TopView
	case ViewFront:
		return render.FrontView
	case ViewSide:
		return render.SideView
	case ViewIso:
		return render.IsoView
	}
	d := render.DefaultCamera()
	return render.Orientation{Yaw: d.Yaw, Pitch: d.Pitch}
}

// String returns v's button label: "Top", "Front", "Side" or "Iso" ("Home"
// outside the list).
func (v View) String() string {
	switch v {
	case ViewTop:
		return "Top"
	case ViewFront:
		return "Front"
	case ViewSide:
		return "Side"
	case ViewIso:
		return "Iso"
	}
	return "Home"
}

// FrameNext asks the next Recompute to frame the scene: render.Camera.Fit
// of the camera to the nodes' meshes (render.MeshBounds) under the shown
// modes, keeping the camera's direction, field of view and projection,
// with the camera's unit made the box's (render.UnitFor of its diagonal),
// so a model of any size is framed whole and centred. A scene with an
// animation is framed for the whole animation, not only the pose shown:
// the box holds the meshes at its key times and between them
// (frameTimes), so it stays in the picture while it plays; likewise, after
// FrameSweep, the box holds every position of the sweep.
// In split view both panes share one camera, fitted to the union of both
// modes' boxes at a pane's aspect (on the comparison wall, of every
// pane's box at a pane picture's aspect): each piston then lies inside its own
// pane, and both are drawn at the same scale, so their sizes can be
// compared. With a ghost, the box holds the ghost too. Unless Home came
// from a given camera (st.Camera), Home is re-framed with it, in its own
// (the default) direction: Reset, ResetCamera and Share measure from
// there.
//
// A camera aimed elsewhere between the request and the Recompute (a
// gesture, a test's own camera) wins: the request is dropped; switching
// the projection does not count. A request waits
// while the picture has no area; a scene without shapes (nothing to frame)
// drops it and keeps the camera.
func (m *Model) FrameNext() {
	m.frame, m.frameFrom = true, m.Camera
	m.Touch()
}

// Framing reports whether a framing waits for the next Recompute.
func (m *Model) Framing() bool { return m.frame }

// SetView turns the camera to v about its target and frames the scene
// (FrameNext), so the picture stays in the band. Ortho is kept.
func (m *Model) SetView(v View) {
	m.Camera.Face(v.Orientation())
	m.FrameNext()
}

// ToggleOrtho switches between perspective and orthographic projection.
// The two agree in the plane through the target, so the framing holds.
func (m *Model) ToggleOrtho() {
	m.Camera.Ortho = !m.Camera.Ortho
	m.Touch()
}

// ResetCamera returns the camera to Home: re-framed for the scene as it
// is now, or, when the camera was given (st.Camera), exactly that one.
func (m *Model) ResetCamera() {
	m.Camera = m.Home
	if m.homeGiven {
		m.Touch()
		return
	}
	m.FrameNext()
}

// honourFrame fits Camera (and Home, unless given) to the shown modes'
// meshes for a band w by h pixels, when a framing was asked for (see
// FrameNext). It allocates nothing.
func (m *Model) honourFrame(w, h float64, cmp int) {
	if !m.frame {
		return
	}
	now, was := m.Camera, m.frameFrom
	if now.Ortho = was.Ortho; now != was {
		m.frame, m.sweep = false, nil // a camera moved since the request wins (a projection switch does not count)
		return
	}
	if !(w > 0 && h > 0) {
		return // no picture yet: keep the request
	}
	m.frame = false
	m.Camera, _ = m.fitted(m.Camera, w, h, cmp)
	if !m.homeGiven {
		m.Home, _ = m.fitted(m.Home, w, h, cmp)
	}
	m.sweep = nil
}

// fitted returns cam fitted (render.Fitter) to the drawn points of the
// shown modes' meshes under the last computed worlds (over the animation
// and the sweep asked for, animatedPoints and sweepPoints), for a band w
// by h pixels (halved in split view) with cmp the compared mode (-1 for
// none); ok is false, and cam comes back as is, for a scene without
// shapes or a band without area.
func (m *Model) fitted(cam render.Camera, w, h float64, cmp int) (render.Camera, bool) {
	aspect, margin := 0.0, FrameMargin
	if m.walling() {
		var ok bool
		if aspect, ok = m.wallAspect(w, h); !ok {
			return cam, false
		}
		margin = WallMargin
	} else {
		if cmp >= 0 && m.Split {
			w /= 2
		}
		if !(w > 0 && h > 0) {
			return cam, false
		}
		aspect = w / h
	}
	f := &m.fit
	f.Start(cam, aspect, margin)
	m.addShown(cmp)
	m.animatedPoints(cmp)
	m.sweepPoints(cmp)
	lo, hi, ok := f.Box()
	if !ok {
		return cam, false
	}
	f.SetUnit(boxUnit(lo, hi))
	return f.Fit()
}

// animatedPoints adds to the fit the shown meshes at the framing times of
// the animation (frameTimes; evenly thinned to frameBudget, always with
// the first and last), the worlds computed again at each, under the mode
// and the compared mode cmp (-1 for none) or on the wall's panes, then
// poses the nodes and computes the worlds of the time shown again, as
// they were. Without an animation it does nothing. It allocates nothing
// once the buffers have grown.
func (m *Model) animatedPoints(cmp int) {
	ts := m.frameTimes()
	if len(ts) == 0 {
		return
	}
	// Within the budget: every stride-th time, and the last.
	n := m.posesInBudget(cmp)
	stride := max(1, (len(ts)+n-3)/(n-1)) // ceil((len-1)/(n-1))
	for i := 0; i < len(ts); i += stride {
		m.pointsAt(ts[i], cmp)
	}
	if (len(ts)-1)%stride != 0 {
		m.pointsAt(ts[len(ts)-1], cmp)
	}
	m.poseNodes(m.Player.Time)
	m.computeShown(cmp)
}

// posesInBudget returns how many poses of the scene the framing may
// measure within frameBudget (at least 2: the ends): the budget over the
// points drawn per pose, the meshes' points times the pictures shown (the
// wall's panes; the mode and cmp's ghost or split; else one).
func (m *Model) posesInBudget(cmp int) int {
	pictures := 1
	switch {
	case m.walling():
		pictures = len(m.Wall.Modes)
	case cmp >= 0 && (m.Split || m.Ghost):
		pictures = 2
	}
	return max(2, frameBudget/max(1, pictures*m.drawnPoints()))
}

// frameBudget bounds the framing's work over an animation (animatedPoints):
// at most this many points posed and measured (the meshes' points times
// the pictures times the times sampled), so an animated scene of 30,000
// points is framed at 13 times rather than 64 (about 0.3 µs a point
// here), and no fewer than its first and last key.
const frameBudget = 400_000

// pointsAt adds to the fit the shown meshes posed at time t.
func (m *Model) pointsAt(t float64, cmp int) {
	m.poseNodes(t)
	m.computeShown(cmp)
	m.addShown(cmp)
}

// drawnPoints counts the points of the meshes the scene draws (its
// nodes' render.NodeMesh), in time linear in the number of nodes.
func (m *Model) drawnPoints() int {
	n := 0
	for i := range m.Scene.Nodes {
		if mesh := render.NodeMesh(&m.Scene.Nodes[i]); mesh != nil {
			n += len(mesh.Points)
		}
	}
	return n
}

// computeShown computes the worlds Recompute computes from m.nodes: the
// mode's; the compared mode's for cmp >= 0; the wall's panes when it is
// shown.
func (m *Model) computeShown(cmp int) {
	m.world(0, m.Mode)
	if m.walling() {
		m.wallWorlds()
		return
	}
	if cmp >= 0 {
		m.world(1, cmp)
	}
}

// addShown adds to the fit the points of the meshes the picture draws
// under the worlds last computed: the panes', or the mode's and, shown as
// a ghost or the split, cmp's.
func (m *Model) addShown(cmp int) {
	if m.walling() {
		for i := range m.Wall.Panes {
			render.FitMeshes(&m.fit, &m.bounds, &m.posed, m.Wall.Panes[i].World)
		}
		return
	}
	render.FitMeshes(&m.fit, &m.bounds, &m.posed, m.World[0])
	if cmp >= 0 && (m.Split || m.Ghost) {
		render.FitMeshes(&m.fit, &m.bounds, &m.posed, m.World[1])
	}
}

// boxUnit returns the unit (render.UnitFor) of a model whose drawn
// vertices fill the box lo..hi: the framing measures the camera's limits
// and the decorations in it, so a model in millimetres or kilometres is
// framed whole.
func boxUnit(lo, hi mgl64.Vec3) float64 {
	return render.UnitFor(hi.Sub(lo).Len())
}

// PaneAt returns the viewport of the last Recompute's picture that holds
// the pixel p (on the wall the picture of the pane p is in; the split's
// right pane when p is in it; else the main one), for gestures that aim at the cursor. Before any Recompute it is
// the zero Viewport, which render.Camera.ZoomAt treats as "zoom about the
// centre".
func (m *Model) PaneAt(p mgl64.Vec2) render.Viewport {
	if i := m.PaneIndex(p); i >= 0 {
		return m.Wall.Panes[i].Picture
	}
	if r := m.Frames[1].Viewport(); r.W > 0 && p[0] >= r.X && p[0] < r.X+r.W {
		return r
	}
	return m.Frames[0].Viewport()
}
