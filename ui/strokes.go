package ui

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/render"
)

// Strokes is the ebiten sink for render's segments. Add turns each
// segment into a quad of its width (with square caps, so the edges of a
// mesh meet) in a reused vertex buffer, once per change of the picture;
// Draw hands the whole buffer to the GPU in a few anti-aliased
// DrawTriangles32 calls. Once the buffers have grown, Add and Draw
// allocate nothing.
//
// (A vector.Path per colour, outlined with AddStroke and filled, was
// measured first: about 3.5 s per frame for 1,000 pistons under Xvfb, and
// 300 MB allocated per frame inside the vector package. Quads take
// milliseconds.)
type Strokes struct {
	// AntiAlias smooths the edges (ebiten renders the batch at a higher
	// resolution); big scenes turn it off to keep the frame rate.
	AntiAlias bool
	// MinLength drops segments shorter than this many pixels (0 keeps
	// every visible one); far-away detail of big scenes is sub-pixel.
	MinLength float64
	// WidthScale multiplies every segment's width (HiDPI and a big UI
	// scale); 0 counts as 1.
	WidthScale float64

	vs    []ebiten.Vertex
	is    []uint32
	op    ebiten.DrawTrianglesOptions
	white *ebiten.Image
}

// maxQuads is how many quads one DrawTriangles32 call gets, keeping the
// vertex count under ebiten's limit.
const maxQuads = 16000

// Reset empties the picture, keeping the storage.
func (s *Strokes) Reset() {
	s.vs, s.is = s.vs[:0], s.is[:0]
}

// Len returns the number of quads in the picture.
func (s *Strokes) Len() int { return len(s.vs) / 4 }

// Add appends segs after what is already there (draw a ghost first, then
// the main picture). Segments with non-finite ends or a zero length are
// skipped.
func (s *Strokes) Add(segs []render.Segment) {
	for i := range segs {
		sg := &segs[i]
		ax, ay, bx, by := sg.A[0], sg.A[1], sg.B[0], sg.B[1]
		dx, dy := bx-ax, by-ay
		l := math.Hypot(dx, dy)
		if !(l > s.MinLength) || math.IsInf(l, 0) || ax-ax != 0 || ay-ay != 0 {
			continue
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
		c := sg.Color
		n := uint32(len(s.vs) % (4 * maxQuads))
		s.vs = append(s.vs,
			vertex(ax-ux+nx, ay-uy+ny, c), vertex(ax-ux-nx, ay-uy-ny, c),
			vertex(bx+ux-nx, by+uy-ny, c), vertex(bx+ux+nx, by+uy+ny, c))
		s.is = append(s.is, n, n+1, n+2, n, n+2, n+3)
	}
}

func vertex(x, y float64, c render.Color) ebiten.Vertex {
	return ebiten.Vertex{DstX: float32(x), DstY: float32(y), SrcX: 1, SrcY: 1,
		ColorR: c.R, ColorG: c.G, ColorB: c.B, ColorA: c.A}
}

// Draw draws the picture onto dst.
func (s *Strokes) Draw(dst *ebiten.Image) {
	if s.white == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(image.White)
		s.white = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	//lint:ignore SA1019 vector.FillPath, the suggested replacement, was measured far slower for big scenes (see Strokes)
	s.op.AntiAlias = s.AntiAlias
	for q := 0; q < s.Len(); q += maxQuads {
		e := min(s.Len(), q+maxQuads)
		dst.DrawTriangles32(s.vs[4*q:4*e], s.is[6*q:6*e], s.white, &s.op)
	}
}
