package piston

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/state"
)

// A sweep as a figure: the pictures of a sweep gesture (Motion), one
// camera for all of them, each with the sweep's start as a dashed ghost.

// Sizes of the sweep's start ghost, in pixels at label scale 1.
const (
	StartDash = 7.0 // a dash of the start ghost
	StartGap  = 5.0 // the gap after it
)

// StartDim is the alpha factor of the sweep's start ghost: brighter than
// the compare ghost (GhostDim), since the dashes leave gaps.
const StartDim = 0.6

// sweepSamples is the most sweep positions the framing measures
// (sweepPoints), evenly spaced in the sweep's progress, ends included.
const sweepSamples = 17

// FrameSweep makes the framing that waits (FrameNext) hold the pictures
// of every position of the sweep g (state.GestureSweep), not only the
// one shown: the camera then stays put while g plays and its start and
// end are both in view. With no framing waiting, or g not a sweep of a
// node of the scene, it does nothing. The request is used by the next
// framing (or dropped with it).
func (m *Model) FrameSweep(g state.Gesture) {
	if !m.frame || g.Kind != state.GestureSweep {
		return
	}
	if set, err := g.SweepSet(0); err != nil || m.Scene.Index(set.Node) < 0 {
		return
	}
	m.sweep = &g
}

// sweepPoints adds to the fit the shown meshes with the node m.sweep
// moves at sweepSamples positions of the sweep (fewer for a large scene,
// as frameBudget allows, never fewer than its ends), at the time shown,
// under the mode and the compared mode cmp (-1 for none) or on the wall's
// panes; then it puts the node's edit back and computes the worlds shown
// again. With no sweep it does nothing.
func (m *Model) sweepPoints(cmp int) {
	g := m.sweep
	if g == nil {
		return
	}
	start, err := g.SweepSet(0)
	i := m.Scene.Index(start.Node)
	if err != nil || i < 0 || i >= len(m.Edits) {
		return
	}
	kept := m.Edits[i]
	n := min(sweepSamples, m.posesInBudget(cmp))
	for k := range n {
		set, _ := g.SweepSet(float64(k) / float64(n-1))
		_ = m.ApplySet(set)
		m.ApplyEdits()
		m.poseNodes(m.Player.Time)
		m.computeShown(cmp)
		m.addShown(cmp)
	}
	m.Edits[i] = kept
	m.ApplyEdits()
	m.poseNodes(m.Player.Time)
	m.computeShown(cmp)
}

// Motion draws the piston lab's picture of st swept by g (a
// state.GestureSweep of a node of st's scene) at each progress p of ps
// (0 the sweep's start, 1 its end, clamped; eased as the window plays
// it, state.Gesture.SweepSet), as Figure draws each state, with two
// differences that make the pictures one figure:
//   - one camera for all: st's camera as given, or else the default
//     direction framed (FrameSweep) so that every position of the sweep
//     is in view;
//   - the sweep's start drawn as a ghost: the shapes as they are at
//     p = 0, dashed (StartDash, StartGap) and dimmed by StartDim, under
//     the picture, in the main view, in both halves of the split (each
//     under its own mode) and in every pane of the wall, with a legend
//     at the top left naming the start's value.
//
// The picture at p = 1 is the step's still figure (the piston lab's
// kit.Lab Figure with a sweep); at p = 0 the ghost lies under the shapes
// it was drawn from. An error means st's scene does not load, a mode
// name is unknown or g is not such a sweep; nothing partial is returned.
func Motion(st state.State, g state.Gesture, w, h int, ps []float64) ([]render.Picture, error) {
	if err := g.Check(); err != nil {
		return nil, err
	}
	if err := CheckGesture(st, g); err != nil {
		return nil, err
	}
	if _, err := modes.ByName(st.Mode); err != nil {
		return nil, err
	}
	if st.Compare != "" {
		if _, err := modes.ByName(st.Compare); err != nil {
			return nil, err
		}
	}
	m, err := NewModel(g.Start(st))
	if err != nil {
		return nil, err
	}
	text, line := m.figureScales(h)
	m.FrameSweep(g)
	Reserve(&m.Frames[0], m.Scene, m.Compare >= 0 && !m.Split)
	draw := func(p float64) {
		set, _ := g.SweepSet(p)
		_ = m.ApplySet(set)
		m.SpinDeg = 0 // each picture spun as Figure's one Recompute spins it
		m.Recompute(0, float64(w), float64(h))
	}
	draw(0)
	ghost := m.startGhost()
	legend := startLegend(g)
	var label render.Label
	if len(ghost) > 0 {
		// The start ghost's legend, at the first corner clear of the bold
		// lines of the sweep's start and end (cornerLabel), the top ones
		// under the compare ghost's legend when there is one (legend.go):
		// one place in every picture, whichever pictures are asked for.
		start, _ := m.Picture(nil, nil)
		draw(1)
		end, _ := m.Picture(nil, nil)
		y0 := 0.0
		if m.Compare >= 0 && !m.Split && m.Ghost && !m.walling() {
			y0 = 2 * LegendLine * render.TextSize * text
		}
		label = cornerLabel([][]render.Segment{start, end}, m.bandX, m.band[0], m.band[1], text, line, y0, legend, render.LabelGrey)
	}
	out := make([]render.Picture, 0, len(ps))
	for _, p := range ps {
		draw(p)
		segs, labels := m.Picture(append([]render.Segment(nil), ghost...), nil)
		if len(ghost) > 0 {
			labels = append(labels, label)
		}
		render.ScaleFigure(segs, labels, text, line)
		out = append(out, render.Picture{Segments: segs, Labels: labels})
	}
	return out, nil
}

// startGhost returns the shapes the last Recompute drew, dashed and
// dimmed as Motion's start ghost: the main view's, both halves of the
// split, or every pane of the wall, each under its own worlds.
func (m *Model) startGhost() []render.Segment {
	opt := render.Options{Dim: StartDim, EdgeCap: SplitCap(m.Opt.EdgeCap, 2)}
	var f render.Frame
	var out []render.Segment
	draw := func(vp render.Viewport, world []mgl64.Mat4) {
		if len(world) != len(m.posed.Nodes) {
			return
		}
		f.Begin(m.Camera, vp)
		f.Scene(&m.posed, world, opt)
		out = dashed(out, f.Segments, StartDash, StartGap)
	}
	if m.walling() {
		for i := range m.Wall.Panes {
			draw(m.Wall.Panes[i].Picture, m.Wall.Panes[i].World)
		}
		return out
	}
	draw(m.Frames[0].Viewport(), m.World[0])
	if r := m.Frames[1].Viewport(); r.W > 0 && m.Compare >= 0 && m.Split {
		draw(r, m.World[1])
	}
	return out
}

// startLegend is the legend of Motion's start ghost: "dashed: the start,
// NODE.FIELD = (a, b, c)" with the sweep's first value (euler in
// degrees).
func startLegend(g state.Gesture) string {
	set, _ := g.SweepSet(0)
	v := make([]string, len(set.Values))
	for i, x := range set.Values {
		v[i] = strconv.FormatFloat(x, 'g', 4, 64)
	}
	unit := ""
	if set.Field == "euler" {
		unit = "°"
	}
	return fmt.Sprintf("dashed: the start, %s.%s = (%s)%s", set.Node, set.Field, strings.Join(v, ", "), unit)
}

// dashed appends segs to dst as dashes: each run of segments that join
// end to start (a polyline, a circle) is cut into pieces dash pixels
// long with gap pixels between them, the pattern carried across the
// joints so that short segments are dashed too; a run starts with a
// dash. Segments keep their colour, width and depth. Non-finite
// segments and those of zero length are left out; a dash or gap that is
// not positive and finite leaves segs as they are (copied whole).
func dashed(dst, segs []render.Segment, dash, gap float64) []render.Segment {
	if !(dash > 0 && gap > 0 && dash < math.Inf(1) && gap < math.Inf(1)) {
		return append(dst, segs...)
	}
	period := dash + gap
	phase := 0.0 // distance into the pattern at the segment's start
	for k, s := range segs {
		if k > 0 && segs[k-1].B != s.A {
			phase = 0
		}
		d := s.B.Sub(s.A)
		l := d.Len()
		if !(l > 0) || math.IsInf(l, 0) {
			continue // nothing to draw (WritePNG draws no zero-length segment) or not finite
		}
		u := d.Mul(1 / l)
		for t := 0.0; t < l; {
			in := math.Mod(phase+t, period)
			if in < dash {
				e := math.Min(l, t+dash-in)
				piece := s
				piece.A, piece.B = s.A.Add(u.Mul(t)), s.A.Add(u.Mul(e))
				dst = append(dst, piece)
				t = e
			} else {
				t += period - in
			}
		}
		phase = math.Mod(phase+l, period)
	}
	return dst
}

// AnimationSpan returns the first and last key times (seconds) of the
// animation st shows (st.Anim, or animation 0): the span TimeMotion
// draws by default. It is an error when st's scene does not load, has no
// animation or lacks the one st names.
func AnimationSpan(st state.State) (start, end float64, err error) {
	m, err := animationModel(st)
	if err != nil {
		return 0, 0, err
	}
	start, end = m.Span()
	return start, end, nil
}

// animationModel returns the model of st showing the animation st names
// (animation 0 when none is named), or an error when the scene has none.
func animationModel(st state.State) (*Model, error) {
	if _, err := modes.ByName(st.Mode); err != nil {
		return nil, err
	}
	if st.Compare != "" {
		if _, err := modes.ByName(st.Compare); err != nil {
			return nil, err
		}
	}
	m, err := NewModel(st) // st.Anim chosen, or animation 0 shown (Load)
	if err != nil {
		return nil, err
	}
	if !m.Timeline() {
		return nil, fmt.Errorf("the scene has no animation")
	}
	return m, nil
}

// TimeMotion draws the piston lab's picture of st's scene at each time
// of ts (seconds, clamped to the animation's keys as the time slider
// clamps them) of the animation st shows (st.Anim, or animation 0), as
// Figure draws st at that time (-t), with one camera for all: st's
// camera as given, or else the default direction framed for the whole
// animation (FrameNext), in a w by h pixel viewport. It is an error when
// st's scene does not load, a mode name is unknown, or the scene has no
// animation or lacks the one st names; nothing partial is returned.
func TimeMotion(st state.State, w, h int, ts []float64) ([]render.Picture, error) {
	m, err := animationModel(st)
	if err != nil {
		return nil, err
	}
	text, line := m.figureScales(h)
	m.SetPlaying(false)
	Reserve(&m.Frames[0], m.Scene, m.Compare >= 0 && !m.Split)
	out := make([]render.Picture, 0, len(ts))
	for _, t := range ts {
		m.Scrub(t)
		m.SpinDeg = 0 // each picture spun as Figure's one Recompute spins it
		m.Recompute(0, float64(w), float64(h))
		segs, labels := m.Picture(nil, nil)
		render.ScaleFigure(segs, labels, text, line)
		out = append(out, render.Picture{Segments: segs, Labels: labels})
	}
	return out, nil
}
