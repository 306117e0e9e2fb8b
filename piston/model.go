// Package piston is the piston lab's model, without a display: seed 000's
// hierarchy (or any scene) with its slider values, run through the chosen
// accumulation modes and projected to screen segments (Recompute), plus
// the edits a Share link carries (Share). The view in ui/labs/piston draws it
// and binds its windows to it; this package imports no ebiten or debugui.
package piston

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/gltfio"
	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/transform"
)

// Edit is one node's editable local transform as the sliders show it:
// position, Euler angles in degrees (x, y, z with R = Rz*Ry*Rx) and scale.
// The Euler angles are the source of truth: they are set once from the
// scene's quaternion and never re-derived from it, so A's 90 degrees about
// y (the gimbal-lock point of Rz*Ry*Rx) stays as typed.
type Edit struct {
	Position, Euler, Scale mgl64.Vec3
}

// Name is the piston lab's name, its value of the lab setting.
const Name = "piston"

// Lab is what the piston lab contributes to the state: its name, the
// scene presets (the lab's default first), which are scenes, and its own
// settings (Params: the comparison wall).
var Lab = state.Lab{Name: Name, Presets: scene.PresetNames(), Scenes: true, Params: Params, CheckGesture: CheckGesture, CheckCamera: CheckCamera}

// Model is the piston lab's state: the scene being edited, its slider
// values, the mode, comparison, spin, camera and drawing options, and the
// buffers the picture is computed into. Windows and keys write its fields
// and call Touch; Recompute turns them into world matrices and screen
// segments, allocating nothing once the buffers have grown.
type Model struct {
	Preset  string       // preset the scene came from ("" for a file)
	File    *Opened      // the file the scene came from (Open, -scene), nil for a preset
	Base    *scene.Scene // the scene as loaded, for Reset
	Scene   *scene.Scene // the working scene; locals follow Edits
	Edits   []Edit       // one per node, the sliders' values
	Mode    int          // index in modes.All
	Compare int          // index in modes.All of the ghost or split mode; -1 for none
	Split   bool         // show Compare side by side instead of as a ghost
	Spin    bool         // turn the spin node about its own x axis every tick
	SpinDeg float64      // the spin angle, added on top of the node's rotation
	SpinAt  int          // the node that spins: B, or -1 in a scene without B (no Spin control)
	Opt     render.Options
	Ghost   bool          // draw the compare mode as a ghost (when not split)
	Camera  render.Camera // the live camera
	Home    render.Camera // the camera Reset returns to: the default direction, framed (FrameNext), or st.Camera as given
	Picked  int           // the node the readouts describe

	Residual string // the last re-parent's or fold's report, shown in Nodes

	dirty  bool
	nodes  []scene.Node // the scene's nodes with the spin applied
	ws     [2]modes.Workspace
	World  [2][]mgl64.Mat4 // world matrices of Mode and Compare
	Frames [2]render.Frame // the picture: [0] main, [1] the split's right half

	// LabelScale is the text scale the view draws labels at (1 for
	// render.TextSize pixels); Recompute spreads each frame's labels
	// apart for it. Below 1, the zero value included, counts as 1.
	LabelScale float64
	// LineScale is the factor the view (or an exported figure) widens the
	// picture's lines by, so the labels are spread clear of the lines as
	// drawn (render.Frame.LineScale); below 1 counts as 1.
	LineScale float64
	HideArc   bool       // draw no skew arc for the picked node
	Arcs      [2]SkewArc // the skew arcs the last Recompute drew in Frames (zero: none)

	// Wall is the comparison wall (wall.go): when On, Recompute draws its
	// panes (Wall.Panes[k].Frame) instead of Frames, which stay empty.
	Wall Wall
	// authored holds every node's rule as it was before the pane clicks
	// that changed them (ChoosePane), nil when the rules in place are the
	// user's own (PaneRules); wallBase is the posed nodes with those
	// rules, the wall's starting point.
	authored []scene.Rule
	wallBase []scene.Node
	paneNote string // PaneNote's text, written by ChoosePane

	// Player is the timeline (player.go): the animation shown and its
	// time, which every Recompute poses the drawn nodes at.
	Player Player
	posed  scene.Scene    // the scene as drawn: its Nodes are nodes (posed, spun)
	bounds scene.Deformer // the framing's buffers for skinned and morphed meshes
	fit    render.Fitter  // the framing's fit (fitted)
	probe  render.Frame   // the follow check's projection (subjectFits)

	// Follow is the camera-follows setting (follow.go): on, an action
	// the view reports with FollowNext re-frames the model when it no
	// longer sits well in the picture; off, only Z, the view keys, Reset
	// and the first picture frame it.
	Follow      bool
	followCheck bool  // a follow check waits for the next Recompute
	glide       glide // a follow re-frame under way

	band      [2]float64    // the band's width and height at the last Recompute
	bandX     float64       // the band's left edge at the last Recompute
	frame     bool          // a framing waits for the next Recompute (FrameNext)
	frameFrom render.Camera // the camera when it was asked for
	homeGiven bool          // Home is st.Camera: used as is, never framed

	// sweep is a sweep the waiting framing holds too (FrameSweep), nil
	// for none.
	sweep *state.Gesture

	// modeGiven records that the mode was given (-mode, mode=) and
	// loadedMode the mode the last scene was loaded in: a file opened
	// later keeps the mode shown when it was given or chosen since
	// (state.OpenMode; Open).
	modeGiven  bool
	loadedMode int
}

// SpinStep is how far the spin turns per tick, in degrees (one turn in six
// seconds at 60 ticks per second).
const SpinStep = 1.0

// NewModel makes the piston lab's model from st: its scene (preset or
// file, then the sets), mode, comparison, spin, camera and timeline (the
// animation st names at st's time, playing when st says so: every
// Recompute draws the scene posed by it, as state.State.Pose poses it
// for report and export -t; an -anim the scene lacks is the error). The camera
// frames the scene at the first Recompute (FrameNext) unless st gives
// one, which is then used as is.
func NewModel(st state.State) (*Model, error) {
	var sc *scene.Scene
	var file *Opened
	var err error
	if st.ScenePath != "" {
		var f *gltfio.File
		var index int
		if sc, f, index, err = st.SceneFile(); err != nil {
			return nil, err
		}
		file = &Opened{Name: st.ScenePath, Path: st.ScenePath, GLTF: f, Scene: index}
	} else if sc, err = st.ViewScene(); err != nil {
		return nil, err
	}
	// A glTF file opens in accumulate-matrices unless the mode was given
	// (state.OpenMode, the one rule of every surface).
	m := &Model{Mode: modes.Index(state.OpenMode(st.Mode, st.ModeGiven(), file != nil && file.GLTF != nil)), Compare: -1, Split: st.Split, Spin: st.Spin,
		Opt: render.DefaultOptions(), Ghost: true, Home: HomeCamera(st), Picked: -1, modeGiven: st.ModeGiven(),
		Player: Player{Speed: 1, Loop: true}, Follow: !st.NoFollow}
	if m.Mode < 0 {
		m.Mode = modes.Index(modes.Default)
	}
	m.loadedMode = m.Mode
	if st.Compare != "" {
		m.Compare = modes.Index(st.Compare)
	}
	m.Camera = m.Home
	m.Opt.EdgeCap = st.Edges
	if st.ScenePath == "" {
		m.Preset = st.Preset
	}
	m.homeGiven = st.Camera != nil
	m.Wall.ScopeAll = st.Scope == modes.ScopeAll
	if st.Wall != "" {
		list, err := modes.ParseList(st.Wall)
		if err != nil {
			return nil, err
		}
		m.Wall.Modes, m.Wall.On = list, true
	}
	m.Load(sc, st.Sets)
	m.File = file
	if err := m.startPlayer(st); err != nil {
		return nil, err
	}
	if st.Fold {
		m.Fold()
	}
	if st.Camera != nil {
		// A given camera is used as is: its unit is the scene's, and its
		// distance must be within the scene's limit.
		u, size := m.SceneUnit()
		if lim := render.MaxDistance * u; !(st.Camera.Distance <= lim) {
			return nil, cameraError{fmt.Errorf("camera %q: distance %g out of range (0, %g] for this scene (%g times its unit %g; it is %s units across under %s)",
				st.Camera.String(), st.Camera.Distance, lim, render.MaxDistance, u, strconv.FormatFloat(size, 'g', 4, 64), ModeName(m.Mode))}
		}
		m.Home.Unit, m.Camera.Unit = u, u
	}
	m.frame = m.frame && !m.homeGiven
	return m, nil
}

// cameraError is NewModel's error for a camera setting the scene refuses
// (CheckCamera tells it from the scene's own errors).
type cameraError struct{ error }

// CheckCamera reports a camera setting of st (st.Camera, not nil) whose
// distance is beyond its scene's limit, as NewModel does: render.MaxDistance
// times the scene's unit (SceneUnit). It is the piston lab's
// state.Lab.CheckCamera; nil when st has no camera or its scene does not
// load (the scene's own check says why).
func CheckCamera(st state.State) error {
	if st.Camera == nil {
		return nil
	}
	var ce cameraError
	if _, err := NewModel(st); errors.As(err, &ce) {
		return err
	}
	return nil
}

// SceneUnit returns the unit (render.UnitFor) of the scene as the model
// shows it now, with its size: the diagonal of the bounding box of its
// drawn vertices under Mode and, when it is shown (a ghost or the split),
// the compared mode (render.MeshBounds; the edits applied, no spin). A
// scene without drawn vertices has unit 1 and size 0.
func (m *Model) SceneUnit() (unit, size float64) {
	m.ApplyEdits()
	nodes := m.Scene.Nodes
	w := make([]mgl64.Mat4, len(nodes))
	var ws modes.Workspace
	modes.All[m.Mode].World(nodes, &ws, w)
	lo, hi, ok := render.MeshBounds(m.Scene, w)
	if c := m.Compare; c >= 0 && c < len(modes.All) && (m.Split || m.Ghost) {
		modes.All[c].World(nodes, &ws, w)
		blo, bhi, bok := render.MeshBounds(m.Scene, w)
		lo, hi, ok = render.UnionBounds(lo, hi, ok, blo, bhi, bok)
	}
	if !ok {
		return 1, 0
	}
	size = hi.Sub(lo).Len()
	return render.UnitFor(size), size
}

// Load makes sc the scene being edited and its own reset point, and
// frames it (FrameNext). Euler angles come from the quaternions once,
// except where an euler set in sets gives them exactly. The timeline
// shows the scene's first animation, paused at its first key (none for
// a scene without animations).
func (m *Model) Load(sc *scene.Scene, sets []state.Set) {
	m.Base = sc.Clone()
	m.Scene = sc
	m.authored = nil
	m.initEdits(sets)
	m.resetPlayer()
	m.SpinAt = sc.Index("B") // the piston's spinning cylinder; -1 hides Spin
	if m.SpinAt < 0 {
		m.Spin = false
	}
	if m.Picked >= len(sc.Nodes) || m.Picked < 0 {
		m.Picked = MostSkewed(sc.Nodes)
		if a := m.Animation(); a != nil {
			m.Picked = MostSkewedPlaying(sc.Nodes, a, m.frameTimes())
		}
	}
	m.FrameNext()
}

// pickSamples is the most times MostSkewedPlaying looks at (evenly
// chosen among those given), so that opening a long animation of a
// large scene stays quick.
const pickSamples = 32

// MostSkewedPlaying is MostSkewed over an animation: the node whose
// world under accumulate-matrices skews most at any of the times ts
// (seconds; at most pickSamples of them are used, evenly chosen), the
// animation applied to a copy of nodes; the last node when none skews by
// more than 0.01 degrees or ts is empty. nodes are not modified.
func MostSkewedPlaying(nodes []scene.Node, a *scene.Animation, ts []float64) int {
	best, most := len(nodes)-1, minSkew
	work := slices.Clone(nodes)
	for i := range work {
		work[i].Weights = slices.Clone(work[i].Weights) // Apply writes weights in place
	}
	w := make([]mgl64.Mat4, len(nodes))
	var ws modes.Workspace
	n := min(len(ts), pickSamples)
	for k := 0; k < n; k++ {
		for i := range work {
			work[i].Local = nodes[i].Local // the pose without animation, then the time's
		}
		a.Apply(work, ts[k*len(ts)/n])
		modes.AccumulateMatrices.World(work, &ws, w)
		best, most = moreSkewed(w, best, most)
	}
	return best
}

// MostSkewed returns the node whose world skews most under
// accumulate-matrices (the first of equals from the end, so the last node
// when none skews: the piston's B), the node the readouts show first;
// -1 for no nodes. It takes time linear in the number of nodes.
func MostSkewed(nodes []scene.Node) int {
	best, _ := moreSkewed(modes.AccumulateMatrices.Reference(nodes), len(nodes)-1, minSkew)
	return best
}

// minSkew is the skew in degrees below which nothing counts as skewed
// (MostSkewed, MostSkewedPlaying).
const minSkew = 0.01

// moreSkewed returns the node of w (world matrices) that skews more than
// most, the last of the most skewed, with its skew; best and most as
// given when none does.
func moreSkewed(w []mgl64.Mat4, best int, most float64) (int, float64) {
	for i := len(w) - 1; i >= 0; i-- {
		if k, ok := transform.SkewDeg(transform.Linear(w[i])); ok && k > most {
			best, most = i, k
		}
	}
	return best, most
}

func (m *Model) initEdits(sets []state.Set) {
	m.Edits = m.Edits[:0]
	for _, nd := range m.Scene.Nodes {
		l := nd.Local
		m.Edits = append(m.Edits, Edit{Position: l.Position, Euler: transform.ToEulerDeg(l.Rotation), Scale: l.Scale})
	}
	for _, s := range sets {
		if i := m.Scene.Index(s.Node); i >= 0 && s.Field == "euler" && len(s.Values) == 3 {
			m.Edits[i].Euler = mgl64.Vec3{s.Values[0], s.Values[1], s.Values[2]}
		}
	}
}

// Reset returns the scene to how it was loaded (its per-node rules
// included: any a pane click put in place are gone) and the camera home,
// framed for that scene (ResetCamera).
func (m *Model) Reset() {
	m.Scene = m.Base.Clone()
	m.authored = nil // the loaded rules, a pane's withdrawn
	m.initEdits(nil)
	m.SpinDeg = 0
	m.ResetCamera()
}

// LoadPreset replaces the scene with the named preset (state.NewPreset:
// a scene file or a glTF preset) and switches to the mode and comparison
// it carries (scene.Preset: the skew preset opens in accumulate-matrices;
// one without them opens in modes.Default with no comparison), and to
// the comparison wall it carries, if any (stretchy-arm opens on the wall
// of every mode; a preset without one leaves the wall as it is). A preset
// with animations shows its first from its first key, playing when the
// preset says so (scene.Preset.Play: stretchy-arm plays).
func (m *Model) LoadPreset(name string) error {
	sc, err := state.NewPreset(name)
	if err != nil {
		return err
	}
	p, _ := scene.PresetNamed(name)
	var wall []int
	if p.Wall != "" {
		if wall, err = modes.ParseList(p.Wall); err != nil {
			return fmt.Errorf("preset %s: wall: %v", name, err)
		}
	}
	m.Mode, m.Compare, m.Split = modes.Index(modes.Default), -1, false
	if p.Mode != "" {
		m.Mode = modes.Index(p.Mode)
	}
	if p.Compare != "" {
		m.Compare = modes.Index(p.Compare)
	}
	if wall != nil {
		m.Wall.Modes, m.Wall.On = wall, true
	}
	m.Preset, m.File = name, nil
	m.modeGiven, m.loadedMode = false, m.Mode // the preset's mode replaced any given one
	m.Load(sc, nil)
	m.SetPlaying(p.Play) // its first animation, from its first key
	return nil
}

// Touch marks the picture out of date; the next Recompute redraws it.
func (m *Model) Touch() { m.dirty = true }

// Dirty reports whether the picture must be recomputed.
func (m *Model) Dirty() bool { return m.dirty || m.Spinning() }

// Spinning reports whether B turns every tick: Spin is on and the scene
// has a node to spin.
func (m *Model) Spinning() bool { return m.Spin && m.SpinAt >= 0 }

// CompareTarget returns the mode index C compares with:
// accumulate-matrices, the mode every other is measured against, or
// accumulate-trs when the mode is accumulate-matrices itself.
func (m *Model) CompareTarget() int { return CompareTarget(m.Mode) }

// CompareTarget returns the mode index C compares with from mode index
// mode (see Model.CompareTarget).
func CompareTarget(mode int) int {
	if t := modes.Index(modes.AccumulateMatrices.Name); t != mode {
		return t
	}
	return modes.Index(modes.AccumulateTRS.Name)
}

// CycleCompare steps the comparison as the C key does: off, then a ghost
// of CompareTarget, then the same side by side, then off. A comparison
// chosen in the Compare window goes on to side by side, then off.
func (m *Model) CycleCompare() {
	switch {
	case m.Compare < 0:
		m.Compare, m.Split = m.CompareTarget(), false
	case !m.Split:
		m.Split = true
	default:
		m.Compare, m.Split = -1, false
	}
	m.Touch()
}

// ApplyEdits writes every Edit into the scene's local transforms. An edit
// the scene refuses (it cannot happen with the sliders' ranges) keeps the
// node's previous local transform.
func (m *Model) ApplyEdits() {
	for i := range m.Edits {
		e := &m.Edits[i]
		t := transform.TRS{Position: e.Position, Rotation: transform.EulerDeg(e.Euler[0], e.Euler[1], e.Euler[2]), Scale: e.Scale}
		_ = m.Scene.SetLocal(i, t)
	}
}

// ModeName returns the name of mode index i, or "none".
func ModeName(i int) string {
	if i < 0 || i >= len(modes.All) {
		return "none"
	}
	return modes.All[i].Name
}

// Recompute advances the spin, applies the edits, poses the nodes at the
// timeline's time (Player; the animation's properties over the edits)
// and recomputes the world matrices of the mode (and the compare mode)
// and the picture for the screen band x..x+w, h high, in pixels, framing
// the camera first when that was asked for (FrameNext). The picture, the
// ghost, the split's half and the wall's panes are all drawn from the one
// posed copy of the nodes (Nodes). It allocates nothing once its buffers
// have grown to the scene's size. It is StepSpin then Redraw.
func (m *Model) Recompute(x, w, h float64) {
	m.StepSpin()
	m.Redraw(x, w, h)
}

// StepSpin turns the spin one tick on (SpinStep degrees, wrapping at
// 360) when Spinning: Recompute's first step, for a caller that ticks the
// model more often than it draws it (the window draws the picture once per
// drawn frame, Redraw, however many ticks ran since).
func (m *Model) StepSpin() {
	if m.Spinning() {
		m.SpinDeg += SpinStep
		if m.SpinDeg >= 360 {
			m.SpinDeg -= 360
		}
	}
}

// Redraw is Recompute without its spin step: the picture of the model as
// it is now. A glide under way moves one step per call (as with
// Recompute).
func (m *Model) Redraw(x, w, h float64) {
	m.dirty = false
	m.ApplyEdits()
	m.poseNodes(m.Player.Time)
	m.world(0, m.Mode)
	m.band, m.bandX = [2]float64{w, h}, x
	if m.walling() {
		m.recomputeWall(x, w, h)
		return
	}
	cmp := m.Compare
	if cmp >= 0 && cmp < len(modes.All) {
		m.world(1, cmp)
	} else {
		cmp = -1
	}
	m.honourFrame(w, h, cmp)
	m.followUp(x, w, h, cmp)
	opt := m.Opt
	if cmp >= 0 && (m.Split || m.Ghost) {
		opt.EdgeCap = SplitCap(m.Opt.EdgeCap, 2)
	}
	switch {
	case cmp >= 0 && m.Split:
		m.Frames[0].Begin(m.Camera, render.Viewport{X: x, W: w / 2, H: h})
		m.Frames[0].Scene(&m.posed, m.World[0], opt)
		m.Frames[1].Begin(m.Camera, render.Viewport{X: x + w/2, W: w / 2, H: h})
		m.Frames[1].Scene(&m.posed, m.World[1], opt)
	default:
		m.Frames[0].Begin(m.Camera, render.Viewport{X: x, W: w, H: h})
		if cmp >= 0 && m.Ghost {
			ghost := render.Options{Dim: GhostDim, EdgeCap: opt.EdgeCap, Dash: GhostDash * render.LabelScale(m.LabelScale)}
			m.Frames[0].Scene(&m.posed, m.World[1], ghost)
		}
		m.Frames[0].Scene(&m.posed, m.World[0], opt)
		m.Frames[1].Begin(m.Camera, render.Viewport{})
	}
	m.artifacts(cmp >= 0 && m.Split)
	m.legend(x, cmp)
}

// SplitCap returns the edge cap (render.Options.EdgeCap) of each of n
// pictures drawn in one frame, so that together they stay within cap
// (0 meaning render.DefaultEdgeCap, negative no cap, which stays so).
func SplitCap(cap, n int) int {
	if cap < 0 || n <= 1 {
		return cap
	}
	if cap == 0 {
		cap = render.DefaultEdgeCap
	}
	return max(cap/n, 1)
}

// recomputeWall is Recompute's second half when the wall is shown: the
// panes' worlds, the layout, the framing (one camera for every pane) and
// the pictures; Frames stay empty and draw nothing.
func (m *Model) recomputeWall(x, w, h float64) {
	m.wallWorlds() // first: the layout makes room for the panes' scopes
	m.layoutWall(x, w, h)
	m.honourFrame(w, h, -1)
	m.followUp(x, w, h, -1)
	m.Frames[0].Begin(m.Camera, render.Viewport{})
	m.Frames[1].Begin(m.Camera, render.Viewport{})
	m.Arcs = [2]SkewArc{}
	m.drawWall()
}

// poseNodes makes m.nodes the edited scene's nodes posed at time t of
// the shown animation (pose), with the spin applied, and m.posed the
// scene drawn from them. It allocates nothing once the buffers have
// grown.
func (m *Model) poseNodes(t float64) {
	m.nodes = append(m.nodes[:0], m.Scene.Nodes...)
	m.pose(t)
	m.posed = scene.Scene{Nodes: m.nodes, Animations: m.Scene.Animations}
	if m.SpinAt >= 0 && m.SpinAt < len(m.nodes) && m.SpinDeg != 0 {
		l := &m.nodes[m.SpinAt].Local
		l.Rotation = l.Rotation.Mul(transform.EulerDeg(m.SpinDeg, 0, 0)) // about the node's own x axis
	}
}

// GhostDim is the alpha factor of the compare mode's ghost, which is
// also dashed (GhostDash).
const GhostDim = 0.5

// world computes view k's world matrices under mode through the shared
// pool (modes.Shared): a scene of DefaultParallelMin nodes or more is
// split across the cores, the piston runs on the calling goroutine.
func (m *Model) world(k, mode int) {
	n := len(m.nodes)
	if cap(m.World[k]) < n {
		m.World[k] = make([]mgl64.Mat4, n)
	}
	m.World[k] = m.World[k][:n]
	modes.Shared().World(modes.All[mode], m.nodes, &m.ws[k], m.World[k])
}

// Reparent moves node i under newParent (-1 for a root) keeping its world
// matrix under accumulate-matrices as far as a TRS can, and records the
// residual for the Nodes window.
func (m *Model) Reparent(i, newParent int) error {
	m.ApplyEdits()
	res, newIndex, err := modes.Reparent(m.Scene, i, newParent)
	if err != nil {
		m.Residual = err.Error()
		return err
	}
	ni := newIndex[i]
	name := m.Scene.Nodes[ni].Name
	m.authored = nil // the rules in place, moved with their nodes, are kept as the user's
	// Every other node keeps its slider values (its Euler angles are not
	// re-derived); the moved node takes its new local transform.
	edits := make([]Edit, len(m.Edits))
	for old, e := range m.Edits {
		edits[newIndex[old]] = e
	}
	l := m.Scene.Nodes[ni].Local
	edits[ni] = Edit{Position: l.Position, Euler: transform.ToEulerDeg(l.Rotation), Scale: l.Scale}
	m.Edits = edits
	m.SpinAt = remap(m.SpinAt, newIndex)
	m.Picked = remap(m.Picked, newIndex)
	m.Residual = fmt.Sprintf("%s moved; residual %.2e", name, res)
	m.Touch()
	return nil
}

// Nodes returns the nodes the last Recompute used: the scene's, posed at
// the timeline's time, with the spin applied.
func (m *Model) Nodes() []scene.Node { return m.nodes }

// Fold re-authors the scene for uniform-inner-scale (modes.FoldResiduals):
// every node keeps only the uniform part of its scale for its children,
// the rest folded into their locals. The sliders take the new values.
func (m *Model) Fold() {
	m.ApplyEdits()
	f := modes.FoldResiduals(m.Scene)
	for i := range m.Edits { // folding moves positions and scales only
		m.Edits[i].Position = m.Scene.Nodes[i].Local.Position
		m.Edits[i].Scale = m.Scene.Nodes[i].Local.Scale
	}
	m.Residual = FoldMessage(m.Scene, f)
	m.Touch()
}

// FoldMessage says what a fold did: its largest residual, and, when some
// children were left unfolded (a folded value would exceed 1e6), that it
// is not exact, how many and the first few names.
func FoldMessage(s *scene.Scene, f modes.FoldResult) string {
	if len(f.Unfolded) == 0 {
		return fmt.Sprintf("folded; largest residual %.2e", f.Residual)
	}
	const listed = 3
	var names []string
	for _, c := range f.Unfolded[:min(len(f.Unfolded), listed)] {
		names = append(names, s.Nodes[c].Name)
	}
	more := ""
	if len(f.Unfolded) > listed {
		more = fmt.Sprintf(" and %d more", len(f.Unfolded)-listed)
	}
	return fmt.Sprintf("folded, NOT exact: %d left unfolded (a folded value would exceed 1e6): %s%s; largest residual of the rest %.2e",
		len(f.Unfolded), strings.Join(names, ", "), more, f.Residual)
}

func remap(i int, newIndex []int) int {
	if i < 0 || i >= len(newIndex) {
		return i
	}
	return newIndex[i]
}
