// Package animref reads animated PNG (APNG) and GIF files for tests,
// independently of skewlab's writers (render.WriteAPNG, WriteGIF): it
// parses an APNG's chunks itself, checks them against the APNG
// specification (PNG 3rd edition: chunk order, sequence numbers, frame
// count, CRCs, frame rectangles) and composes every frame onto the
// canvas as a viewer does (dispose and blend operations), decoding each
// frame's pixel data with image/png's decoder. Standard library only.
package animref

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"math"
)

// Chunk is one PNG chunk as found in the file.
type Chunk struct {
	Type string
	Data []byte
}

// Frame is one frame of an animation as a viewer shows it.
type Frame struct {
	// Image is the whole canvas once the frame is drawn (before its
	// dispose operation), non-premultiplied, origin (0, 0).
	Image *image.NRGBA
	// Rect is the region the frame's own data covers.
	Rect image.Rectangle
	// Seconds is the frame's delay (APNG: num/den, den 0 read as 100;
	// GIF: hundredths).
	Seconds float64
	// Dispose and Blend are APNG's dispose_op and blend_op (GIF: the
	// disposal method in Dispose; Blend 1, over).
	Dispose, Blend int
}

// APNG is an animated PNG file read by ReadAPNG.
type APNG struct {
	Width, Height int
	Chunks        []Chunk // every chunk in file order, CRCs checked
	NumFrames     int     // acTL's num_frames
	NumPlays      int     // acTL's num_plays (0: forever)
	Frames        []Frame
	// DefaultIsFrame reports that the first fcTL came before the first
	// IDAT: the default image is the animation's frame 0.
	DefaultIsFrame bool

	defs []*frameDef
}

const signature = "\x89PNG\r\n\x1a\n"

// ReadAPNG parses and checks an APNG file and composes its frames. It
// is an error when the signature is wrong; a chunk is cut short or its
// CRC is wrong; IHDR is not first or IEND not last; there is no acTL, or
// more than one, or it comes after the first IDAT; fcTL and fdAT sequence
// numbers are not 0, 1, 2, ... in file order; an fdAT comes before any
// fcTL, or an IDAT after one; num_frames differs from the number of
// fcTL chunks; a frame has no data, an empty or out-of-canvas rectangle,
// or a dispose or blend operation the specification lacks; frame 0 as
// the default image does not cover the whole canvas at (0, 0); or a
// frame's data does not decode as a PNG of its rectangle's size.
func ReadAPNG(data []byte) (*APNG, error) {
	if !bytes.HasPrefix(data, []byte(signature)) {
		return nil, errors.New("apng: no PNG signature")
	}
	a := &APNG{}
	b := data[len(signature):]
	for len(b) > 0 {
		if len(b) < 12 {
			return nil, errors.New("apng: chunk cut short")
		}
		n := binary.BigEndian.Uint32(b)
		if uint64(n) > uint64(len(b)-12) {
			return nil, fmt.Errorf("apng: chunk of %d bytes runs past the end", n)
		}
		typ, body := string(b[4:8]), b[8:8+n]
		if crc32.ChecksumIEEE(b[4:8+n]) != binary.BigEndian.Uint32(b[8+n:]) {
			return nil, fmt.Errorf("apng: %s chunk %d: CRC mismatch", typ, len(a.Chunks))
		}
		a.Chunks = append(a.Chunks, Chunk{typ, body})
		b = b[12+n:]
	}
	if err := a.check(); err != nil {
		return nil, err
	}
	if err := a.compose(); err != nil {
		return nil, err
	}
	return a, nil
}

// frameDef is one fcTL with its data chunks' contents.
type frameDef struct {
	seq, w, h, x, y  uint32
	num, den         uint16
	dispose, blend   int
	data             [][]byte
	fromIDAT, hasDat bool
}

// check checks the chunk order and numbering (see ReadAPNG) and leaves
// the frames' definitions in a.defs.
func (a *APNG) check() error {
	cs := a.Chunks
	if len(cs) == 0 || cs[0].Type != "IHDR" || len(cs[0].Data) != 13 {
		return errors.New("apng: IHDR is not the first chunk")
	}
	if cs[len(cs)-1].Type != "IEND" {
		return errors.New("apng: IEND is not the last chunk")
	}
	a.Width = int(binary.BigEndian.Uint32(cs[0].Data))
	a.Height = int(binary.BigEndian.Uint32(cs[0].Data[4:]))
	seenIDAT, seenFdAT, actl := false, false, 0
	nextSeq := uint32(0)
	var defs []*frameDef
	for i, c := range cs {
		switch c.Type {
		case "IHDR":
			if i != 0 {
				return errors.New("apng: a second IHDR")
			}
		case "acTL":
			actl++
			if actl > 1 {
				return errors.New("apng: more than one acTL")
			}
			if seenIDAT {
				return errors.New("apng: acTL after the first IDAT")
			}
			if len(c.Data) != 8 {
				return fmt.Errorf("apng: acTL of %d bytes", len(c.Data))
			}
			a.NumFrames = int(binary.BigEndian.Uint32(c.Data))
			a.NumPlays = int(binary.BigEndian.Uint32(c.Data[4:]))
		case "fcTL":
			if len(c.Data) != 26 {
				return fmt.Errorf("apng: fcTL of %d bytes", len(c.Data))
			}
			d := c.Data
			f := &frameDef{seq: binary.BigEndian.Uint32(d), w: binary.BigEndian.Uint32(d[4:]), h: binary.BigEndian.Uint32(d[8:]),
				x: binary.BigEndian.Uint32(d[12:]), y: binary.BigEndian.Uint32(d[16:]),
				num: binary.BigEndian.Uint16(d[20:]), den: binary.BigEndian.Uint16(d[22:]), dispose: int(d[24]), blend: int(d[25])}
			if f.seq != nextSeq {
				return fmt.Errorf("apng: fcTL sequence number %d, want %d", f.seq, nextSeq)
			}
			nextSeq++
			if len(defs) > 0 && !defs[len(defs)-1].hasDat {
				return fmt.Errorf("apng: frame %d has no data", len(defs)-1)
			}
			if len(defs) == 0 {
				// Before the IDAT chunks, the default image is frame 0.
				a.DefaultIsFrame = !seenIDAT
			}
			defs = append(defs, f)
		case "IDAT":
			if seenFdAT {
				return errors.New("apng: IDAT after an fdAT")
			}
			if i > 0 && seenIDAT && cs[i-1].Type != "IDAT" {
				return errors.New("apng: IDAT chunks not consecutive")
			}
			seenIDAT = true
			if actl == 0 {
				return errors.New("apng: no acTL before the first IDAT")
			}
			if len(defs) == 1 && a.DefaultIsFrame {
				defs[0].data = append(defs[0].data, c.Data)
				defs[0].fromIDAT, defs[0].hasDat = true, true
			}
		case "fdAT":
			seenFdAT = true
			if len(c.Data) < 4 {
				return errors.New("apng: fdAT without a sequence number")
			}
			if s := binary.BigEndian.Uint32(c.Data); s != nextSeq {
				return fmt.Errorf("apng: fdAT sequence number %d, want %d", s, nextSeq)
			}
			nextSeq++
			if !seenIDAT {
				return errors.New("apng: fdAT before the IDAT chunks")
			}
			if len(defs) == 0 || defs[len(defs)-1].fromIDAT {
				return errors.New("apng: fdAT with no fcTL of its own before it")
			}
			f := defs[len(defs)-1]
			f.data = append(f.data, c.Data[4:])
			f.hasDat = true
		case "IEND":
			if i != len(cs)-1 {
				return errors.New("apng: IEND before the end")
			}
		}
	}
	if actl == 0 {
		return errors.New("apng: no acTL (not animated)")
	}
	if !seenIDAT {
		return errors.New("apng: no IDAT")
	}
	if len(defs) != a.NumFrames {
		return fmt.Errorf("apng: acTL says %d frames, the file has %d fcTL", a.NumFrames, len(defs))
	}
	for k, f := range defs {
		if !f.hasDat {
			return fmt.Errorf("apng: frame %d has no data", k)
		}
		if f.w == 0 || f.h == 0 || uint64(f.x)+uint64(f.w) > uint64(a.Width) || uint64(f.y)+uint64(f.h) > uint64(a.Height) {
			return fmt.Errorf("apng: frame %d's rectangle %dx%d at (%d, %d) is empty or leaves the %dx%d canvas", k, f.w, f.h, f.x, f.y, a.Width, a.Height)
		}
		if f.dispose > 2 || f.blend > 1 {
			return fmt.Errorf("apng: frame %d: dispose %d, blend %d", k, f.dispose, f.blend)
		}
		if k == 0 && a.DefaultIsFrame && (f.x != 0 || f.y != 0 || int(f.w) != a.Width || int(f.h) != a.Height) {
			return errors.New("apng: frame 0 is the default image but does not cover the canvas")
		}
	}
	a.defs = defs
	return nil
}

// compose decodes every frame's data and draws the frames in turn onto a
// canvas that starts transparent black, as the specification describes.
func (a *APNG) compose() error {
	canvas := image.NewNRGBA(image.Rect(0, 0, a.Width, a.Height))
	for k, f := range a.defs {
		r := image.Rect(int(f.x), int(f.y), int(f.x+f.w), int(f.y+f.h))
		img, err := a.decode(f)
		if err != nil {
			return fmt.Errorf("apng: frame %d: %v", k, err)
		}
		var saved *image.NRGBA
		dispose := f.dispose
		if k == 0 && dispose == 2 {
			dispose = 1 // PREVIOUS on the first frame is BACKGROUND
		}
		if dispose == 2 {
			saved = image.NewNRGBA(r)
			draw.Draw(saved, r, canvas, r.Min, draw.Src)
		}
		for y := 0; y < r.Dy(); y++ {
			for x := 0; x < r.Dx(); x++ {
				s := img.Pix[img.PixOffset(img.Rect.Min.X+x, img.Rect.Min.Y+y):]
				d := canvas.Pix[canvas.PixOffset(r.Min.X+x, r.Min.Y+y):]
				if f.blend == 0 {
					copy(d[:4], s[:4])
					continue
				}
				over(d[:4], s[:4])
			}
		}
		out := image.NewNRGBA(canvas.Rect)
		copy(out.Pix, canvas.Pix)
		den := float64(f.den)
		if den == 0 {
			den = 100
		}
		a.Frames = append(a.Frames, Frame{Image: out, Rect: r, Seconds: float64(f.num) / den, Dispose: f.dispose, Blend: f.blend})
		switch dispose {
		case 1:
			draw.Draw(canvas, r, image.Transparent, image.Point{}, draw.Src)
		case 2:
			draw.Draw(canvas, r, saved, r.Min, draw.Src)
		}
	}
	return nil
}

// over draws the non-premultiplied pixel s over d (APNG's blend over).
func over(d, s []byte) {
	sa, da := float64(s[3])/255, float64(d[3])/255
	oa := sa + da*(1-sa)
	if oa == 0 {
		copy(d, []byte{0, 0, 0, 0})
		return
	}
	for c := range 3 {
		v := (float64(s[c])*sa + float64(d[c])*da*(1-sa)) / oa
		d[c] = uint8(math.Round(v))
	}
	d[3] = uint8(math.Round(oa * 255))
}

// decode decodes frame f's data: a PNG made of IHDR with the frame's
// size, one IDAT holding the data, and IEND, read by image/png.
func (a *APNG) decode(f *frameDef) (*image.NRGBA, error) {
	ihdr := bytes.Clone(a.Chunks[0].Data)
	binary.BigEndian.PutUint32(ihdr, f.w)
	binary.BigEndian.PutUint32(ihdr[4:], f.h)
	var png0 bytes.Buffer
	png0.WriteString(signature)
	writeChunk(&png0, "IHDR", ihdr)
	writeChunk(&png0, "IDAT", bytes.Join(f.data, nil))
	writeChunk(&png0, "IEND", nil)
	img, err := png.Decode(&png0)
	if err != nil {
		return nil, err
	}
	if s := img.Bounds().Size(); s.X != int(f.w) || s.Y != int(f.h) {
		return nil, fmt.Errorf("decoded %v, want %dx%d", s, f.w, f.h)
	}
	return NRGBA(img), nil
}

func writeChunk(b *bytes.Buffer, typ string, data []byte) {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:], uint32(len(data)))
	copy(hdr[4:], typ)
	b.Write(hdr[:])
	b.Write(data)
	b.Write(binary.BigEndian.AppendUint32(nil, crc32.ChecksumIEEE(append([]byte(typ), data...))))
}

// NRGBA returns a copy of img as non-premultiplied RGBA with its origin
// at (0, 0).
func NRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	out := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Rect, img, b.Min, draw.Src)
	return out
}

// ReadGIF decodes a GIF file with image/gif and composes its frames onto
// a canvas of its logical screen size that starts transparent, each
// frame drawn over the canvas (its transparent index leaving pixels as
// they were) and then disposed of as its disposal method says (none and
// unspecified keep it; background clears its rectangle; previous
// restores it). Delays are hundredths of a second.
func ReadGIF(data []byte) ([]Frame, *gif.GIF, error) {
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	canvas := image.NewNRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []Frame
	for k, p := range g.Image {
		r := p.Rect
		var saved *image.NRGBA
		if g.Disposal[k] == gif.DisposalPrevious {
			saved = image.NewNRGBA(r)
			draw.Draw(saved, r, canvas, r.Min, draw.Src)
		}
		draw.Draw(canvas, r, p, r.Min, draw.Over)
		img := image.NewNRGBA(canvas.Rect)
		copy(img.Pix, canvas.Pix)
		out = append(out, Frame{Image: img, Rect: r, Seconds: float64(g.Delay[k]) / 100, Dispose: int(g.Disposal[k]), Blend: 1})
		switch g.Disposal[k] {
		case gif.DisposalBackground:
			draw.Draw(canvas, r, image.Transparent, image.Point{}, draw.Src)
		case gif.DisposalPrevious:
			draw.Draw(canvas, r, saved, r.Min, draw.Src)
		}
	}
	return out, g, nil
}
