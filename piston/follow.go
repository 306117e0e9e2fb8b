package piston

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
)

// The camera follows (Model.Follow): after an action that can move the
// model out of the picture or shrink it (an edit released, a preset, a
// mode change, the split, the wall, hiding the UI, a resize: the view
// calls FollowNext), the next Recompute measures the drawn model on the
// screen and re-frames it, gliding, when it leaves its picture, fills
// less than FollowFill of the picture's limiting side, or sits off its
// centre by more than FollowOffCentre (subjectFits). A camera the
// user orbits or zooms stays as it is until the next such action.
const (
	// FollowFill is the share of a picture's limiting side (the larger
	// of the model's width over the picture's and height over the
	// picture's) below which a follow check re-frames; framing makes it
	// 1 - 2*FrameMargin = 0.75.
	FollowFill = 0.6
	// FollowOffCentre is how far, as a share of the picture's width or
	// height, the centre of the model may lie from the picture's centre
	// before a follow check re-frames.
	FollowOffCentre = 0.1
	// GlideTicks is the length of a follow re-frame's glide, in ticks
	// (a quarter of a second at state.TicksPerSecond).
	GlideTicks = 15
)

// glide is a re-frame under way: the camera moves from from to to over
// GlideTicks ticks; last is the camera the glide set last, so a camera
// moved by the user in between stops it.
type glide struct {
	from, to, last render.Camera
	step           int
	on             bool
}

// FollowNext asks the next Recompute for a follow check (see Follow);
// with Follow off it does nothing.
func (m *Model) FollowNext() {
	if m.Follow {
		m.followCheck = true
		m.Touch()
	}
}

// Gliding reports whether a follow re-frame is under way: the picture
// moves without input until it ends.
func (m *Model) Gliding() bool { return m.glide.on }

// followUp makes a pending follow check for the band x, w by h with the
// compared mode cmp (-1 for none), once the worlds and (on the wall) the
// panes are computed: when the drawn model does not sit well in its
// pictures (subjectFits), a glide to the fitted camera starts. A framing
// asked for (FrameNext) does the job itself, so the check is dropped.
func (m *Model) followUp(x, w, h float64, cmp int) {
	if !m.followCheck {
		return
	}
	if m.frame {
		m.followCheck = false
		return
	}
	if !(w > 0 && h > 0) {
		return // no picture yet: keep the check
	}
	m.followCheck = false
	if m.subjectFits(x, w, h, cmp) {
		return
	}
	to, ok := m.fitted(m.Camera, w, h, cmp)
	if !ok || to == m.Camera {
		return
	}
	m.glide = glide{from: m.Camera, to: to, last: m.Camera, on: true}
}

// subjectFits reports whether the drawn model sits well in its pictures
// (the band; the split's halves; the wall's panes): the union of what
// each picture draws, in coordinates relative to its picture (0 to 1
// across it), lies inside, spans at least FollowFill of the limiting
// side, and has its centre within FollowOffCentre of the middle. Both
// halves and all panes share one camera (so their sizes compare), and
// that union is what the framing fits. Nothing drawn counts as fitting.
func (m *Model) subjectFits(x, w, h float64, cmp int) bool {
	inf := math.Inf(1)
	lo, hi := mgl64.Vec2{inf, inf}, mgl64.Vec2{-inf, -inf}
	front, any := true, false
	add := func(vp render.Viewport, world []mgl64.Mat4) {
		if world == nil {
			return
		}
		m.probe.Begin(m.Camera, vp)
		l, u, ok, inFront := render.MeshScreenBox(&m.probe, &m.bounds, &m.posed, world)
		front = front && inFront
		if !ok {
			return
		}
		any = true
		lo[0], lo[1] = math.Min(lo[0], (l[0]-vp.X)/vp.W), math.Min(lo[1], (l[1]-vp.Y)/vp.H)
		hi[0], hi[1] = math.Max(hi[0], (u[0]-vp.X)/vp.W), math.Max(hi[1], (u[1]-vp.Y)/vp.H)
	}
	switch {
	case m.walling():
		for i := range m.Wall.Panes {
			add(m.Wall.Panes[i].Picture, m.Wall.Panes[i].World)
		}
	case cmp >= 0 && m.Split:
		add(render.Viewport{X: x, W: w / 2, H: h}, m.World[0])
		add(render.Viewport{X: x + w/2, W: w / 2, H: h}, m.World[1])
	default:
		vp := render.Viewport{X: x, W: w, H: h}
		add(vp, m.World[0])
		if cmp >= 0 && m.Ghost {
			add(vp, m.World[1])
		}
	}
	if !any {
		return front
	}
	const tol = 1e-3 // a point on the edge is in
	inside := lo[0] >= -tol && lo[1] >= -tol && hi[0] <= 1+tol && hi[1] <= 1+tol
	fill := math.Max(hi[0]-lo[0], hi[1]-lo[1])
	centred := math.Abs((lo[0]+hi[0])/2-0.5) <= FollowOffCentre && math.Abs((lo[1]+hi[1])/2-0.5) <= FollowOffCentre
	return front && inside && fill >= FollowFill && centred
}

// tickGlide moves a glide under way one tick on (smoothstep in time; the
// target in a straight line, the distance geometrically), and ends it at
// its last tick or when the camera was moved by someone else since the
// glide's last step (their camera wins).
func (m *Model) tickGlide() {
	g := &m.glide
	if !g.on {
		return
	}
	if m.Camera != g.last {
		g.on = false
		return
	}
	g.step++
	c := g.to
	if g.step < GlideTicks {
		s := float64(g.step) / GlideTicks
		e := s * s * (3 - 2*s)
		c.Target = g.from.Target.Add(g.to.Target.Sub(g.from.Target).Mul(e))
		if g.from.Distance > 0 && g.to.Distance > 0 {
			c.Distance = g.from.Distance * math.Pow(g.to.Distance/g.from.Distance, e)
		}
	} else {
		g.on = false
	}
	m.Camera, g.last = c, c
	m.Touch()
}
