package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Label placement: SpreadLabels nudges a frame's labels apart so no two
// texts overlap and they keep clear of the frame's lines (occupancy.go),
// and draws a leader line from a moved label's anchor to its text.

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

// How SpreadLabels weighs lines, in pixels as drawn (they do not grow with
// the text scale), and the size of its occupancy grid.
const (
	// LabelCell is the side of a cell of the occupancy grid into which
	// SpreadLabels rasterises the frame's segments.
	LabelCell = 3.0
	// LabelInkWidth is the width from which a line of full alpha has full
	// ink (weight 1): a force arrow's 2.5 px, a basis rod's 3. Thinner or
	// fainter lines weigh less (inkWeight).
	LabelInkWidth = 2.5
	// LabelLineCost is how many pixels farther from its anchor
	// SpreadLabels moves a label to keep one pixel of line of weight 1
	// (one cell's side) out of its box; a line of weight w costs w times
	// that.
	LabelLineCost = 16.0
	// MaxLabelCells caps the occupancy grid's cells: a viewport that would
	// need more (over 3072x3072 pixels) gets larger cells.
	MaxLabelCells = 1 << 20
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
	order   []int32  // label indices, placement order
	boxes   []box    // boxes placed so far
	leaders []leader // leader lines drawn so far
	occ     occGrid  // the frame's segments, rasterised
}

// leader is a leader line drawn by SpreadLabels, which labels placed
// after it keep clear of (it is not in the occupancy grid).
type leader struct {
	a, b mgl64.Vec2
	wt   float64 // its weight, inkWeight
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
// text scale scale) keep LabelGap*scale apart and clear of the frame's
// lines where they can, and adds a leader line for each label moved more
// than LeaderMin*scale pixels. Call it once, after everything is drawn
// into the frame: it takes each label's At as its anchor and every
// segment in Segments as a line to keep clear of.
//
// Lines: the segments are rasterised into an occupancy grid of square
// cells LabelCell pixels wide (larger when the viewport would need more
// than MaxLabelCells cells) over the viewport, only where labels look (the
// anchors' surroundings first, more as the search widens). A cell is
// marked when any point of a segment's stroke (Width wide; a Width that
// is not a positive number as 1) may lie in it, so a box that touches no
// marked cell crosses no stroke. A cell weighs the largest weight of the
// segments marking it, a segment's weight being its ink squared, ink its
// colour's alpha (clamped to [0, 1], NaN as 0) times its width over
// LabelInkWidth (at most 1): a full-colour line 2.5 px or wider (a force
// arrow, a basis rod) weighs 1 and is full; a node's 1.5 px wireframe
// 0.36; a 1 px line 0.16; a ghost's wireframe (alpha 0.35, 1.5 px) 0.044;
// the piston's ground grid (alpha 0.3, 1 px) 0.014, so a label gives way
// to a bold bright line far sooner than to a thin or faint one. A box's
// line weight w is the sum of the weights of the cells it touches, plus,
// for each leader line this call drew before (not the label's own, drawn
// after it is placed), the leader's length inside the box in cells times
// its weight; its full count is the number of full cells it touches.
//
// Greedy placement: labels are placed in order of decreasing alpha
// (stable, so full-colour labels keep their place and a ghost's dimmed
// ones give way). Each takes, among its anchor and candidates on 8
// directions (ringDirs) on rings LabelStep*scale apart out to the
// viewport's diagonal (at most MaxLabelRings rings), the one that
// overlaps the fewest labels placed before it; among those, the one that
// touches the fewest full cells; and among those the one of least cost
// d + LabelLineCost*c*w, d its distance in pixels from the anchor and c
// the cell's side (the first in ring order among equals). The search
// stops at the first ring farther than the best cost once the best
// overlaps no label and touches no full cell. So a label stays at its
// anchor when that box is free of labels and lines; it crosses a full
// line only when every candidate free of labels does; and it trades
// distance for the thin and faint lines it crosses. A candidate whose box
// leaves the viewport is not taken, unless the box is larger than the
// viewport along that side.
//
// Every label's Anchor is set to its anchor, At to where its text is
// drawn. A leader line is a Segment from the anchor to the nearest point
// of the label's box, in the label's colour dimmed by LeaderDim,
// LeaderWidth*scale wide, at Depth 0, appended to Segments; none is drawn
// when the anchor lies in the box. Labels with a non-finite At stay as
// they are and are not avoided; segments with a non-finite end are not
// avoided. A frame with more than MaxSpreadLabels labels, or one that
// cannot draw (Begin's invalid viewport or camera), is left unchanged. It
// allocates nothing once the frame's buffers have grown.
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
	if len(sb.order) == 0 {
		return
	}
	// Insertion sort by decreasing alpha: stable, allocation-free, and n
	// is small.
	for i := 1; i < len(sb.order); i++ {
		for j := i; j > 0 && f.Labels[sb.order[j]].Color.A > f.Labels[sb.order[j-1]].Color.A; j-- {
			sb.order[j], sb.order[j-1] = sb.order[j-1], sb.order[j]
		}
	}
	// The grid starts with the anchors' boxes and a few rings about them.
	sb.occ.reset(f.vp, LabelCell, f.Segments, LabelScale(f.LineScale))
	var all box
	for k, i := range sb.order {
		lo, hi := labelBox(f.Labels[i].At, f.Labels[i].Text, scale, m)
		if k == 0 {
			all = box{lo, hi}
		}
		all = box{mgl64.Vec2{min(all.lo[0], lo[0]), min(all.lo[1], lo[1])}, mgl64.Vec2{max(all.hi[0], hi[0]), max(all.hi[1], hi[1])}}
	}
	sb.occ.seed(all, int(math.Ceil(4*LabelStep*scale/LabelCell)))
	sb.boxes, sb.leaders = sb.boxes[:0], sb.leaders[:0]
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

// place returns the position for a label anchored at a: of the
// candidates with the fewest label overlaps, the one of least cost (see
// SpreadLabels).
func (f *Frame) place(a mgl64.Vec2, text string, scale float64, m TextMetrics) mgl64.Vec2 {
	best, bestHits, bestFull, bestCost := a, math.MaxInt, math.MaxInt, math.Inf(1)
	lineCost := LabelLineCost * f.spread.occ.cell
	lo0, hi0 := labelBox(a, text, scale, m) // a candidate's box is this one moved with it
	try := func(p mgl64.Vec2, d float64) {
		off := p.Sub(a)
		b := box{lo0.Add(off), hi0.Add(off)}
		if !f.inside(b) {
			return
		}
		hits := 0
		for _, o := range f.spread.boxes {
			if b.overlaps(o, LabelGap*scale) {
				hits++
			}
		}
		if hits > bestHits || (hits == bestHits && bestFull == 0 && d >= bestCost) {
			return // it cannot do better: the cost is at least d
		}
		w, full := f.lineWeight(b)
		cost := d + lineCost*w
		if hits < bestHits || (hits == bestHits && (full < bestFull || (full == bestFull && cost < bestCost))) {
			best, bestHits, bestFull, bestCost = p, hits, full, cost
		}
	}
	try(a, 0)
	far := math.Hypot(f.vp.W, f.vp.H)
	for k := 1; k <= MaxLabelRings; k++ {
		r := float64(k) * LabelStep * scale
		if r > far || (bestHits == 0 && bestFull == 0 && r >= bestCost) {
			break // no farther candidate costs less than the best
		}
		for _, d := range ringDirs {
			try(a.Add(d.Mul(r)), r)
		}
	}
	return best
}

// lineWeight returns b's line weight and its count of full cells: the
// occupancy grid's cells it touches and the leader lines drawn so far
// that cross it (SpreadLabels).
func (f *Frame) lineWeight(b box) (float64, int) {
	sb := &f.spread
	w, full := sb.occ.sum(b)
	for _, l := range sb.leaders {
		if max(l.a[0], l.b[0]) < b.lo[0] || min(l.a[0], l.b[0]) > b.hi[0] || max(l.a[1], l.b[1]) < b.lo[1] || min(l.a[1], l.b[1]) > b.hi[1] {
			continue // apart: the common case, without clipping
		}
		if n := clippedLen(l.a, l.b, b); n > 0 {
			w += n * sb.occ.inv * l.wt
		}
	}
	return w, full
}

// inkWeight is the weight of a line of colour c and width w pixels in
// SpreadLabels' occupancy grid: its ink squared, ink being its alpha
// (clamped to [0, 1], NaN as 0) times its width over LabelInkWidth (at
// most 1; a width that is not a positive number counts as 1 pixel, as
// Frame.Line draws it).
func inkWeight(c Color, w float32) float64 {
	width := float64(w)
	if !(width > 0) {
		width = 1
	}
	ink := float64(clamp01(c.A)) * min(1, width/LabelInkWidth)
	return ink * ink
}

// clippedLen returns the length of the segment p-q inside b (0 when it
// misses b or is not finite).
func clippedLen(p, q mgl64.Vec2, b box) float64 {
	d := q.Sub(p)
	t0, t1, ok := clipT(p[0], p[1], d[0], d[1], b.lo[0], b.lo[1], b.hi[0], b.hi[1])
	if !ok {
		return 0
	}
	return (t1 - t0) * d.Len()
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
	c = c.Dim(LeaderDim)
	f.Segments = append(f.Segments, Segment{A: a, B: p, Color: c, Width: float32(LeaderWidth * scale)})
	f.spread.leaders = append(f.spread.leaders, leader{a, p, inkWeight(c, float32(LeaderWidth*scale))})
}

func isFinite2(p mgl64.Vec2) bool {
	return !math.IsNaN(p[0]+p[1]) && !math.IsInf(p[0]+p[1], 0)
}

// StrokeMeetsBox reports whether the stroke s, drawn wide times its
// width (at least 1 counts; its segment grown by half that width), meets
// the box lo..hi (pixels, y down), by separating axes: the box grown by
// the half width overlaps the segment's bounding box, and the grown
// box's corners do not all lie strictly on one side of the segment's
// line. A stroke or box that is not finite meets nothing (every
// comparison with NaN is false).
func StrokeMeetsBox(s Segment, lo, hi mgl64.Vec2, wide float64) bool {
	h := float64(lineWidth(s.Width)) * LabelScale(wide) / 2
	lo, hi = lo.Sub(mgl64.Vec2{h, h}), hi.Add(mgl64.Vec2{h, h})
	if !(max(s.A[0], s.B[0]) >= lo[0] && min(s.A[0], s.B[0]) <= hi[0] && max(s.A[1], s.B[1]) >= lo[1] && min(s.A[1], s.B[1]) <= hi[1]) {
		return false
	}
	d := s.B.Sub(s.A)
	neg, pos := false, false
	for _, c := range [4]mgl64.Vec2{lo, {hi[0], lo[1]}, hi, {lo[0], hi[1]}} {
		side := d[0]*(c[1]-s.A[1]) - d[1]*(c[0]-s.A[0])
		neg = neg || side <= 0
		pos = pos || side >= 0
	}
	return neg && pos
}
