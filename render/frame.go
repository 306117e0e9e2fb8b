package render

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// Viewport is the rectangle of the picture that the camera fills, in
// pixels with the origin at the top-left and y down. A viewport with a
// non-positive or non-finite size draws nothing.
type Viewport struct{ X, Y, W, H float64 }

// Aspect returns W / H.
func (v Viewport) Aspect() float64 { return v.W / v.H }

func (v Viewport) valid() bool {
	return transform.Finite(v.X, v.Y, v.W, v.H) && v.W > 0 && v.H > 0
}

// Segment is one visible piece of a line on the screen: A and B in pixels
// (y down, inside the viewport), its colour, its width in pixels, and
// Depth, the distance in world units in front of the camera (along the
// view direction) of the segment's midpoint: larger is farther, so draw in
// decreasing Depth for far-to-near order (see SortFarToNear).
type Segment struct {
	A, B  mgl64.Vec2
	Color Color
	Depth float64
	Width float32
}

// Label is a text anchored at a projected point (pixels, y down): its
// baseline starts at LabelBaseline(At, scale), a little right of and
// above At, in the window and the exporters alike. Anchor is the point
// the label names: Frame.Text sets it to At, and Frame.SpreadLabels,
// which moves At to keep labels apart, keeps it (a leader line then joins
// Anchor to the moved text). Drawers draw At; a label made elsewhere may
// leave Anchor zero. Size is the text's em size in pixels at scale 1
// (0 means TextSize); a bigger label (a tour caption) keeps the same
// placement rule, its baseline at LabelBaseline(At, scale).
type Label struct {
	At     mgl64.Vec2
	Text   string
	Color  Color
	Anchor mgl64.Vec2
	Size   float64
}

// EmSize returns the label's em size in pixels at scale 1: Size, or
// TextSize when Size is not positive.
func (l Label) EmSize() float64 {
	if l.Size > 0 {
		return l.Size
	}
	return TextSize
}

// hpoint is a point in clip coordinates with its view depth.
type hpoint struct {
	c [4]float64
	d float64
}

// Frame collects the segments and labels of one picture. Begin resets it
// for a camera and viewport; Line, Mesh, Text and Scene append. Its
// buffers are kept across frames, so once they have grown to a scene's
// size a frame allocates nothing. The zero value is ready for Begin; a
// Frame is not safe for concurrent use.
type Frame struct {
	// Segments and Labels are the output in the order drawn. They are
	// reused by the next Begin: copy them to keep them.
	Segments []Segment
	Labels   []Label
	// LineScale is the factor whoever draws the frame widens its
	// segments by (the window's kit.Strokes.WidthScale, an exported
	// figure's ScaleFigure line factor), so SpreadLabels keeps labels
	// clear of the lines as wide as they are drawn. Zero, below 1 or not
	// finite counts as 1. Begin keeps it.
	LineScale float64

	cam      Camera
	vp       Viewport
	ok       bool       // camera and viewport usable
	viewProj mgl64.Mat4 // world to clip
	depth    [4]float64 // row of the view matrix giving the depth in front of the eye
	screen   mgl64.Mat4 // NDC to pixels, with the y flip
	pts      []hpoint   // Mesh's transformed points
	// stride thins Mesh: it draws every stride-th edge and dot (Scene
	// sets it for the edge cap; 0 and 1 draw all). meshTotal and
	// meshDrawn count the edges and dots Scene was given and drew.
	stride, meshTotal, meshDrawn int
	dash                         float64        // Scene's Options.Dash while it draws meshes: emit dashes edges
	spread                       spreadBuf      // SpreadLabels' scratch
	deform                       scene.Deformer // skinned and morphed points of Scene
}

// Begin starts a new picture seen by cam in vp: it empties Segments and
// Labels (keeping their capacity) and sets up the matrices. With an
// invalid viewport or a camera whose matrices are not finite, the frame
// stays empty whatever is drawn into it.
func (f *Frame) Begin(cam Camera, vp Viewport) {
	f.Segments, f.Labels = f.Segments[:0], f.Labels[:0]
	f.stride, f.meshTotal, f.meshDrawn = 1, 0, 0
	f.cam, f.vp = cam, vp
	view := cam.View()
	f.viewProj = cam.Projection(vp.Aspect()).Mul4(view)
	f.depth = [4]float64{-view[2], -view[6], -view[10], -view[14]}
	f.screen = ScreenMatrix(vp)
	f.ok = vp.valid() && transform.Finite(f.viewProj[:]...) && transform.Finite(view[:]...)
}

// Camera returns the camera given to Begin.
func (f *Frame) Camera() Camera { return f.cam }

// Viewport returns the viewport given to Begin.
func (f *Frame) Viewport() Viewport { return f.vp }

// ViewProj returns the world-to-clip matrix (projection * view) of the
// frame.
func (f *Frame) ViewProj() mgl64.Mat4 { return f.viewProj }

// ScreenMatrix returns the matrix that maps normalized device coordinates
// (x, y in [-1, 1], y up) to vp's pixels (y down): x' = X + W(x+1)/2,
// y' = Y + H(1-y)/2; z passes through.
func ScreenMatrix(vp Viewport) mgl64.Mat4 {
	return mgl64.Mat4FromRows(
		mgl64.Vec4{vp.W / 2, 0, 0, vp.X + vp.W/2},
		mgl64.Vec4{0, -vp.H / 2, 0, vp.Y + vp.H/2},
		mgl64.Vec4{0, 0, 1, 0},
		mgl64.Vec4{0, 0, 0, 1},
	)
}

// Line appends the visible part of the world-space segment a-b, clipped
// against the view frustum in homogeneous coordinates before the divide.
// Nothing is appended when the segment is outside the frustum, wholly
// behind the camera, shorter than a millionth of a pixel on screen, or not
// finite. width is in pixels; a non-positive or NaN width becomes 1.
func (f *Frame) Line(a, b mgl64.Vec3, c Color, width float32) {
	if !f.ok {
		return
	}
	pa, pb := f.toClip(&f.viewProj, &f.depth, a), f.toClip(&f.viewProj, &f.depth, b)
	f.emit(&pa, &pb, c, width)
}

// Thinned reports the mesh edges and dots the Scene calls since Begin
// drew (before clipping) and how many their meshes hold: drawn < total
// when the edge cap (Options.EdgeCap) thinned them.
func (f *Frame) Thinned() (drawn, total int) { return f.meshDrawn, f.meshTotal }

// DotSize is half the width in pixels of the cross that marks a mesh dot
// (a glTF points primitive).
const DotSize = 2

// Mesh appends the edges of m placed by model (local to world, column
// vectors), each clipped as in Line, and a small cross (DotSize) at each
// of its dots inside the view. A nil mesh, a non-finite model and edges
// or dots with indices outside m.Points append nothing.
func (f *Frame) Mesh(m *Mesh, model mgl64.Mat4, c Color, width float32) {
	if m == nil {
		return
	}
	f.MeshPoints(m, m.Points, model, c, width)
}

// MeshPoints is Mesh with pts in place of m.Points (the same count): the
// points of a skinned or morphed mesh as scene.Deformer computes them,
// with model the identity for skinned points (already in the world). A
// point that is not finite (a joint undefined under the rule) drops the
// edges and dots that use it; a pts of another length appends nothing.
func (f *Frame) MeshPoints(m *Mesh, pts []mgl64.Vec3, model mgl64.Mat4, c Color, width float32) {
	if !f.ok || m == nil || len(pts) != len(m.Points) || !transform.Finite(model[:]...) {
		return
	}
	mvp := f.viewProj.Mul4(model)
	var dm [4]float64
	for j := 0; j < 4; j++ {
		dm[j] = f.depth[0]*model[4*j] + f.depth[1]*model[4*j+1] + f.depth[2]*model[4*j+2] + f.depth[3]*model[4*j+3]
	}
	f.pts = slices.Grow(f.pts[:0], len(pts))[:len(pts)]
	for i, p := range pts {
		f.pts[i] = f.toClip(&mvp, &dm, p)
	}
	n := int32(len(f.pts))
	step := max(f.stride, 1)
	for k := 0; k < len(m.Edges); k += step {
		e := m.Edges[k]
		if e[0] < 0 || e[1] < 0 || e[0] >= n || e[1] >= n {
			continue
		}
		f.emit(&f.pts[e[0]], &f.pts[e[1]], c, width)
	}
	for k := 0; k < len(m.Dots); k += step {
		d := m.Dots[k]
		if d < 0 || d >= n || !inside(&f.pts[d].c) {
			continue
		}
		p := f.toScreen(&f.pts[d].c)
		for _, o := range [2]mgl64.Vec2{{DotSize, DotSize}, {DotSize, -DotSize}} {
			f.Segments = append(f.Segments, Segment{A: p.Sub(o), B: p.Add(o), Color: c, Depth: f.pts[d].d, Width: width})
		}
	}
}

// inside reports a finite clip point inside the view frustum.
func inside(c *[4]float64) bool {
	if !transform.Finite(sum4(c)) || !(c[3] > 0) {
		return false
	}
	for k := 0; k < 3; k++ {
		if c[3]+c[k] < 0 || c[3]-c[k] < 0 {
			return false
		}
	}
	return true
}

// Text appends a label at the projection of the world point at. It is
// dropped when the point is outside the view frustum (behind the camera,
// off screen, nearer than Near or farther than Far) or not finite.
func (f *Frame) Text(at mgl64.Vec3, text string, c Color) {
	if p, ok := f.Project(at); ok {
		f.Labels = append(f.Labels, Label{At: p, Text: text, Color: c, Anchor: p})
	}
}

// Project returns the screen position (pixels, y down) of the world point
// p, and false when p is outside the view frustum, not finite, or the
// frame cannot draw (see Begin).
func (f *Frame) Project(p mgl64.Vec3) (mgl64.Vec2, bool) {
	if !f.ok {
		return mgl64.Vec2{}, false
	}
	h := f.toClip(&f.viewProj, &f.depth, p)
	if !inside(&h.c) {
		return mgl64.Vec2{}, false
	}
	return f.toScreen(&h.c), true
}

func (f *Frame) toClip(m *mgl64.Mat4, d *[4]float64, p mgl64.Vec3) hpoint {
	var h hpoint
	for r := 0; r < 4; r++ {
		h.c[r] = m[r]*p[0] + m[4+r]*p[1] + m[8+r]*p[2] + m[12+r]
	}
	h.d = d[0]*p[0] + d[1]*p[1] + d[2]*p[2] + d[3]
	return h
}

// toScreen divides the clip point c (w > 0) by w and maps it to pixels.
func (f *Frame) toScreen(c *[4]float64) mgl64.Vec2 {
	x, y, z := c[0]/c[3], c[1]/c[3], c[2]/c[3]
	s := &f.screen
	return mgl64.Vec2{
		s[0]*x + s[4]*y + s[8]*z + s[12],
		s[1]*x + s[5]*y + s[9]*z + s[13],
	}
}

// minLen2 is the squared screen length (pixels²) below which a segment is
// dropped: it draws nothing (a zero-scale node collapses to points).
const minLen2 = 1e-12

func (f *Frame) emit(a, b *hpoint, c Color, width float32) {
	t0, t1, ok := clip(a, b)
	if !ok {
		return
	}
	p0, p1 := lerp4(&a.c, &b.c, t0), lerp4(&a.c, &b.c, t1)
	if !(p0[3] > 0 && p1[3] > 0) {
		return
	}
	sa, sb := f.toScreen(&p0), f.toScreen(&p1)
	dx, dy := sb[0]-sa[0], sb[1]-sa[1]
	if !(dx*dx+dy*dy >= minLen2) || !transform.Finite(sa[0]+sa[1]+sb[0]+sb[1]) {
		return
	}
	if !(width > 0) {
		width = 1
	}
	depth := a.d + (b.d-a.d)*(t0+t1)/2
	if f.dash > 0 {
		f.dashed(sa, sb, c, depth, width)
		return
	}
	f.Segments = append(f.Segments, Segment{A: sa, B: sb, Color: c, Depth: depth, Width: width})
}

// dashed appends the screen segment a-b as dashes of f.dash pixels with
// gaps of DashGap times that (Options.Dash); a segment shorter than one
// dash and gap keeps its middle dash/(dash+gap) share.
func (f *Frame) dashed(a, b mgl64.Vec2, c Color, depth float64, width float32) {
	d := b.Sub(a)
	l := d.Len()
	period := f.dash * (1 + DashGap)
	on := f.dash / period
	if l <= period {
		m := (1 - on) / 2
		f.Segments = append(f.Segments, Segment{A: a.Add(d.Mul(m)), B: a.Add(d.Mul(1 - m)), Color: c, Depth: depth, Width: width})
		return
	}
	for s := 0.0; s < l; s += period {
		e := math.Min(s+f.dash, l)
		f.Segments = append(f.Segments, Segment{A: a.Add(d.Mul(s / l)), B: a.Add(d.Mul(e / l)), Color: c, Depth: depth, Width: width})
	}
}

// clip returns the parameter interval [t0, t1] of the segment a-b (clip
// coordinates) inside the six planes -w <= x, y, z <= w, and false when
// nothing (or a single point) remains or the input is not finite.
func clip(a, b *hpoint) (t0, t1 float64, ok bool) {
	if !transform.Finite(sum4(&a.c), sum4(&b.c), a.d, b.d) {
		return 0, 0, false
	}
	t0, t1 = 0, 1
	for k := 0; k < 3; k++ {
		for s := -1.0; s <= 1; s += 2 {
			da, db := a.c[3]+s*a.c[k], b.c[3]+s*b.c[k]
			switch {
			case da < 0 && db < 0:
				return 0, 0, false
			case da < 0:
				t0 = math.Max(t0, da/(da-db))
			case db < 0:
				t1 = math.Min(t1, da/(da-db))
			}
		}
	}
	return t0, t1, t0 < t1
}

func lerp4(a, b *[4]float64, t float64) [4]float64 {
	if t == 0 {
		return *a
	}
	if t == 1 {
		return *b
	}
	var r [4]float64
	for i := range r {
		r[i] = a[i] + (b[i]-a[i])*t
	}
	return r
}

// sum4 returns the sum of c's entries for the finite tests: it is not
// finite when an entry is not, nor when the entries overflow together
// (near 1.8e308), which the frame rejects as well.
func sum4(c *[4]float64) float64 { return c[0] + c[1] + c[2] + c[3] }

// SortFarToNear sorts segs by decreasing Depth (farthest first), keeping
// the order of equal depths. It does not allocate.
func SortFarToNear(segs []Segment) {
	slices.SortStableFunc(segs, func(a, b Segment) int { return cmp.Compare(b.Depth, a.Depth) })
}
