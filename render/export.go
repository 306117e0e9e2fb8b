package render

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"skewlab/transform"
)

// MaxExportSize is the largest width or height WriteSVG and WritePNG
// accept, in pixels.
const MaxExportSize = 16384

var errSize = errors.New("render: picture size must be between 1 and 16384 pixels")

// WriteSVG writes segs and labels as an SVG picture width x height pixels
// on a background bg, in the given order (sort with SortFarToNear first
// for far-to-near drawing). Lines have round caps; labels are TextSize
// px Go Mono (falling back to monospace where the viewer lacks it), their
// baselines at LabelBaseline(At, 1). Segments or labels
// with non-finite coordinates are skipped. It returns the first write
// error, or an error for a size outside [1, MaxExportSize].
func WriteSVG(w io.Writer, width, height int, bg Color, segs []Segment, labels []Label) error {
	if !sizeOK(width, height) {
		return errSize
	}
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", width, height, width, height)
	fmt.Fprintf(b, "<rect width=\"%d\" height=\"%d\" fill=\"%s\" fill-opacity=\"%s\"/>\n", width, height, hex(bg), num(float64(clamp01(bg.A))))
	fmt.Fprintf(b, "<g fill=\"none\" stroke-linecap=\"round\">\n")
	for _, s := range segs {
		if !transform.Finite(s.A[0] + s.A[1] + s.B[0] + s.B[1]) {
			continue
		}
		fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-opacity=\"%s\" stroke-width=\"%s\"/>\n",
			num(s.A[0]), num(s.A[1]), num(s.B[0]), num(s.B[1]), hex(s.Color), num(float64(clamp01(s.Color.A))), num(float64(lineWidth(s.Width))))
	}
	fmt.Fprintf(b, "</g>\n<g font-family=\"Go Mono, monospace\" font-size=\"%s\">\n", num(TextSize))
	for _, l := range labels {
		if !transform.Finite(l.At[0] + l.At[1]) {
			continue
		}
		at := LabelBaseline(l.At, 1)
		size := ""
		if l.EmSize() != TextSize {
			size = " font-size=\"" + num(l.EmSize()) + "\""
		}
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\"%s fill=\"%s\" fill-opacity=\"%s\">", num(at[0]), num(at[1]), size, hex(l.Color), num(float64(clamp01(l.Color.A))))
		if err := xml.EscapeText(b, []byte(l.Text)); err != nil {
			return err
		}
		fmt.Fprintf(b, "</text>\n")
	}
	fmt.Fprintf(b, "</g>\n</svg>\n")
	return b.Flush()
}

// WritePNG rasterizes segs and labels into a width x height PNG on a
// background bg, anti-aliased, in the given order; consecutive segments
// of the same colour are filled as one path (their overlaps do not
// darken). Each segment is a rectangle of its width extended by half the
// width at both ends; labels are drawn with NewTextFace(TextSize), the
// window's font and size at UI scale 1, their baselines at
// LabelBaseline(At, 1).
// Segments or labels with non-finite coordinates are skipped. It returns
// the encoder's error, or an error for a size outside [1, MaxExportSize].
func WritePNG(w io.Writer, width, height int, bg Color, segs []Segment, labels []Label) error {
	img, err := Rasterize(width, height, bg, segs, labels)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// Rasterize draws what WritePNG writes and returns the image. It makes
// one pass over the segments: time grows with the number of segments and
// the pixels they cover, not with segments times the picture's area, and
// memory is the image plus one float32 per pixel, whatever the number of
// segments. Coverage and compositing are those of
// golang.org/x/image/vector's floating-point rasterizer with draw.Over
// (see spanRaster); segments reaching far outside the picture are clipped
// first, which changes no pixel.
func Rasterize(width, height int, bg Color, segs []Segment, labels []Label) (*image.RGBA, error) {
	if !sizeOK(width, height) {
		return nil, errSize
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(nrgba(bg)), image.Point{}, draw.Src)
	var r spanRaster
	r.reset(width, height)
	for i := 0; i < len(segs); {
		j := i
		for ; j < len(segs) && segs[j].Color == segs[i].Color; j++ {
			quad(&r, &segs[j])
		}
		r.fill(img, nrgba(segs[i].Color))
		i = j
	}
	drawLabels(img, labels)
	return img, nil
}

// drawLabels draws labels into img with the text font at each label's
// EmSize (TextSize unless set), each
// starting at the whole pixel nearest LabelBaseline(At, 1), as the window
// does; labels with a non-finite anchor, or one too far outside the
// picture for 26.6 fixed point, are skipped.
func drawLabels(img *image.RGBA, labels []Label) {
	if len(labels) == 0 {
		return
	}
	faces := map[float64]font.Face{}
	defer func() {
		for _, f := range faces {
			f.Close()
		}
	}()
	for _, l := range labels {
		at := LabelBaseline(l.At, 1)
		if !transform.Finite(at[0]+at[1]) || math.Abs(at[0]) > 1<<20 || math.Abs(at[1]) > 1<<20 {
			continue
		}
		face := faces[l.EmSize()]
		if face == nil {
			face = NewTextFace(l.EmSize())
			faces[l.EmSize()] = face
		}
		d := font.Drawer{Dst: img, Src: image.NewUniform(nrgba(l.Color)), Face: face,
			Dot: fixed.P(int(math.Round(at[0])), int(math.Round(at[1])))}
		d.DrawString(l.Text)
	}
}

// quad adds segment s to r as a rectangle of its width, extended by half
// the width at both ends, always wound the same way so overlaps of one
// colour do not cancel. A segment is first clipped to the picture grown
// by a margin wider than the rectangle's corners reach, so what is cut
// off lies wholly outside the picture.
func quad(r *spanRaster, s *Segment) {
	if !transform.Finite(s.A[0] + s.A[1] + s.B[0] + s.B[1]) {
		return
	}
	h := float64(lineWidth(s.Width)) / 2
	m := 1.5*h + 2 // > h*sqrt(2), the farthest a corner is from its end
	a, b, ok := clipSegment(s.A, s.B, -m, -m, float64(r.w)+m, float64(r.h)+m)
	if !ok {
		return
	}
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := math.Hypot(dx, dy)
	if !(l > 0) {
		return
	}
	dx, dy = dx/l*h, dy/l*h // along, half width long
	nx, ny := -dy, dx       // across
	pts := [4][2]float32{
		{float32(a[0] - dx + nx), float32(a[1] - dy + ny)},
		{float32(b[0] + dx + nx), float32(b[1] + dy + ny)},
		{float32(b[0] + dx - nx), float32(b[1] + dy - ny)},
		{float32(a[0] - dx - nx), float32(a[1] - dy - ny)},
	}
	r.polygon(pts[:])
}

// clipSegment clips the segment a-b to the rectangle [x0, x1] x [y0, y1]
// (Liang-Barsky); ok is false when nothing is left. A segment inside the
// rectangle comes back unchanged, bit for bit; a zero-length one inside
// it too.
func clipSegment(a, b mgl64.Vec2, x0, y0, x1, y1 float64) (mgl64.Vec2, mgl64.Vec2, bool) {
	t0, t1 := 0.0, 1.0
	d := b.Sub(a)
	for _, e := range [4][2]float64{{-d[0], a[0] - x0}, {d[0], x1 - a[0]}, {-d[1], a[1] - y0}, {d[1], y1 - a[1]}} {
		p, q := e[0], e[1]
		switch {
		case p == 0:
			if q < 0 {
				return a, b, false
			}
		case p < 0:
			t0 = max(t0, q/p)
		default:
			t1 = min(t1, q/p)
		}
	}
	if t0 > t1 {
		return a, b, false
	}
	na, nb := a, b
	if t0 > 0 {
		na = a.Add(d.Mul(t0))
	}
	if t1 < 1 {
		nb = a.Add(d.Mul(t1))
	}
	return na, nb, true
}

func sizeOK(w, h int) bool { return w >= 1 && h >= 1 && w <= MaxExportSize && h <= MaxExportSize }

func lineWidth(w float32) float32 {
	if !(w > 0) || w > 1000 {
		return 1
	}
	return w
}

func clamp01(x float32) float32 {
	if !(x > 0) {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

func byte8(x float32) uint8 { return uint8(math.Round(float64(clamp01(x)) * 255)) }

func nrgba(c Color) color.NRGBA {
	return color.NRGBA{byte8(c.R), byte8(c.G), byte8(c.B), byte8(c.A)}
}

func hex(c Color) string {
	return fmt.Sprintf("#%02x%02x%02x", byte8(c.R), byte8(c.G), byte8(c.B))
}

func num(x float64) string { return strconv.FormatFloat(math.Round(x*1000)/1000, 'f', -1, 64) }
