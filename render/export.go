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

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// MaxExportSize is the largest width or height WriteSVG and WritePNG
// accept, in pixels.
const MaxExportSize = 16384

// LabelOffset is where exporters put a label's text baseline relative to
// its anchor, in pixels (right and up).
var LabelOffset = [2]float64{4, -4}

var errSize = errors.New("render: picture size must be between 1 and 16384 pixels")

// WriteSVG writes segs and labels as an SVG picture width x height pixels
// on a background bg, in the given order (sort with SortFarToNear first
// for far-to-near drawing). Lines have round caps; labels are 12 px
// monospace text at LabelOffset from their anchors. Segments or labels
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
		if !finite(s.A[0] + s.A[1] + s.B[0] + s.B[1]) {
			continue
		}
		fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-opacity=\"%s\" stroke-width=\"%s\"/>\n",
			num(s.A[0]), num(s.A[1]), num(s.B[0]), num(s.B[1]), hex(s.Color), num(float64(clamp01(s.Color.A))), num(float64(lineWidth(s.Width))))
	}
	fmt.Fprintf(b, "</g>\n<g font-family=\"monospace\" font-size=\"12\">\n")
	for _, l := range labels {
		if !finite(l.At[0] + l.At[1]) {
			continue
		}
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" fill=\"%s\" fill-opacity=\"%s\">", num(l.At[0]+LabelOffset[0]), num(l.At[1]+LabelOffset[1]), hex(l.Color), num(float64(clamp01(l.Color.A))))
		if err := xml.EscapeText(b, []byte(l.Text)); err != nil {
			return err
		}
		fmt.Fprintf(b, "</text>\n")
	}
	fmt.Fprintf(b, "</g>\n</svg>\n")
	return b.Flush()
}

// WritePNG rasterizes segs and labels into a width x height PNG on a
// background bg, anti-aliased (golang.org/x/image/vector), in the given
// order; consecutive segments of the same colour are filled as one path.
// Each segment is a rectangle of its width extended by half the width at
// both ends; labels use basicfont's 7x13 face at LabelOffset. Segments or
// labels with non-finite coordinates are skipped. It returns the encoder's
// error, or an error for a size outside [1, MaxExportSize].
func WritePNG(w io.Writer, width, height int, bg Color, segs []Segment, labels []Label) error {
	img, err := Rasterize(width, height, bg, segs, labels)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// Rasterize draws what WritePNG writes and returns the image.
func Rasterize(width, height int, bg Color, segs []Segment, labels []Label) (*image.RGBA, error) {
	if !sizeOK(width, height) {
		return nil, errSize
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(nrgba(bg)), image.Point{}, draw.Src)
	var r vector.Rasterizer
	for i := 0; i < len(segs); {
		j := i
		r.Reset(width, height)
		r.DrawOp = draw.Over
		for ; j < len(segs) && segs[j].Color == segs[i].Color; j++ {
			quad(&r, &segs[j])
		}
		r.Draw(img, img.Bounds(), image.NewUniform(nrgba(segs[i].Color)), image.Point{})
		i = j
	}
	for _, l := range labels {
		if !finite(l.At[0] + l.At[1]) {
			continue
		}
		d := font.Drawer{Dst: img, Src: image.NewUniform(nrgba(l.Color)), Face: basicfont.Face7x13,
			Dot: fixed.P(int(math.Round(l.At[0]+LabelOffset[0])), int(math.Round(l.At[1]+LabelOffset[1])))}
		d.DrawString(l.Text)
	}
	return img, nil
}

// quad adds segment s to r as a rectangle of its width, extended by half
// the width at both ends, always wound the same way so overlaps of one
// colour do not cancel.
func quad(r *vector.Rasterizer, s *Segment) {
	if !finite(s.A[0] + s.A[1] + s.B[0] + s.B[1]) {
		return
	}
	dx, dy := s.B[0]-s.A[0], s.B[1]-s.A[1]
	l := math.Hypot(dx, dy)
	if !(l > 0) {
		return
	}
	h := float64(lineWidth(s.Width)) / 2
	dx, dy = dx/l*h, dy/l*h // along, half width long
	nx, ny := -dy, dx       // across
	r.MoveTo(float32(s.A[0]-dx+nx), float32(s.A[1]-dy+ny))
	r.LineTo(float32(s.B[0]+dx+nx), float32(s.B[1]+dy+ny))
	r.LineTo(float32(s.B[0]+dx-nx), float32(s.B[1]+dy-ny))
	r.LineTo(float32(s.A[0]-dx-nx), float32(s.A[1]-dy-ny))
	r.ClosePath()
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
