//go:build !js

package render

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"slices"
)

// WriteGIF writes frames as an animated GIF (image/gif) that plays plays
// times (0: forever); consecutive frames equal pixel for pixel are
// written once, shown for their total delay (MergeRepeats). GIF holds at most 256 colours for the whole
// animation: when all frames together use at most 256, those are the
// palette and every pixel comes back exactly; otherwise the palette is
// the 256 most used cells of a 32x32x32 grid of RGB (each the mean colour
// of its pixels) and each pixel becomes the palette colour nearest its
// cell's mean. A later frame covers only the rectangle where its palette
// indices differ from the frame before (a one-pixel one when two
// different frames come out the same in the palette), drawn over it
// (disposal none). Delays are rounded to 1/100 s,
// GIF's unit.
//
// Every frame must be opaque (GIF has no partial transparency), have an
// image of the first one's size, 1 to MaxExportSize pixels a side, and a
// delay in [0, MaxAnimDelay]; plays must not be negative. It returns that
// check's error or the first write error; on a check error nothing is
// written.
func WriteGIF(w io.Writer, frames []AnimFrame, plays int) error {
	if err := checkAnim(frames, plays); err != nil {
		return err
	}
	frames = MergeRepeats(frames)
	imgs := make([]*image.NRGBA, len(frames))
	for i, f := range frames {
		if !opaqueImage(f.Image) {
			return fmt.Errorf("render: GIF frame %d is not opaque (GIF has no partial transparency)", i)
		}
		imgs[i] = toNRGBA(f.Image)
	}
	q := newQuantizer(imgs)
	g := &gif.GIF{Config: image.Config{ColorModel: q.pal, Width: imgs[0].Rect.Dx(), Height: imgs[0].Rect.Dy()}}
	// GIF's loop count restarts the animation that many times more; -1
	// shows it once.
	switch plays {
	case 0:
		g.LoopCount = 0
	case 1:
		g.LoopCount = -1
	default:
		g.LoopCount = plays - 1
	}
	var prev *image.Paletted
	for i, img := range imgs {
		cur := q.paletted(img)
		r := cur.Rect
		if prev != nil {
			if r = palettedDiff(prev, cur); r.Empty() {
				r = image.Rect(0, 0, 1, 1)
			}
		}
		g.Image = append(g.Image, cur.SubImage(r).(*image.Paletted))
		g.Delay = append(g.Delay, int(math.Round(frames[i].Delay.Seconds()*100)))
		g.Disposal = append(g.Disposal, gif.DisposalNone)
		prev = cur
	}
	return gif.EncodeAll(w, g)
}

// palettedDiff returns the smallest rectangle holding every pixel where
// the palette indices of a and b (the same size) differ; empty when they
// are equal.
func palettedDiff(a, b *image.Paletted) image.Rectangle {
	r := image.Rectangle{Min: a.Rect.Max}
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			if a.Pix[a.PixOffset(x, y)] != b.Pix[b.PixOffset(x, y)] {
				r.Min.X, r.Max.X = min(r.Min.X, x), max(r.Max.X, x+1)
				r.Min.Y, r.Max.Y = min(r.Min.Y, y), y+1
			}
		}
	}
	if r.Max.X <= r.Min.X {
		return image.Rectangle{}
	}
	return r
}

// quantizer maps the colours of a set of opaque images to one palette of
// at most 256 colours (see WriteGIF).
type quantizer struct {
	pal   color.Palette
	exact map[[3]uint8]uint8 // colour to index, when the images have at most 256 colours
	cell  []int16            // grid cell (r>>3, g>>3, b>>3) to index, -1 before it is needed
	mean  [][3]float64       // grid cell to the mean colour of its pixels
}

// cellOf returns the grid cell of colour (r, g, b): 5 bits of each.
func cellOf(r, g, b uint8) int { return int(r>>3)<<10 | int(g>>3)<<5 | int(b>>3) }

// newQuantizer makes the palette of imgs (opaque, non-premultiplied).
func newQuantizer(imgs []*image.NRGBA) *quantizer {
	q := &quantizer{exact: map[[3]uint8]uint8{}}
	for _, img := range imgs {
		for i := 0; i+3 < len(img.Pix) && q.exact != nil; i += 4 {
			c := [3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}
			if _, ok := q.exact[c]; ok {
				continue
			}
			if len(q.exact) == 256 {
				q.exact = nil
				break
			}
			q.exact[c] = uint8(len(q.exact))
			q.pal = append(q.pal, color.RGBA{c[0], c[1], c[2], 255})
		}
	}
	if q.exact != nil {
		return q
	}
	const cells = 1 << 15
	count := make([]int, cells)
	sum := make([][3]float64, cells)
	for _, img := range imgs {
		for i := 0; i+3 < len(img.Pix); i += 4 {
			r, g, b := img.Pix[i], img.Pix[i+1], img.Pix[i+2]
			k := cellOf(r, g, b)
			count[k]++
			sum[k][0] += float64(r)
			sum[k][1] += float64(g)
			sum[k][2] += float64(b)
		}
	}
	q.mean = make([][3]float64, cells)
	var used []int
	for k := range count {
		if count[k] > 0 {
			used = append(used, k)
			n := float64(count[k])
			q.mean[k] = [3]float64{sum[k][0] / n, sum[k][1] / n, sum[k][2] / n}
		}
	}
	// The most used cells first; among equals, the lower cell.
	slices.SortStableFunc(used, func(a, b int) int { return count[b] - count[a] })
	q.pal = nil
	for _, k := range used[:min(256, len(used))] {
		m := q.mean[k]
		q.pal = append(q.pal, color.RGBA{uint8(math.Round(m[0])), uint8(math.Round(m[1])), uint8(math.Round(m[2])), 255})
	}
	q.cell = make([]int16, cells)
	for k := range q.cell {
		q.cell[k] = -1
	}
	return q
}

// index returns the palette index of the colour (r, g, b).
func (q *quantizer) index(r, g, b uint8) uint8 {
	if q.exact != nil {
		return q.exact[[3]uint8{r, g, b}]
	}
	k := cellOf(r, g, b)
	if i := q.cell[k]; i >= 0 {
		return uint8(i)
	}
	m := q.mean[k]
	best, bestD := 0, math.Inf(1)
	for i, c := range q.pal {
		p := c.(color.RGBA)
		dr, dg, db := m[0]-float64(p.R), m[1]-float64(p.G), m[2]-float64(p.B)
		if d := dr*dr + dg*dg + db*db; d < bestD {
			best, bestD = i, d
		}
	}
	q.cell[k] = int16(best)
	return uint8(best)
}

// paletted returns img (opaque, non-premultiplied) in q's palette.
func (q *quantizer) paletted(img *image.NRGBA) *image.Paletted {
	p := image.NewPaletted(img.Rect, q.pal)
	for y := 0; y < img.Rect.Dy(); y++ {
		row := img.Pix[y*img.Stride:]
		out := p.Pix[y*p.Stride:]
		for x := 0; x < img.Rect.Dx(); x++ {
			out[x] = q.index(row[4*x], row[4*x+1], row[4*x+2])
		}
	}
	return p
}
