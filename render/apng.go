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
// its first frame, shown for the run's total delay, as long as that
// total stays within MaxAnimDelay (a run that would pass it goes on in a
// new frame). The result shares frames' images; frames itself is not
// changed. Nil or empty frames give an empty result; frames whose images
// differ in size are never merged.
func MergeRepeats(frames []AnimFrame) []AnimFrame {
	var out []AnimFrame
	var last *image.NRGBA
	for _, f := range frames {
		cur := toNRGBA(f.Image)
		if last != nil && cur != nil && last.Rect == cur.Rect && diffRect(last, cur).Empty() &&
			out[len(out)-1].Delay+f.Delay <= MaxAnimDelay {
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

// copyNRGBA returns a copy of img as non-premultiplied RGBA with its
// origin at (0, 0); an opaque *image.RGBA or an *image.NRGBA is copied
// row by row (their bytes are the same), anything else converted.
func copyNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	n := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	var pix []byte
	var stride int
	switch m := img.(type) {
	case *image.NRGBA:
		pix, stride = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride
	case *image.RGBA:
		if m.Opaque() {
			pix, stride = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride
		}
	}
	if pix == nil {
		draw.Draw(n, n.Rect, img, b.Min, draw.Src)
		return n
	}
	for y := 0; y < b.Dy(); y++ {
		copy(n.Pix[y*n.Stride:][:4*b.Dx()], pix[y*stride:])
	}
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

// WriteAPNG writes frames as an animated PNG (APNG, PNG 3rd edition)
// that plays plays times (0: forever), through an APNGEncoder (which see
// for the file): consecutive frames equal pixel for pixel are written
// once, shown for their total delay.
//
// Every frame must have an image of the first one's size, 1 to
// MaxExportSize pixels a side, and a delay in [0, MaxAnimDelay]; plays
// must not be negative. It returns that check's error or the first write
// error; on a check error nothing is written.
func WriteAPNG(w io.Writer, frames []AnimFrame, plays int) error {
	if err := checkAnim(frames, plays); err != nil {
		return err
	}
	e, err := NewAPNGEncoder(plays)
	if err != nil {
		return err
	}
	for _, f := range frames {
		if err := e.Add(f.Image, f.Delay); err != nil {
			return err
		}
	}
	_, err = e.WriteTo(w)
	return err
}

// APNGEncoder builds an animated PNG (APNG, PNG 3rd edition) frame by
// frame, holding only the last frame's pixels and the frames' encoded
// data, so a long animation of large frames needs the memory of two
// frames plus the compressed file. The file it writes is one every
// browser animates and any other PNG reader shows as its first frame:
// the signature, IHDR, an acTL chunk (the frame count and plays) before
// the first IDAT, frame 0 as the default image (its fcTL then its IDAT
// chunks), each later frame as an fcTL and fdAT chunks, then IEND. Each
// frame's pixel data is image/png's encoding of it, colour type RGBA
// (lossless: a viewer composes every frame's non-premultiplied 8-bit
// RGBA exactly). Every frame stays on the canvas (dispose none). A later
// frame covers only the rectangle where it differs from the one before;
// when every changed pixel is opaque, the unchanged pixels of that
// rectangle are written transparent and the frame is blended over the
// one before (blend over), so they cost next to nothing; otherwise the
// rectangle replaces what was there (blend source). Delays are stored as
// exact fractions of a second where 16 bits allow (1/1000 s steps up to
// 65.535 s, coarser above). Make one with NewAPNGEncoder.
type APNGEncoder struct {
	plays  int
	prev   *image.NRGBA // the last frame added, a copy
	ihdr   []byte       // frame 0's IHDR data
	frames []apngFrame
}

// apngFrame is one encoded frame of an APNGEncoder.
type apngFrame struct {
	rect  image.Rectangle
	delay time.Duration
	blend byte
	data  [][]byte // the contents of image/png's IDAT chunks
}

// NewAPNGEncoder returns an encoder for an animation that plays plays
// times (0: forever); a negative plays is an error.
func NewAPNGEncoder(plays int) (*APNGEncoder, error) {
	if plays < 0 {
		return nil, fmt.Errorf("render: plays %d is negative (0 plays forever)", plays)
	}
	return &APNGEncoder{plays: plays}, nil
}

// Frames returns the number of frames the file will hold.
func (e *APNGEncoder) Frames() int { return len(e.frames) }

// Add appends img, shown for delay. A frame equal pixel for pixel to the
// one before is not added again: the one before shows for both delays,
// up to MaxAnimDelay (past it, a one-pixel frame that changes nothing
// takes the rest). img is copied: the caller may reuse it. It is an
// error, leaving the encoder as it was, when img is nil, not of the
// first frame's size, or outside 1 to MaxExportSize pixels a side, or
// delay is outside [0, MaxAnimDelay].
func (e *APNGEncoder) Add(img image.Image, delay time.Duration) error {
	if img == nil {
		return errors.New("render: animation frame has no image")
	}
	size := img.Bounds().Size()
	if !sizeOK(size.X, size.Y) {
		return errSize
	}
	if e.prev != nil && size != e.prev.Rect.Size() {
		return fmt.Errorf("render: animation frame %dx%d, frame 0 %dx%d: all must be the same size", size.X, size.Y, e.prev.Rect.Dx(), e.prev.Rect.Dy())
	}
	if delay < 0 || delay > MaxAnimDelay {
		return fmt.Errorf("render: animation frame delay %v out of range [0, %v]", delay, MaxAnimDelay)
	}
	cur := copyNRGBA(img)
	f := apngFrame{rect: cur.Rect, delay: delay, blend: apngBlendSource}
	data := cur
	if e.prev != nil {
		f.rect = diffRect(e.prev, cur)
		if f.rect.Empty() {
			if last := &e.frames[len(e.frames)-1]; last.delay+delay <= MaxAnimDelay {
				last.delay += delay
				return nil
			}
			f.rect = image.Rect(0, 0, 1, 1) // a transparent pixel over: no change
		}
		var opaque bool
		if data, opaque = changedOnly(e.prev, cur, f.rect); opaque {
			f.blend = apngBlendOver
		} else {
			data = copyNRGBA(cur.SubImage(f.rect))
		}
	}
	var enc image.Image = data
	if data.Opaque() {
		enc = withAlpha{data} // RGBA like every other frame
	}
	hdr, idats, err := encodePNG(enc)
	if err != nil {
		return err
	}
	if e.ihdr == nil {
		e.ihdr = hdr
	} else if !bytes.Equal(hdr[8:], e.ihdr[8:]) {
		return fmt.Errorf("render: APNG frame %d: image/png chose a different pixel format", len(e.frames))
	}
	f.data = idats
	e.frames = append(e.frames, f)
	e.prev = cur
	return nil
}

// WriteTo writes the animated PNG of the frames added so far to w and
// returns the bytes written and the first write error; with no frame
// added it is an error and nothing is written.
func (e *APNGEncoder) WriteTo(w io.Writer) (int64, error) {
	if len(e.frames) == 0 {
		return 0, errors.New("render: an animation needs at least one frame")
	}
	cw := &chunkWriter{w: w}
	cw.raw([]byte(pngSignature))
	cw.chunk("IHDR", e.ihdr)
	var actl [8]byte
	binary.BigEndian.PutUint32(actl[0:], uint32(len(e.frames)))
	binary.BigEndian.PutUint32(actl[4:], uint32(e.plays))
	cw.chunk("acTL", actl[:])
	seq := uint32(0)
	for i, f := range e.frames {
		cw.chunk("fcTL", fcTL(seq, f.rect, f.delay, f.blend))
		seq++
		for _, d := range f.data {
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
	}
	cw.chunk("IEND", nil)
	return cw.n, cw.err
}

// changedOnly returns the rectangle r of cur (origin (0, 0)) with every
// pixel equal to prev's made transparent black, and whether every pixel
// that changed is opaque: then, blended over prev, it gives cur.
func changedOnly(prev, cur *image.NRGBA, r image.Rectangle) (*image.NRGBA, bool) {
	out := image.NewNRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	opaque := true
	for y := 0; y < r.Dy(); y++ {
		a := prev.Pix[prev.PixOffset(r.Min.X, r.Min.Y+y):][:4*r.Dx()]
		b := cur.Pix[cur.PixOffset(r.Min.X, r.Min.Y+y):][:4*r.Dx()]
		dst := out.Pix[y*out.Stride:]
		for x := 0; x < 4*r.Dx(); x += 4 {
			if !bytes.Equal(a[x:x+4], b[x:x+4]) {
				copy(dst[x:x+4], b[x:x+4])
				opaque = opaque && b[x+3] == 0xff
			}
		}
	}
	return out, opaque
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
// data) to w, counting the bytes written and keeping the first error.
type chunkWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *chunkWriter) raw(b []byte) {
	if c.err == nil {
		var n int
		n, c.err = c.w.Write(b)
		c.n += int64(n)
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
