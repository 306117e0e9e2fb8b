package dynamics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/render"
	"skewlab/transform"
)

// The picture's colours are the theme's (render/theme.go): ForceColors
// (indexed like Model.Arrows), WorldPathColor, DiscPathColor, DiscColor,
// MarkerColor and DynGroundColor.

// Sizes of the picture.
const (
	ArrowMax       = 1.5  // longest force arrow, m; longer ones keep their direction
	ArrowMin       = 1e-3 // shortest force arrow drawn, m
	PathSegments   = 1024 // most segments drawn per path (older points are thinned)
	ghostEverySec  = 0.25 // crash: a faint pose every this many seconds
	velocityArrowT = 0.3  // crash: a velocity arrow spans this many seconds of motion
	arrowHead      = 0.08 // arrow head length, m, for a camera headRef away (longer from farther)
	headRef        = 3.4  // camera distance (m) at which arrow heads are arrowHead long: the turntable's
)

// toRender maps the models' coordinates (z up) to render's (y up):
// (x, y, z) -> (x, z, -y), a rotation.
func toRender(p mgl64.Vec3) mgl64.Vec3 { return mgl64.Vec3{p[0], p[2], -p[1]} }

// zUp is toRender as a matrix.
var zUp = mgl64.Mat4FromRows(
	mgl64.Vec4{1, 0, 0, 0},
	mgl64.Vec4{0, 0, 1, 0},
	mgl64.Vec4{0, -1, 0, 0},
	mgl64.Vec4{0, 0, 0, 1},
)

// modelUp is the models' +z in render's coordinates: arrow heads lie in the
// plane perpendicular to it (the ground plane).
var modelUp = toRender(mgl64.Vec3{0, 0, 1})

// Picture starts f with Camera and vp (render.Frame.Begin) and draws the
// shown preset at its current moment: lines and labels in f, the labels
// spread apart at LabelScale with leader lines (render.Frame.SpreadLabels),
// and for the turntable the force arrows in Arrows. With the crash shown
// and Follow on, it first moves Camera to keep the car and the box in
// view. It allocates nothing once f's buffers have grown.
func (m *Model) Picture(f *render.Frame, vp render.Viewport) {
	m.setAspect(vp.W, vp.H)
	if m.Preset == PresetCrash && m.Follow {
		m.follow()
	}
	if m.Preset == PresetTurntable {
		m.fitTurntable(vp.W, vp.H)
	}
	f.Begin(m.Camera, vp)
	if m.Preset == PresetCrash {
		m.crashPicture(f)
	} else {
		m.turntablePicture(f)
	}
	f.SpreadLabels(m.LabelScale)
}

// Framing the crash: follow fits the camera to the story so far.
const (
	// FollowPad is the room kept around each point follow frames, m: half
	// the car's diagonal (4 x 1.8 m), so the car's box stays in view.
	FollowPad = 2.2
	// FollowMargin is the share of the viewport follow leaves free on
	// each side (render.Camera.Fit's margin).
	FollowMargin = 0.06
)

// setAspect keeps w/h as the aspect follow fits at, when both are
// finite and positive.
func (m *Model) setAspect(w, h float64) {
	if a := w / h; w > 0 && h > 0 && transform.Finite(a) {
		m.aspect = a
	}
}

// follow frames the crash as it has gone so far: the camera (its
// direction and projection kept) is fitted (render.Camera.Fit at the
// aspect of the last picture, FollowMargin) to where the car's path
// starts, the car, the box, the tips of their velocity arrows and the
// impulse, each padded by FollowPad. The target moves to the fitted one;
// the distance only grows, so a zoom-out stays and the view never pumps
// as the car slows. Nothing moves when a point is not finite.
func (m *Model) follow() {
	cr := m.Crash
	st := cr.State()
	car, box := st.Car.Position, st.BoxWorld.Position
	pts := [6]mgl64.Vec3{car, box, car, car.Add(st.Car.V.Mul(velocityArrowT)), box.Add(st.BoxWorld.V.Mul(velocityArrowT)), car}
	if cr.CarPath.Len() > 0 {
		pts[2] = cr.CarPath.At(0).Position
	}
	if _, tip, ok := impulseArrow(&st); ok {
		pts[5] = tip
	}
	lo, hi := toRender(pts[0]), toRender(pts[0])
	for _, p := range pts {
		q := toRender(p)
		if !transform.FiniteVec3(q) {
			return
		}
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], q[k]), max(hi[k], q[k])
		}
	}
	pad := mgl64.Vec3{FollowPad, 0, FollowPad} // the ground plane (render's x and z)
	c := m.Camera
	c.Fit(lo.Sub(pad), hi.Add(pad), m.aspect, FollowMargin)
	m.Camera.Target = c.Target
	m.Camera.Distance = max(m.Camera.Distance, min(c.Distance, render.MaxDistance))
}

// reachLabel is the longest label at the turntable's arrows' tips, in
// characters ("centrifugal").
const reachLabel = 11

// fitTurntable moves the turntable's camera back, while it is where
// HomeCamera (or an earlier fit) put it, until the ball and the tips of
// its force arrows fit a picture w by h pixels with room for a label of
// reachLabel characters at LabelScale across and a line down: a picture
// narrower than it is tall (the band beside a lecture-size column) cut
// the centrifugal arrow and its label at the left edge. The distance only grows (a shrinking arrow does not pump the
// view) and starts again from the home distance when the camera is put
// back there (HomeView, a preset). A user's orbit or zoom is kept.
func (m *Model) fitTurntable(w, h float64) {
	home := HomeCamera(PresetTurntable)
	c := m.Camera
	at := c.Distance
	c.Distance = home.Distance
	if c != home || (at != home.Distance && at != m.fitDistance) || !(w > 0 && h > 0) {
		return // moved by the user, or no picture
	}
	st := m.Turn.State()
	scale := sane(m.ArrowScale, MinArrowScale, MaxArrowScale, DefaultArrowScale)
	tm := render.TextMetricsAt(render.LabelScale(m.LabelScale) * render.TextSize)
	label, line := reachLabel*tm.Advance, tm.Ascent+tm.Descent
	t := math.Tan(mgl64.DegToRad(home.Fov) / 2)
	d := at
	fit := func(p mgl64.Vec3) {
		// Seen from above, model x is the screen's right and model y its
		// up; the visible half-width at the target's depth is
		// d*t*aspect metres over w/2 pixels, the half-height d*t over
		// h/2.
		dx, dy := math.Abs(p[0]-home.Target[0]), math.Abs(p[1]+home.Target[2])
		if !transform.Finite(dx, dy) || w/2 <= 2*label || h/2 <= 2*line {
			return
		}
		hw := dx * (w / 2) / (w/2 - label)
		hh := dy * (h / 2) / (h/2 - line)
		d = max(d, hw/(t*w/h), hh/t)
	}
	fit(st.WorldPos)
	for _, F := range st.Forces.Array() {
		dv := F.Mul(scale)
		if l := dv.Len(); l > ArrowMax {
			dv = dv.Mul(ArrowMax / l)
		}
		fit(st.WorldPos.Add(dv))
	}
	d = min(d, render.MaxDistance)
	m.Camera.Distance, m.fitDistance = d, d
}

// line draws the model-space segment a-b.
func line(f *render.Frame, a, b mgl64.Vec3, c render.Color, w float32) {
	f.Line(toRender(a), toRender(b), c, w)
}

// text labels the model-space point p.
func text(f *render.Frame, p mgl64.Vec3, s string, c render.Color) { f.Text(toRender(p), s, c) }

// circle draws a circle of radius r about c in the plane z = c.z, n
// segments from c + (r, 0, 0) counter-clockwise seen from +z.
func circle(f *render.Frame, c mgl64.Vec3, r float64, n int, col render.Color, w float32) {
	f.Circle(toRender(c), toRender(mgl64.Vec3{r, 0, 0}), toRender(mgl64.Vec3{0, r, 0}), n, col, w)
}

// arrow draws an arrow from a to b with its head in the plane z = b.z (or
// the xz plane for a vertical arrow), heads scaled with the camera's
// distance.
func arrow(f *render.Frame, a, b mgl64.Vec3, c render.Color, w float32) {
	f.Arrow(toRender(a), toRender(b), modelUp, arrowHead*f.ZoomScale(headRef), c, w)
}

// ground draws a square grid in the plane z = z0 from lo to hi (x and y)
// every step metres.
func ground(f *render.Frame, lo, hi mgl64.Vec2, step, z0 float64) {
	f.Grid(mgl64.Vec2{lo[0], -hi[1]}, mgl64.Vec2{hi[0], -lo[1]}, step, z0, render.DynGroundColor, 1)
}

// turntablePicture draws the turntable: the ground, the world axes, the
// disc, the ball's paths, the ball and the force arrows.
func (m *Model) turntablePicture(f *render.Frame) {
	t := m.Turn
	st := t.State()
	ground(f, mgl64.Vec2{-2, -2}, mgl64.Vec2{2, 2}, 0.5, -0.08)
	line(f, mgl64.Vec3{0, 0, -0.08}, mgl64.Vec3{2.2, 0, -0.08}, render.XColor.Dim(0.5), 1)
	line(f, mgl64.Vec3{0, 0, -0.08}, mgl64.Vec3{0, 2.2, -0.08}, render.YColor.Dim(0.5), 1)
	text(f, mgl64.Vec3{2.2, 0, -0.08}, "world x", render.XColor.Dim(0.7))
	text(f, mgl64.Vec3{0, 2.2, -0.08}, "world y", render.YColor.Dim(0.7))
	disc(f, st.DiscAngle, t.Radius)
	if m.ShowDisc {
		// The disc-frame points, turned with the disc: painted on it.
		s, c := math.Sincos(st.DiscAngle)
		r := &t.DiscPath
		path(f, r.Len(), func(i int) mgl64.Vec3 {
			p := r.At(i)
			return mgl64.Vec3{c*p[0] - s*p[1], s*p[0] + c*p[1], p[2]}
		}, render.DiscPathColor, "path on the disc")
	}
	if m.ShowWorld {
		r := &t.WorldPath
		path(f, r.Len(), r.At, render.WorldPathColor, "path in the world")
	}
	circle(f, st.WorldPos, 0.04, 16, render.White, 2)
	m.forceArrows(f, &st)
}

// disc draws the disc turned by angle (rad): a flat cylinder of radius r
// with eight spokes and a half-radius ring on its top face, the first
// spoke (the disc's local x axis) in the marker colour. A radius that is
// not a finite positive number counts as 1.
func disc(f *render.Frame, angle, r float64) {
	if !transform.Finite(r) || r <= 0 {
		r = 1
	}
	model := zUp.Mul4(mgl64.HomogRotate3DZ(angle)).Mul4(mgl64.Translate3D(0, 0, -0.03)).Mul4(mgl64.Scale3D(2*r, 2*r, 0.06))
	f.Mesh(render.Cylinder, model, render.DiscColor.Dim(0.8), 1)
	for k := 7; k >= 0; k-- {
		s, c := math.Sincos(angle + float64(k)*math.Pi/4)
		col, w := render.DiscColor.Dim(0.6), float32(1)
		if k == 0 {
			col, w = render.MarkerColor, 2.5
		}
		line(f, mgl64.Vec3{}, mgl64.Vec3{r * c, r * s, 0}, col, w)
	}
	circle(f, mgl64.Vec3{}, r/2, 32, render.DiscColor.Dim(0.5), 1)
	s, c := math.Sincos(angle)
	text(f, mgl64.Vec3{1.08 * r * c, 1.08 * r * s, 0}, "disc x", render.MarkerColor)
}

// path draws the model-space points at(0..n-1) as a polyline of at most
// PathSegments segments and labels the oldest point; fewer than two
// points draw nothing.
func path(f *render.Frame, n int, at func(int) mgl64.Vec3, c render.Color, label string) {
	if n < 2 {
		return
	}
	f.Polyline(n, PathSegments, func(i int) mgl64.Vec3 { return toRender(at(i)) }, c, 2)
	text(f, at(0), label, c)
}

// forceArrows computes the force arrows at the ball into Arrows: each
// force times ArrowScale (sanitised), at most ArrowMax long; and draws
// those long enough when ShowForces is on.
func (m *Model) forceArrows(f *render.Frame, st *TurntableState) {
	forces := st.Forces.Array()
	scale := sane(m.ArrowScale, MinArrowScale, MaxArrowScale, DefaultArrowScale)
	for k, F := range forces {
		a := &m.Arrows[k]
		a.Force, a.From = F, st.WorldPos
		d := F.Mul(scale)
		if l := d.Len(); l > ArrowMax {
			d = d.Mul(ArrowMax / l)
		}
		a.To = a.From.Add(d)
		a.Shown = d.Len() >= ArrowMin && transform.FiniteVec3(a.From) && transform.FiniteVec3(a.To)
		if !a.Shown || !m.ShowForces {
			continue
		}
		arrow(f, a.From, a.To, render.ForceColors[k], 2.5)
		tipText(f, a.From, a.To, ForceNames[k], render.ForceColors[k])
	}
}

// tipText labels the tip b of the model-space arrow a-b; when b is off the
// picture but a is on it, it labels the last point of the arrow on the
// picture instead (found by bisection to a millionth of the arrow), so an
// arrow that runs out of the picture keeps its name at the edge, where
// SpreadLabels keeps the text inside. An arrow wholly off the picture
// gets no label.
func tipText(f *render.Frame, a, b mgl64.Vec3, s string, c render.Color) {
	if _, ok := f.Project(toRender(b)); ok {
		text(f, b, s, c)
		return
	}
	if _, ok := f.Project(toRender(a)); !ok {
		return
	}
	in, out := 0.0, 1.0 // parameters on a-b of a point on the picture and one off it
	for range 20 {
		mid := (in + out) / 2
		if _, ok := f.Project(toRender(a.Add(b.Sub(a).Mul(mid)))); ok {
			in = mid
		} else {
			out = mid
		}
	}
	text(f, a.Add(b.Sub(a).Mul(in)), s, c)
}

// crashPicture draws the crash: the ground, the ghosts, the paths, the car
// and the box with their velocity arrows, and the impulse after the crash.
func (m *Model) crashPicture(f *render.Frame) {
	cr := m.Crash
	st := cr.State()
	ground(f, mgl64.Vec2{-5, -10}, mgl64.Vec2{45, 25}, 5, 0)
	m.ghosts(f)
	n := cr.CarPath.Len()
	for i := 1; i < n; i++ {
		line(f, cr.CarPath.At(i-1).Position, cr.CarPath.At(i).Position, render.WorldPathColor, 2)
		line(f, cr.BoxPath.At(i-1).Position, cr.BoxPath.At(i).Position, render.DiscPathColor, 2)
	}
	if n > 0 {
		text(f, cr.CarPath.At(0).Position, "car path", render.WorldPathColor)
	}
	car, box := st.Car.Uniform, st.BoxWorld.Uniform
	f.Mesh(render.Box, zUp.Mul4(car.Mat4()).Mul4(carShape), render.WorldPathColor, 2)
	f.Mesh(render.Box, zUp.Mul4(box.Mat4()).Mul4(boxShape), render.DiscPathColor, 2)
	text(f, car.Position.Add(mgl64.Vec3{0, 0, 1.4}), "car", render.WorldPathColor)
	text(f, box.Position.Add(mgl64.Vec3{0.3, -0.3, 0}), "box", render.DiscPathColor) // below right, clear of the 0.3 m box
	arrow(f, car.Position, car.Position.Add(st.Car.V.Mul(velocityArrowT)), render.WorldPathColor, 2)
	arrow(f, box.Position, box.Position.Add(st.BoxWorld.V.Mul(velocityArrowT)), render.DiscPathColor, 2)
	if from, tip, ok := impulseArrow(&st); ok {
		arrow(f, from, tip, render.MarkerColor, 3)
		text(f, tip.Add(tip.Sub(from).Mul(0.6/5)), "impulse", render.MarkerColor) // 0.6 m past the head, not on it
	}
}

// impulseArrow returns the crash's impulse arrow (model coordinates): along
// the impulse from 1 m behind the car's centre to 4 m ahead of it; ok is
// false before the crash or for a zero impulse.
func impulseArrow(st *CrashState) (from, tip mgl64.Vec3, ok bool) {
	d := st.Impulse.Len()
	if !st.Crashed || !(d > 0) {
		return mgl64.Vec3{}, mgl64.Vec3{}, false
	}
	p, u := st.Car.Position, st.Impulse.Mul(1/d)
	return p.Sub(u), p.Add(u.Mul(4)), true
}

// carShape and boxShape size the unit box mesh into the car (4 x 1.8 x
// 1.2 m, floor 0.2 m above the road) and the loose box (0.3 m).
var (
	carShape = mgl64.Translate3D(0, 0, 0.8).Mul4(mgl64.Scale3D(4, 1.8, 1.2))
	boxShape = mgl64.Scale3D(0.3, 0.3, 0.3)
)

// ghosts draws faint poses of the car and the box every ghostEverySec.
func (m *Model) ghosts(f *render.Frame) {
	cr := m.Crash
	every := int(math.Round(ghostEverySec / cr.Dt))
	if !(cr.Dt > 0) || every < 1 {
		every = 60
	}
	for i := 0; i < cr.CarPath.Len(); i += every {
		f.Mesh(render.Box, zUp.Mul4(cr.CarPath.At(i).Mat4()).Mul4(carShape), render.WorldPathColor.Dim(0.25), 1)
		f.Mesh(render.Box, zUp.Mul4(cr.BoxPath.At(i).Mat4()).Mul4(boxShape), render.DiscPathColor.Dim(0.4), 1)
	}
}
