//go:build !js

// The animated writers are for the commands only (export -animated, tour
// -export): the web build leaves them out, and image/gif with them.

package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/draw"
	"image/png"
	"io"
	"math"
	"time"
)

// AnimFrame is one frame of an animated picture (WriteAPNG, WriteGIF):
// its image and how long it is shown.
type AnimFrame struct {
	Image image.Image
	Delay time.Duration
}

// MaxAnimDelay is the longest delay of one frame WriteAPNG and WriteGIF
// accept (APNG stores a delay as a 16-bit fraction of a second, GIF as
// 16-bit hundredths).
const MaxAnimDelay = 655 * time.Second

// MergeRepeats returns frames with every run of consecutive frames that
// are equal pixel for pixel (as non-premultiplied 8-bit RGBA) merged into
// its first frame, shown for the run's total delay. The result shares
// frames' images; frames itself is not changed. Nil or empty frames give
// an empty result; frames whose images differ in size are never merged.
func MergeRepeats(frames []AnimFrame) []AnimFrame {
	var out []AnimFrame
	var last *image.NRGBA
	for _, f := range frames {
		cur := toNRGBA(f.Image)
		if last != nil && cur != nil && last.Rect == cur.Rect && diffRect(last, cur).Empty() {
			out[len(out)-1].Delay += f.Delay
			continue
		}
		out = append(out, f)
		last = cur
	}
	return out
}

// checkAnim checks what WriteAPNG and WriteGIF take: at least one frame,
// every image present and of the first one's size, that size within 1
// to MaxExportSize pixels a side, delays in [0, MaxAnimDelay] and plays
// not negative.
func checkAnim(frames []AnimFrame, plays int) error {
	if len(frames) == 0 {
		return errors.New("render: an animation needs at least one frame")
	}
	if plays < 0 {
		return fmt.Errorf("render: plays %d is negative (0 plays forever)", plays)
	}
	var size image.Point
	for i, f := range frames {
		if f.Image == nil {
			return fmt.Errorf("render: animation frame %d has no image", i)
		}
		s := f.Image.Bounds().Size()
		if i == 0 {
			size = s
			if !sizeOK(s.X, s.Y) {
				return errSize
			}
		} else if s != size {
			return fmt.Errorf("render: animation frame %d is %dx%d, frame 0 %dx%d: all must be the same size", i, s.X, s.Y, size.X, size.Y)
		}
		if f.Delay < 0 || f.Delay > MaxAnimDelay {
			return fmt.Errorf("render: animation frame %d: delay %v out of range [0, %v]", i, f.Delay, MaxAnimDelay)
		}
	}
	return nil
}

// toNRGBA returns img as non-premultiplied RGBA with its origin at (0,
// 0): img itself when it already is one, its pixels shared when it is an
// opaque *image.RGBA, else a copy. Nil gives nil.
func toNRGBA(img image.Image) *image.NRGBA {
	if img == nil {
		return nil
	}
	b := img.Bounds()
	if n, ok := img.(*image.NRGBA); ok && b.Min == (image.Point{}) {
		return n
	}
	if r, ok := img.(*image.RGBA); ok && b.Min == (image.Point{}) && r.Opaque() {
		// Opaque, premultiplied and non-premultiplied are the same bytes.
		return &image.NRGBA{Pix: r.Pix, Stride: r.Stride, Rect: r.Rect}
	}
	n := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(n, n.Rect, img, b.Min, draw.Src)
	return n
}

// diffRect returns the smallest rectangle holding every pixel where a and
// b (the same size) differ; empty when they are equal.
func diffRect(a, b *image.NRGBA) image.Rectangle {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	r := image.Rectangle{Min: image.Pt(w, h)}
	for y := 0; y < h; y++ {
		ra := a.Pix[y*a.Stride : y*a.Stride+4*w]
		rb := b.Pix[y*b.Stride : y*b.Stride+4*w]
		if bytes.Equal(ra, rb) {
			continue
		}
		x0 := 0
		for ; x0 < w && bytes.Equal(ra[4*x0:4*x0+4], rb[4*x0:4*x0+4]); x0++ {
		}
		x1 := w
		for ; x1 > x0 && bytes.Equal(ra[4*x1-4:4*x1], rb[4*x1-4:4*x1]); x1-- {
		}
		r.Min.X, r.Max.X = min(r.Min.X, x0), max(r.Max.X, x1)
		r.Min.Y, r.Max.Y = min(r.Min.Y, y), y+1
	}
	if r.Max.X <= r.Min.X {
		return image.Rectangle{}
	}
	return r
}

// opaqueImage reports whether every pixel of img has full alpha.
func opaqueImage(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if _, _, _, a := img.At(x, y).RGBA(); a != 0xffff {
				return false
			}
		}
	}
	return true
}

// withAlpha is an NRGBA image that image/png must write with an alpha
// channel even where it happens to be opaque, so every frame of an
// animation with some transparency has the colour type of the first.
type withAlpha struct{ *image.NRGBA }

func (withAlpha) Opaque() bool { return false }

// APNG's chunk values (https://www.w3.org/TR/png-3/#apng-frame-control).
const (
	apngDisposeNone = 0
	apngBlendSource = 0
	apngBlendOver   = 1
)

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// WriteAPNG writes frames as an animated PNG (APNG, PNG 3rd edition), a
// PNG file every browser animates and any other PNG reader shows as its
// first frame: the signature, IHDR, an acTL chunk (the frame count and
// plays: 0 plays forever) before the first IDAT, frame 0 as the default
// image (its fcTL then its IDAT chunks), each later frame as an fcTL and
// fdAT chunks, then IEND. Each frame's pixel data is image/png's
// encoding (lossless: a viewer composes every frame's non-premultiplied
// 8-bit RGBA exactly). The colour type is RGBA; every frame stays on the
// canvas (dispose none). A later frame covers only the rectangle where
// it differs from the one before (a one-pixel rectangle when they are
// equal). When every frame is opaque, the pixels of that rectangle that
// did not change are written transparent and the frame is blended over
// the one before (blend over), so they cost next to nothing; otherwise
// the rectangle replaces what was there (blend source). Delays are
// stored as exact fractions of a second where 16 bits allow (1/1000 s
// steps up to 65.535 s, coarser above).
//
// Every frame must have an image of the first one's size, 1 to
// MaxExportSize pixels a side, and a delay in [0, MaxAnimDelay]; plays
// must not be negative. It returns that check's error or the first write
// error; on a check error nothing is written.
func WriteAPNG(w io.Writer, frames []AnimFrame, plays int) error {
	if err := checkAnim(frames, plays); err != nil {
		return err
	}
	over := true // every frame opaque: unchanged pixels transparent, blend over
	for _, f := range frames {
		if !opaqueImage(f.Image) {
			over = false
			break
		}
	}
	cw := &chunkWriter{w: w}
	cw.raw([]byte(pngSignature))
	var ihdr []byte
	var prev *image.NRGBA
	seq := uint32(0)
	for i, f := range frames {
		cur := toNRGBA(f.Image)
		r, blend := cur.Rect, byte(apngBlendSource)
		var data *image.NRGBA = cur
		if prev != nil {
			if r = diffRect(prev, cur); r.Empty() {
				r = image.Rect(0, 0, 1, 1)
			}
			data = cur.SubImage(r).(*image.NRGBA)
			if over {
				data, blend = changedOnly(prev, cur, r), apngBlendOver
			}
		}
		var img image.Image = data
		if data.Opaque() {
			img = withAlpha{data} // RGBA like every other frame
		}
		hdr, idats, err := encodePNG(img)
		if err != nil {
			return err
		}
		if i == 0 {
			ihdr = hdr
			cw.chunk("IHDR", hdr)
			var actl [8]byte
			binary.BigEndian.PutUint32(actl[0:], uint32(len(frames)))
			binary.BigEndian.PutUint32(actl[4:], uint32(plays))
			cw.chunk("acTL", actl[:])
		} else if !bytes.Equal(hdr[8:], ihdr[8:]) {
			return fmt.Errorf("render: APNG frame %d: image/png chose a different pixel format", i)
		}
		cw.chunk("fcTL", fcTL(seq, r, f.Delay, blend))
		seq++
		for _, d := range idats {
			if i == 0 {
				cw.chunk("IDAT", d)
				continue
			}
			fd := make([]byte, 4+len(d))
			binary.BigEndian.PutUint32(fd, seq)
			copy(fd[4:], d)
			cw.chunk("fdAT", fd)
			seq++
		}
		prev = cur
	}
	cw.chunk("IEND", nil)
	return cw.err
}

// changedOnly returns the rectangle r of cur (origin (0, 0)) with every
// pixel equal to prev's made transparent black: blended over prev, it
// gives cur.
func changedOnly(prev, cur *image.NRGBA, r image.Rectangle) *image.NRGBA {
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	for y := 0; y < r.Dy(); y++ {
		a := prev.Pix[prev.PixOffset(r.Min.X, r.Min.Y+y):][:4*r.Dx()]
		b := cur.Pix[cur.PixOffset(r.Min.X, r.Min.Y+y):][:4*r.Dx()]
		dst := out.Pix[y*out.Stride:]
		for x := 0; x < 4*r.Dx(); x += 4 {
			if !bytes.Equal(a[x:x+4], b[x:x+4]) {
				copy(dst[x:x+4], b[x:x+4])
			}
		}
	}
	return out
}

// fcTL returns an fcTL chunk's data: the sequence number, the frame's
// rectangle r and its delay, dispose none and the blend operation.
func fcTL(seq uint32, r image.Rectangle, delay time.Duration, blend byte) []byte {
	b := make([]byte, 26)
	binary.BigEndian.PutUint32(b[0:], seq)
	binary.BigEndian.PutUint32(b[4:], uint32(r.Dx()))
	binary.BigEndian.PutUint32(b[8:], uint32(r.Dy()))
	binary.BigEndian.PutUint32(b[12:], uint32(r.Min.X))
	binary.BigEndian.PutUint32(b[16:], uint32(r.Min.Y))
	num, den := apngDelay(delay)
	binary.BigEndian.PutUint16(b[20:], num)
	binary.BigEndian.PutUint16(b[22:], den)
	b[24], b[25] = apngDisposeNone, blend
	return b
}

// apngDelay returns d as num/den seconds with 16-bit num and den: den
// 1000 when num fits, else the largest of 100, 10 and 1 that fits (d is
// at most MaxAnimDelay, which 1/100 s steps hold).
func apngDelay(d time.Duration) (num, den uint16) {
	for _, den := range []uint16{1000, 100, 10, 1} {
		n := math.Round(d.Seconds() * float64(den))
		if n <= math.MaxUint16 {
			return uint16(n), den
		}
	}
	return math.MaxUint16, 1
}

// encodePNG encodes img with image/png and returns its IHDR data and the
// data of its IDAT chunks, in order.
func encodePNG(img image.Image) (ihdr []byte, idats [][]byte, err error) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, nil, err
	}
	b := buf.Bytes()
	if !bytes.HasPrefix(b, []byte(pngSignature)) {
		return nil, nil, errors.New("render: image/png wrote no PNG signature")
	}
	b = b[len(pngSignature):]
	for len(b) >= 12 {
		n := binary.BigEndian.Uint32(b)
		if uint64(n) > uint64(len(b)-12) {
			break
		}
		typ, data := string(b[4:8]), b[8:8+n]
		switch typ {
		case "IHDR":
			ihdr = data
		case "IDAT":
			idats = append(idats, data)
		case "IEND":
			if ihdr == nil || idats == nil {
				return nil, nil, errors.New("render: image/png wrote no IHDR or no IDAT")
			}
			return ihdr, idats, nil
		default:
			return nil, nil, fmt.Errorf("render: image/png wrote a %s chunk, which an APNG frame cannot carry", typ)
		}
		b = b[12+n:]
	}
	return nil, nil, errors.New("render: image/png's output does not parse")
}

// chunkWriter writes PNG chunks (length, type, data, CRC-32 of type and
// data) to w, keeping the first error.
type chunkWriter struct {
	w   io.Writer
	err error
}

func (c *chunkWriter) raw(b []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(b)
	}
}

func (c *chunkWriter) chunk(typ string, data []byte) {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	c.raw(hdr[:])
	c.raw(data)
	c.raw(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
}
