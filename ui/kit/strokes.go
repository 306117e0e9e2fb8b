package kit

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"skewlab/render"
)

// Strokes is the ebiten sink for render's segments, the one every lab
// uses. Add turns each segment into a quad of its width (with square caps
// half a width long by default, so the edges of a mesh and the joints of
// a polyline meet), once per change of the picture; Draw fills the quads. Once the
// buffers have grown, Add and Draw allocate nothing.
//
// By default the quads go into one reused vertex buffer that Draw hands
// to the GPU in a few DrawTriangles32 calls, in segment order: quads that
// overlap blend once each. With Merge, the quads of each colour go into
// one reused vector.Path that Draw fills under the non-zero rule,
// one fill per colour in the order of first use: overlapping quads of one
// colour are one shape, so a translucent colour is laid once where its
// segments cross or coincide (a dimmed mesh's edges meeting at corners, a
// grid's crossings, the two rims of a disc seen from above), as a
// thinner-lined figure would look. Merge costs a fill per colour; it
// suits pictures of a few thousand segments (the dynamics lab), not
// 100,000 (the piston stress scene).
//
// (A vector.Path per colour outlined with AddStroke was measured first:
// about 3.5 s per frame for 1,000 pistons under Xvfb and 300 MB allocated
// per frame inside the vector package; vector's round caps cost 5 ms per
// tick for the dynamics lab's paths. Quads, batched or merged, take well
// under a millisecond.)
type Strokes struct {
	// AntiAlias smooths the edges (ebiten renders the batch at a higher
	// resolution); big scenes turn it off to keep the frame rate.
	AntiAlias bool
	// MinLength is the shortest a segment is drawn, in pixels: a
	// shorter one (far-away detail of a dense mesh) is drawn as a dot of
	// this length about its middle, so the detail stays a filled area
	// instead of vanishing; 0 draws every segment as it is.
	MinLength float64
	// WidthScale multiplies every segment's width (HiDPI and a big UI
	// scale); 0 counts as 1.
	WidthScale float64
	// CapScale scales the caps: each quad extends CapScale half widths
	// past the segment's ends; 0 counts as 1 (square caps). 0.5 still
	// closes a polyline's joints and keeps arrow barbs sharper.
	CapScale float64
	// Merge fills the segments of one colour as one shape (see above).
	// Set it before Add. Known limit: vector.FillPath counts the quads
	// covering a pixel in 4-bit fields, so where 16 or more quads of one
	// colour pile up on a pixel (the path of a body at rest) the count
	// overflows and the pixel may be left unfilled.
	Merge bool

	vs    []ebiten.Vertex
	is    []uint32
	op    ebiten.DrawTrianglesOptions
	white *ebiten.Image

	buckets []strokeBucket // Merge: one path per colour, the first s.nb in use
	nb      int
	merged  int // Merge: quads in the buckets
	fill    vector.DrawPathOptions
}

// strokeBucket is Merge's path of one colour.
type strokeBucket struct {
	color render.Color
	path  vector.Path
}

// maxQuads is how many quads one DrawTriangles32 call gets, keeping the
// vertex count under ebiten's limit.
const maxQuads = 16000

// Reset empties the picture, keeping the storage.
func (s *Strokes) Reset() {
	s.vs, s.is = s.vs[:0], s.is[:0]
	for i := 0; i < s.nb; i++ {
		s.buckets[i].path.Reset()
	}
	s.nb, s.merged = 0, 0
}

// Len returns the number of quads in the picture.
func (s *Strokes) Len() int { return len(s.vs)/4 + s.merged }

// Add appends segs after what is already there (draw a ghost first, then
// the main picture). Segments with non-finite ends or a zero length are
// skipped.
func (s *Strokes) Add(segs []render.Segment) {
	start := len(s.vs)
	caps := s.CapScale
	for i := range segs {
		sg := &segs[i]
		ax, ay, bx, by := sg.A[0], sg.A[1], sg.B[0], sg.B[1]
		dx, dy := bx-ax, by-ay
		l := math.Hypot(dx, dy)
		if !(l > 0) || math.IsInf(l, 0) || ax-ax != 0 || ay-ay != 0 {
			continue
		}
		if l < s.MinLength {
			// A sub-pixel segment becomes a dot MinLength long about its
			// middle: far detail of a dense mesh stays a filled area
			// instead of vanishing.
			k := s.MinLength / l / 2
			mx, my := (ax+bx)/2, (ay+by)/2
			dx, dy = dx*2*k, dy*2*k
			ax, ay, bx, by = mx-dx/2, my-dy/2, mx+dx/2, my+dy/2
			l = s.MinLength
		}
		h := float64(sg.Width) / 2
		if !(h > 0) {
			h = 0.5
		}
		if s.WidthScale > 0 {
			h *= s.WidthScale
		}
		ux, uy := dx/l*h, dy/l*h // along the segment, half a width long
		nx, ny := -uy, ux        // across it
		if caps > 0 {
			ux, uy = ux*caps, uy*caps
		}
		c := sg.Color
		n := uint32(len(s.vs) % (4 * maxQuads))
		s.vs = append(s.vs,
			vertex(ax-ux+nx, ay-uy+ny, c), vertex(ax-ux-nx, ay-uy-ny, c),
			vertex(bx+ux-nx, by+uy-ny, c), vertex(bx+ux+nx, by+uy+ny, c))
		s.is = append(s.is, n, n+1, n+2, n, n+2, n+3)
	}
	if s.Merge {
		s.merge(start)
	}
}

// merge moves the quads from vertex start on out of the batch into the
// paths of their colours.
func (s *Strokes) merge(start int) {
	var bk *strokeBucket
	vs := s.vs[start:]
	for k := 0; k+3 < len(vs); k += 4 {
		q := vs[k : k+4 : k+4]
		c := render.Color{R: q[0].ColorR, G: q[0].ColorG, B: q[0].ColorB, A: q[0].ColorA}
		if bk == nil || bk.color != c {
			bk = s.bucket(c)
		}
		// The quad's corners in the opposite order (the order the
		// dynamics lab's pictures were made with; ebiten's fill counts
		// the two windings differently, see Merge). Every quad winds the
		// same way relative to its direction, so overlaps add under the
		// non-zero rule and never cancel.
		p := &bk.path
		p.MoveTo(q[0].DstX, q[0].DstY)
		p.LineTo(q[3].DstX, q[3].DstY)
		p.LineTo(q[2].DstX, q[2].DstY)
		p.LineTo(q[1].DstX, q[1].DstY)
		p.Close()
		s.merged++
	}
	s.vs, s.is = s.vs[:start], s.is[:start/4*6]
}

// bucket returns Merge's path for colour c, starting a new one (reusing
// storage) after the ones in use when there is none.
func (s *Strokes) bucket(c render.Color) *strokeBucket {
	for i := 0; i < s.nb; i++ {
		if s.buckets[i].color == c {
			return &s.buckets[i]
		}
	}
	if s.nb == len(s.buckets) {
		s.buckets = append(s.buckets, strokeBucket{})
	}
	b := &s.buckets[s.nb]
	b.color = c
	b.path.Reset()
	s.nb++
	return b
}

func vertex(x, y float64, c render.Color) ebiten.Vertex {
	return ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1, SrcY: 1,
		ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A}
}

// Draw draws the picture onto dst: the batch, then the merged colours in
// the order of their first segment.
func (s *Strokes) Draw(dst *ebiten.Image) {
	if s.white == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(image.White)
		s.white = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	//lint:ignore SA1019 vector.FillPath, the suggested replacement, was measured far slower for big scenes (see Strokes)
	s.op.AntiAlias = s.AntiAlias
	n := len(s.vs) / 4
	for q := 0; q < n; q += maxQuads {
		e := min(n, q+maxQuads)
		dst.DrawTriangles32(s.vs[4*q:4*e], s.is[6*q:6*e], s.white, &s.op)
	}
	for i := 0; i < s.nb; i++ {
		b := &s.buckets[i]
		c := b.color
		s.fill.AntiAlias = s.AntiAlias
		s.fill.ColorScale.Reset()
		s.fill.ColorScale.Scale(c.R*c.A, c.G*c.A, c.B*c.A, c.A) // premultiplied
		vector.FillPath(dst, &b.path, nil, &s.fill)
	}
}
