package render

import (
	"image"
	"image/draw"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"golang.org/x/image/vector"

	"skewlab/internal/bigscene"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/transform"
)

// rasterizeVector is the previous Rasterize (without labels), kept as the
// reference the one-pass rasterizer is compared with: one
// golang.org/x/image/vector path per colour run, each drawn over the whole
// picture (time: runs times picture area).
func rasterizeVector(width, height int, bg Color, segs []Segment) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(nrgba(bg)), image.Point{}, draw.Src)
	var r vector.Rasterizer
	for i := 0; i < len(segs); {
		j := i
		r.Reset(width, height)
		r.DrawOp = draw.Over
		for ; j < len(segs) && segs[j].Color == segs[i].Color; j++ {
			vectorQuad(&r, &segs[j])
		}
		r.Draw(img, img.Bounds(), image.NewUniform(nrgba(segs[i].Color)), image.Point{})
		i = j
	}
	return img
}

func vectorQuad(r *vector.Rasterizer, s *Segment) {
	if !transform.Finite(s.A[0] + s.A[1] + s.B[0] + s.B[1]) {
		return
	}
	dx, dy := s.B[0]-s.A[0], s.B[1]-s.A[1]
	l := math.Hypot(dx, dy)
	if !(l > 0) {
		return
	}
	h := float64(lineWidth(s.Width)) / 2
	dx, dy = dx/l*h, dy/l*h
	nx, ny := -dy, dx
	r.MoveTo(float32(s.A[0]-dx+nx), float32(s.A[1]-dy+ny))
	r.LineTo(float32(s.B[0]+dx+nx), float32(s.B[1]+dy+ny))
	r.LineTo(float32(s.B[0]+dx-nx), float32(s.B[1]+dy-ny))
	r.LineTo(float32(s.A[0]-dx-nx), float32(s.A[1]-dy-ny))
	r.ClosePath()
}

// pixelDiff compares two pictures of one size channel by channel (0-255):
// the largest difference and how many pixels differ at all.
func pixelDiff(a, b *image.RGBA) (maxd, differ int) {
	for i := 0; i < len(a.Pix); i += 4 {
		d := 0
		for k := 0; k < 4; k++ {
			d = max(d, abs(int(a.Pix[i+k])-int(b.Pix[i+k])))
		}
		maxd = max(maxd, d)
		if d > 0 {
			differ++
		}
	}
	return maxd, differ
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rasterTol and rasterFrac bound how far the one-pass picture may be
// from vector's when every segment lies inside the picture, as Frame
// makes them: at most rasterTol levels of 255 in any channel, in at most
// rasterFrac of the pixels (seen: 0.01% for the scenes, 0.17% for one
// long path). The only difference is float rounding: vector carries its
// running sum through the whole buffer, spanRaster restarts it at each
// touched interval.
const (
	rasterTol  = 1
	rasterFrac = 0.005
)

// Segments reaching outside the picture may differ more where they cross
// the border: vector steps a line's x row by row in float32 from its
// end, also through the rows above the picture, and drifts by a few
// hundredths of a pixel by the top row; spanRaster starts at the clipped
// end. At most rasterOutTol levels in rasterOutFrac of the pixels (seen:
// 3/255 in 1.2%). Given the same clipped ends, vector agrees within
// rasterTol again (checked below), so the clipping itself changes nothing.
const (
	rasterOutTol  = 4
	rasterOutFrac = 0.02
)

func sameAsVector(t *testing.T, name string, w, h int, segs []Segment, tol int, frac float64) {
	t.Helper()
	got, err := Rasterize(w, h, background, segs, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := rasterizeVector(w, h, background, segs)
	maxd, differ := pixelDiff(got, want)
	t.Logf("%s: %d segments, %dx%d: %d pixels differ, by at most %d/255", name, len(segs), w, h, differ, maxd)
	if maxd > tol || float64(differ) > frac*float64(w*h) {
		t.Errorf("%s: %d pixels differ from vector's, by up to %d/255 (allowed %d/255 in %g of the pixels)",
			name, differ, maxd, tol, frac)
	}
}

// treeFrame is the 4-ary tree of n nodes in accumulate-matrices, seen by
// the default camera in a w x h picture with everything drawn.
func treeFrame(t testing.TB, n, w, h int) *Frame {
	nodes, err := bigscene.Nodes(n, "4ary")
	if err != nil {
		t.Fatal(err)
	}
	sc := &scene.Scene{Nodes: nodes}
	world := make([]mgl64.Mat4, n)
	modes.AccumulateMatrices.World(nodes, &modes.Workspace{}, world)
	var f Frame
	f.Begin(DefaultCamera(), Viewport{0, 0, float64(w), float64(h)})
	f.Scene(sc, world, DefaultOptions())
	return &f
}

// randomSegments are n segments of random widths, colours (a few, with
// some alpha) and ends, in runs of one to three of a colour, some
// zero-length. With out, many reach outside the w x h picture, some by
// two picture sizes; without, all stay 8 pixels inside it.
func randomSegments(rng *rand.Rand, n, w, h int, out bool) []Segment {
	cols := []Color{White, XColor, GridColor, {0, 1, 1, 0.5}, {1, 0, 1, 1}}
	segs := make([]Segment, n)
	pt := func() mgl64.Vec2 {
		s := 1.3
		if rng.IntN(10) == 0 {
			s = 5
		}
		return mgl64.Vec2{(rng.Float64()*s - (s-1)/2) * float64(w), (rng.Float64()*s - (s-1)/2) * float64(h)}
	}
	const margin = 8
	inside := func(p mgl64.Vec2) mgl64.Vec2 {
		return mgl64.Vec2{min(max(p[0], margin), float64(w)-margin), min(max(p[1], margin), float64(h)-margin)}
	}
	c := cols[0]
	for i := range segs {
		if rng.IntN(2) == 0 {
			c = cols[rng.IntN(len(cols))]
		}
		a := pt()
		b := a.Add(mgl64.Vec2{rng.NormFloat64() * 40, rng.NormFloat64() * 40})
		if rng.IntN(4) == 0 {
			b = pt()
		}
		if rng.IntN(50) == 0 {
			b = a
		}
		if !out {
			a, b = inside(a), inside(b)
		}
		segs[i] = Segment{A: a, B: b, Color: c, Width: float32(0.5 + rng.Float64()*6)}
	}
	return segs
}

// TestRasterizeMatchesVector: the one-pass rasterizer draws what the
// per-run vector rasterizer drew, for the piston and a 341-node tree as
// exported, and for random segments inside and across the border.
// Pictures are wider than 512 pixels: below that vector switched to
// fixed-point math, which is itself up to about 12/255 away from its own
// floating-point math at line edges; spanRaster always does the latter.
func TestRasterizeMatchesVector(t *testing.T) {
	_, _, f := pistonFrame(t, modes.AccumulateTRS)
	sameAsVector(t, "piston", 800, 400, f.Segments, rasterTol, rasterFrac)
	sameAsVector(t, "4-ary tree", 1280, 720, treeFrame(t, 341, 1280, 720).Segments, rasterTol, rasterFrac)
	rng := rand.New(rand.NewPCG(3, 3))
	sameAsVector(t, "random, inside", 640, 520, randomSegments(rng, 400, 640, 520, false), rasterTol, rasterFrac)
	across := randomSegments(rng, 400, 640, 520, true)
	sameAsVector(t, "random, across the border", 640, 520, across, rasterOutTol, rasterOutFrac)
	for i := range across {
		s := &across[i]
		m := 1.5*float64(lineWidth(s.Width))/2 + 2 // quad's margin
		if a, b, ok := clipSegment(s.A, s.B, -m, -m, 640+m, 520+m); ok {
			s.A, s.B = a, b
		} else {
			s.B = s.A // zero length: not drawn
		}
	}
	sameAsVector(t, "random, across the border, clipped first", 640, 520, across, rasterTol, rasterFrac)
	// One colour for a whole tree: a long path whose touched intervals
	// are merged while it is added (compact), as a scene of grey nodes is.
	one := append([]Segment(nil), treeFrame(t, 1365, 520, 520).Segments...)
	for i := range one {
		one[i].Color = Color{0.6, 0.6, 0.6, 0.8}
	}
	var r spanRaster
	r.reset(520, 520)
	r.compactAt = math.MaxInt // never merge: every interval the path touches
	for i := range one {
		quad(&r, &one[i])
	}
	touched := len(r.spans)
	r.reset(520, 520)
	for i := range one {
		quad(&r, &one[i])
	}
	if bound := 520*520/4 + 520; touched <= bound || len(r.spans) > bound {
		t.Errorf("one colour: %d intervals kept of %d touched, want at most %d", len(r.spans), touched, bound)
	}
	sameAsVector(t, "4-ary tree in one colour", 520, 520, one, rasterTol, rasterFrac)
	for _, size := range [][2]int{{37, 1}, {1, 1}, {1, 600}} { // thin pictures: no panic
		if _, err := Rasterize(size[0], size[1], background, randomSegments(rng, 100, size[0], size[1], true), nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRasterizeComparisonCatchesWrongPictures: the comparison above fails
// for a picture that is wrong by one segment: one left out, one moved by
// a pixel, or one drawn a bit lighter.
func TestRasterizeComparisonCatchesWrongPictures(t *testing.T) {
	_, _, f := pistonFrame(t, modes.AccumulateTRS)
	segs := f.Segments
	want := rasterizeVector(800, 400, background, segs)
	k := len(segs) - 5 // one of the piston's own lines, drawn last
	for name, mutate := range map[string]func(s []Segment){
		"left out":  func(s []Segment) { s[k].Width = 0; s[k].B = s[k].A },
		"moved 1px": func(s []Segment) { s[k].A[0]++; s[k].B[0]++ },
		"lighter":   func(s []Segment) { s[k].Color.A *= 0.97 },
	} {
		bad := append([]Segment(nil), segs...)
		mutate(bad)
		got, err := Rasterize(800, 400, background, bad, nil)
		if err != nil {
			t.Fatal(err)
		}
		maxd, differ := pixelDiff(got, want)
		if maxd <= rasterTol && float64(differ) <= rasterFrac*800*400 {
			t.Errorf("segment %s: passes the comparison (%d pixels differ by up to %d/255)", name, differ, maxd)
		}
	}
}

// TestClipSegment: inside the rectangle a segment is unchanged bit for
// bit; crossing it, the ends move onto its border along the line;
// outside, nothing is left.
func TestClipSegment(t *testing.T) {
	const tol = 1e-12
	a, b, ok := clipSegment(mgl64.Vec2{1.1, 2.3}, mgl64.Vec2{7.7, 0.3}, 0, 0, 10, 10)
	if !ok || a != (mgl64.Vec2{1.1, 2.3}) || b != (mgl64.Vec2{7.7, 0.3}) {
		t.Errorf("inside: %v %v %v", a, b, ok)
	}
	// y = x/2 from (-10, -5) to (30, 15), clipped to [0,10]^2: (0,0)-(10,5).
	a, b, ok = clipSegment(mgl64.Vec2{-10, -5}, mgl64.Vec2{30, 15}, 0, 0, 10, 10)
	if !ok || a.Sub(mgl64.Vec2{0, 0}).Len() > tol || b.Sub(mgl64.Vec2{10, 5}).Len() > tol {
		t.Errorf("crossing: %v %v %v", a, b, ok)
	}
	for _, s := range [][2]mgl64.Vec2{{{-5, -5}, {-1, 20}}, {{11, 0}, {11, 10}}, {{20, 20}, {20, 20}}} {
		if _, _, ok := clipSegment(s[0], s[1], 0, 0, 10, 10); ok {
			t.Errorf("outside %v kept", s)
		}
	}
}
