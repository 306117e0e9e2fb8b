package piston

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/transform"
)

// Artifacts on the canvas: the skew arc of the picked node, and the
// frames' labels spread apart. Recompute draws them through artifacts.

// Sizes of the skew arc.
const (
	ArcFrac     = 0.5  // the arc's radius as a fraction of the shorter of its two columns, in the camera's unit
	ArcLabelAt  = 1.25 // the label's anchor, in radii from the origin along the arc's middle
	ArcSegments = 24   // segments of the arc
	ArcWidth    = 2.0  // pixels
)

// SkewArc is the arc that shows a node's skew: between the two columns of
// its world 3x3 part (the images of two local axes) whose angle is
// farthest from 90 degrees, about the node's world origin, in their
// plane.
type SkewArc struct {
	Origin  mgl64.Vec3 // the node's world origin (translation column)
	Cols    [2]int     // the two columns, 0 x, 1 y, 2 z, lower first
	U, V    mgl64.Vec3 // those columns (world units)
	Radius  float64    // ArcFrac times the shorter of U and V, times the camera's unit
	SkewDeg float64    // |angle(U, V) - 90°|: the node's skew as transform.SkewDeg gives it
	LabelAt mgl64.Vec3 // where the label is anchored: ArcLabelAt radii out along the arc's middle
	Text    string     // the label: "skew 52.3°" (SkewDeg to one decimal)
}

// FindSkewArc returns the skew arc of a node with world matrix w, seen
// by a camera of unit u (render.Camera.U: the arc's radius is in it, as
// the local axes' lengths are, so it keeps its size beside a model in
// millimetres or kilometres; 1 for the presets), and false when there is
// none to draw: w not finite, a column counting as zero
// (transform.SkewDeg's undefined skew), or no visible skew (the threshold
// of modes.Readout.Skewed). A u that is not positive and finite counts as
// 1. Of equally sheared pairs the first of (x, y), (x, z), (y, z) is
// taken. It allocates nothing.
func FindSkewArc(w mgl64.Mat4, u float64) (SkewArc, bool) {
	if !(u > 0) || math.IsInf(u, 0) {
		u = 1
	}
	if !transform.Finite(w[:]...) {
		return SkewArc{}, false
	}
	deg, ok := transform.SkewDeg(w.Mat3())
	if !(modes.Readout{SkewDeg: deg, SkewOK: ok}).Skewed() {
		return SkewArc{}, false
	}
	var cols [3]mgl64.Vec3
	for k := range cols {
		cols[k] = mgl64.Vec3{w[4*k], w[4*k+1], w[4*k+2]}
	}
	a := SkewArc{Origin: mgl64.Vec3{w[12], w[13], w[14]}, SkewDeg: -1}
	for _, p := range [3][2]int{{0, 1}, {0, 2}, {1, 2}} {
		u, v := cols[p[0]], cols[p[1]]
		// As transform.SkewDeg: 90° minus the angle is atan2(cos, sin).
		d := math.Abs(math.Atan2(u.Dot(v), u.Cross(v).Len())) * 180 / math.Pi
		if d > a.SkewDeg {
			a.SkewDeg, a.Cols, a.U, a.V = d, p, u, v
		}
	}
	a.Radius = ArcFrac * math.Min(a.U.Len(), a.V.Len()) * u
	mid, ok := render.ArcDir(a.U, a.V, 0.5)
	if !ok || !(a.Radius > 0) || math.IsInf(a.Radius, 0) {
		return SkewArc{}, false
	}
	a.LabelAt = a.Origin.Add(mid.Mul(ArcLabelAt * a.Radius))
	a.Text = ArcText(a.SkewDeg)
	return a, true
}

// ArcText returns the arc's label for a skew of deg degrees: "skew
// 52.3°", deg to one decimal, clamped to 0..90 (the range of a skew; NaN
// gives 0). The texts are made once, so it allocates nothing.
func ArcText(deg float64) string {
	k := 0
	if deg > 0 {
		k = int(math.Round(min(deg, 90) * 10))
	}
	return arcTexts.all[arcTexts.at[k]:arcTexts.at[k+1]]
}

// arcTexts holds every ArcText in one string: text k (tenths of a
// degree) is all[at[k]:at[k+1]].
var arcTexts = func() (t struct {
	all string
	at  [902]int
}) {
	var b strings.Builder
	for k := 0; k <= 900; k++ {
		t.at[k] = b.Len()
		fmt.Fprintf(&b, "skew %.1f°", float64(k)/10)
	}
	t.at[901] = b.Len()
	t.all = b.String()
	return t
}()

// DrawArc draws a's arc in f (render.Warning, ArcWidth pixels wide,
// ArcSegments segments) and its label.
func DrawArc(f *render.Frame, a SkewArc) {
	if f.Arc(a.Origin, a.U, a.V, a.Radius, ArcSegments, render.Warning, ArcWidth) {
		f.Text(a.LabelAt, a.Text, render.Warning)
	}
}

// artifacts adds the picked node's skew arc to the frames (each pane
// under its own mode: the main frame under Mode, the split's right pane
// under Compare; a ghost gets none) unless HideArc, then spreads each
// frame's labels at LabelScale.
func (m *Model) artifacts(split bool) {
	m.Arcs = [2]SkewArc{}
	for k := range m.Frames {
		if m.HideArc || (k == 1 && !split) || m.Picked < 0 || m.Picked >= len(m.World[k]) {
			continue
		}
		if a, ok := FindSkewArc(m.World[k][m.Picked], m.Camera.U()); ok {
			m.Arcs[k] = a
			DrawArc(&m.Frames[k], a)
		}
	}
	for k := range m.Frames {
		m.Frames[k].LineScale = m.LineScale
		m.Frames[k].SpreadLabels(m.LabelScale)
	}
}
