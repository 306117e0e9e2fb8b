package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Label placement: SpreadLabels nudges a frame's labels apart so no two
// texts overlap, and draws a leader line from a moved label's anchor to
// its text.

// Sizes of the label placement, in pixels at text scale 1 (they grow
// with the scale).
const (
	// LabelGap is the least space SpreadLabels leaves between two labels'
	// boxes.
	LabelGap = 1.0
	// LabelStep is the distance between the rings of candidate positions
	// SpreadLabels tries around an anchor (8 directions on each ring).
	LabelStep = 5.0
	// MaxLabelRings caps the rings SpreadLabels tries (it stops sooner,
	// at the viewport's diagonal) before it settles for the candidate
	// with the fewest overlaps.
	MaxLabelRings = 400
	// LeaderMin is how far a label must have moved from its anchor for a
	// leader line to be drawn.
	LeaderMin = 3.0
	// LeaderWidth is a leader line's width.
	LeaderWidth = 1.0
	// LeaderDim is the alpha factor of a leader line against its label.
	LeaderDim = 0.6
)

// MaxSpreadLabels is the most labels SpreadLabels places: a frame with
// more (a crowd no nudging makes legible, whose placement would cost
// O(n²)) is left as drawn.
const MaxSpreadLabels = 128

// LabelScale returns the text scale labels are drawn at for scale: scale
// itself when it is at least 1 and finite, else 1 (the window's rule, see
// kit.Labels).
func LabelScale(scale float64) float64 {
	if !(scale >= 1) || math.IsInf(scale, 1) {
		return 1
	}
	return scale
}

// LabelBox returns the box (top-left lo, bottom-right hi, pixels, y down)
// that l's text covers drawn at text scale scale (TextSize*scale pixels,
// scale as LabelScale takes it): from its baseline LabelBaseline(l.At,
// scale), Ascent up, Descent down and TextWidth to the right. A label
// with a non-finite At gives a non-finite box.
func LabelBox(l Label, scale float64) (lo, hi mgl64.Vec2) {
	scale = LabelScale(scale)
	return labelBox(l.At, l.Text, scale, TextMetricsAt(scale*TextSize))
}

func labelBox(at mgl64.Vec2, text string, scale float64, m TextMetrics) (lo, hi mgl64.Vec2) {
	b := LabelBaseline(at, scale)
	n := 0
	for range text {
		n++
	}
	return mgl64.Vec2{b[0], b[1] - m.Ascent}, mgl64.Vec2{b[0] + float64(n)*m.Advance, b[1] + m.Descent}
}

// box is a placed label's box.
type box struct{ lo, hi mgl64.Vec2 }

// overlaps reports whether a and b come closer than gap.
func (a box) overlaps(b box, gap float64) bool {
	return a.lo[0] < b.hi[0]+gap && b.lo[0] < a.hi[0]+gap && a.lo[1] < b.hi[1]+gap && b.lo[1] < a.hi[1]+gap
}

// spreadBuf is SpreadLabels' scratch, kept in the Frame.
type spreadBuf struct {
	order []int32 // label indices, placement order
	boxes []box   // boxes placed so far
}

// ringDirs are the 8 directions tried on each ring, vertical first
// (labels stack best as lines), then the diagonals, then sideways.
var ringDirs = [8]mgl64.Vec2{
	{0, -1}, {0, 1},
	{math.Sqrt2 / 2, -math.Sqrt2 / 2}, {math.Sqrt2 / 2, math.Sqrt2 / 2},
	{-math.Sqrt2 / 2, -math.Sqrt2 / 2}, {-math.Sqrt2 / 2, math.Sqrt2 / 2},
	{1, 0}, {-1, 0},
}

// SpreadLabels moves the frame's labels so that their boxes (LabelBox at
// text scale scale) keep LabelGap*scale apart, and adds a leader line for
// each label moved more than LeaderMin*scale pixels. Call it once, after
// everything is drawn into the frame: it takes each label's At as its
// anchor.
//
// Greedy placement: labels are placed in order of decreasing alpha
// (stable, so full-colour labels keep their place and a ghost's dimmed
// ones give way), each at its anchor when that box is free, else at the
// nearest free candidate: 8 directions (ringDirs) on rings LabelStep*scale
// apart, out to the viewport's diagonal (at most MaxLabelRings rings). A
// candidate whose box leaves the viewport is not taken, unless the box is
// larger than the viewport along that side. When no candidate is free
// the label takes the one with the fewest overlaps (the nearest among
// equals).
//
// Every label's Anchor is set to its anchor, At to where its text is
// drawn. A leader line is a Segment from the anchor to the nearest point
// of the label's box, in the label's colour dimmed by LeaderDim,
// LeaderWidth*scale wide, at Depth 0, appended to Segments; none is drawn
// when the anchor lies in the box. Labels with a non-finite At stay as
// they are and are not avoided. A frame with more than MaxSpreadLabels
// labels, or one that cannot draw (Begin's invalid viewport or camera), is
// left unchanged. It allocates nothing once the frame's buffers have
// grown.
func (f *Frame) SpreadLabels(scale float64) {
	n := len(f.Labels)
	for i := range f.Labels {
		f.Labels[i].Anchor = f.Labels[i].At
	}
	if n == 0 || n > MaxSpreadLabels || !f.ok {
		return
	}
	scale = LabelScale(scale)
	m := TextMetricsAt(scale * TextSize)
	sb := &f.spread
	sb.order = sb.order[:0]
	for i := range f.Labels {
		if isFinite2(f.Labels[i].At) {
			sb.order = append(sb.order, int32(i))
		}
	}
	// Insertion sort by decreasing alpha: stable, allocation-free, and n
	// is small.
	for i := 1; i < len(sb.order); i++ {
		for j := i; j > 0 && f.Labels[sb.order[j]].Color.A > f.Labels[sb.order[j-1]].Color.A; j-- {
			sb.order[j], sb.order[j-1] = sb.order[j-1], sb.order[j]
		}
	}
	sb.boxes = sb.boxes[:0]
	for _, i := range sb.order {
		l := &f.Labels[i]
		at := f.place(l.Anchor, l.Text, scale, m)
		l.At = at
		lo, hi := labelBox(at, l.Text, scale, m)
		sb.boxes = append(sb.boxes, box{lo, hi})
		if at.Sub(l.Anchor).Len() > LeaderMin*scale {
			f.leader(l.Anchor, box{lo, hi}, l.Color, scale)
		}
	}
}

// place returns the position for a label anchored at a: the first free
// candidate, or the one with the fewest overlaps.
func (f *Frame) place(a mgl64.Vec2, text string, scale float64, m TextMetrics) mgl64.Vec2 {
	best, bestHits := a, math.MaxInt
	try := func(p mgl64.Vec2) bool {
		lo, hi := labelBox(p, text, scale, m)
		b := box{lo, hi}
		if !f.inside(b) {
			return false
		}
		hits := 0
		for _, o := range f.spread.boxes {
			if b.overlaps(o, LabelGap*scale) {
				hits++
			}
		}
		if hits < bestHits {
			best, bestHits = p, hits
		}
		return hits == 0
	}
	if try(a) {
		return a
	}
	far := math.Hypot(f.vp.W, f.vp.H)
	for k := 1; k <= MaxLabelRings; k++ {
		r := float64(k) * LabelStep * scale
		if r > far {
			break
		}
		for _, d := range ringDirs {
			if p := a.Add(d.Mul(r)); try(p) {
				return p
			}
		}
	}
	return best
}

// inside reports whether b lies in the viewport, along each side where
// it can.
func (f *Frame) inside(b box) bool {
	vp := f.vp
	w, h := b.hi[0]-b.lo[0], b.hi[1]-b.lo[1]
	if w <= vp.W && (b.lo[0] < vp.X || b.hi[0] > vp.X+vp.W) {
		return false
	}
	return !(h <= vp.H && (b.lo[1] < vp.Y || b.hi[1] > vp.Y+vp.H))
}

// leader appends the leader line from a to the nearest point of b.
func (f *Frame) leader(a mgl64.Vec2, b box, c Color, scale float64) {
	p := mgl64.Vec2{min(max(a[0], b.lo[0]), b.hi[0]), min(max(a[1], b.lo[1]), b.hi[1])}
	if p == a {
		return // the anchor is in the box
	}
	f.Segments = append(f.Segments, Segment{A: a, B: p, Color: c.Dim(LeaderDim), Width: float32(LeaderWidth * scale)})
}

func isFinite2(p mgl64.Vec2) bool {
	return !math.IsNaN(p[0]+p[1]) && !math.IsInf(p[0]+p[1], 0)
}
