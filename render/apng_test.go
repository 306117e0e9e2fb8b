//go:build !js

package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"skewlab/internal/animref"
)

// movingBox returns a w x h opaque picture: a gradient background (every
// pixel its own colour, so the encoder cannot lean on a palette) with a
// solid box of size s whose top-left corner is at p.
func movingBox(w, h int, p image.Point, s int, c color.NRGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.NRGBA{uint8(3 * x), uint8(5 * y), uint8(x + y), 255})
		}
	}
	for y := p.Y; y < p.Y+s; y++ {
		for x := p.X; x < p.X+s; x++ {
			img.Set(x, y, c)
		}
	}
	return img
}

// samePixels fails t unless got equals want pixel for pixel, both read as
// non-premultiplied 8-bit RGBA.
func samePixels(t *testing.T, what string, got *image.NRGBA, want image.Image) {
	t.Helper()
	w := animref.NRGBA(want)
	if got.Rect != w.Rect {
		t.Fatalf("%s: %v, want %v", what, got.Rect, w.Rect)
	}
	if !bytes.Equal(got.Pix, w.Pix) {
		for i := range got.Pix {
			if got.Pix[i] != w.Pix[i] {
				p := i / 4
				t.Fatalf("%s: pixel (%d, %d) is %v, want %v", what, p%w.Rect.Dx(), p/w.Rect.Dx(), got.Pix[i/4*4:i/4*4+4], w.Pix[i/4*4:i/4*4+4])
			}
		}
	}
}

// chunkTypes returns the chunk types of a read APNG in order.
func chunkTypes(a *animref.APNG) []string {
	var ts []string
	for _, c := range a.Chunks {
		ts = append(ts, c.Type)
	}
	return ts
}

func TestWriteAPNGRoundTrip(t *testing.T) {
	const w, h, s = 41, 29, 6
	// The box moves right by 5, then down by 3, then stays (a repeated
	// frame, merged into the one before: 0 s + 70 s), then turns green.
	pos := []image.Point{{2, 4}, {7, 4}, {7, 7}, {7, 7}, {7, 7}}
	cols := []color.NRGBA{{250, 20, 30, 255}, {250, 20, 30, 255}, {250, 20, 30, 255}, {250, 20, 30, 255}, {10, 240, 10, 255}}
	delays := []time.Duration{40 * time.Millisecond, 125 * time.Millisecond, 0, 70 * time.Second, time.Second}
	var frames []AnimFrame
	for i := range pos {
		frames = append(frames, AnimFrame{Image: movingBox(w, h, pos[i], s, cols[i]), Delay: delays[i]})
	}
	var buf bytes.Buffer
	if err := WriteAPNG(&buf, frames, 3); err != nil {
		t.Fatal(err)
	}
	a, err := animref.ReadAPNG(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if a.Width != w || a.Height != h || a.NumFrames != 4 || a.NumPlays != 3 || !a.DefaultIsFrame {
		t.Fatalf("%dx%d, %d frames, %d plays, default is frame %v; want %dx%d, 4, 3, true", a.Width, a.Height, a.NumFrames, a.NumPlays, a.DefaultIsFrame, w, h)
	}
	// The chunk order, by hand: the header, acTL, frame 0's fcTL and
	// IDAT (one: the data is far under image/png's 32 KiB chunks), then
	// an fcTL and an fdAT per frame.
	want := "IHDR acTL fcTL IDAT fcTL fdAT fcTL fdAT fcTL fdAT IEND"
	if got := strings.Join(chunkTypes(a), " "); got != want {
		t.Errorf("chunks %s, want %s", got, want)
	}
	if ct := a.Chunks[0].Data[9]; ct != 6 {
		t.Errorf("colour type %d, want 6 (RGBA)", ct)
	}
	// Each frame's rectangle, by hand: the union of the box before and
	// after; the recoloured box its own square.
	rects := []image.Rectangle{image.Rect(0, 0, w, h), image.Rect(2, 4, 7+s, 4+s), image.Rect(7, 4, 7+s, 7+s), image.Rect(7, 7, 7+s, 7+s)}
	secs := []float64{0.04, 0.125, 70, 1}
	shown := []int{0, 1, 2, 4} // the input frame each file frame shows
	for i, f := range a.Frames {
		samePixels(t, "frame "+string(rune('0'+i)), f.Image, frames[shown[i]].Image)
		if f.Rect != rects[i] {
			t.Errorf("frame %d covers %v, want %v", i, f.Rect, rects[i])
		}
		if f.Seconds != secs[i] {
			t.Errorf("frame %d shows %v s, want %v", i, f.Seconds, secs[i])
		}
		// Every frame opaque: the later ones are blended over the one
		// before, their unchanged pixels transparent.
		if wantBlend := min(i, 1); f.Dispose != 0 || f.Blend != wantBlend {
			t.Errorf("frame %d: dispose %d, blend %d; want 0, %d", i, f.Dispose, f.Blend, wantBlend)
		}
	}
	// A reader that knows no APNG shows frame 0.
	still, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	samePixels(t, "the default image", animref.NRGBA(still), frames[0].Image)
}

// TestWriteAPNGTransparent: frames with transparency are written as RGBA,
// also the later frames whose changed rectangle happens to be opaque.
func TestWriteAPNGTransparent(t *testing.T) {
	a0 := image.NewNRGBA(image.Rect(0, 0, 9, 7))
	for i := range a0.Pix {
		a0.Pix[i] = uint8(i * 7)
	}
	a1 := image.NewNRGBA(a0.Rect)
	copy(a1.Pix, a0.Pix)
	for y := 2; y < 4; y++ {
		for x := 3; x < 6; x++ {
			a1.SetNRGBA(x, y, color.NRGBA{1, 2, 3, 255})
		}
	}
	// Starting off the origin: the writer takes the pixels, not the
	// coordinates.
	a2 := image.NewNRGBA(image.Rect(100, 50, 109, 57))
	copy(a2.Pix, a1.Pix)
	a2.SetNRGBA(108, 56, color.NRGBA{200, 100, 50, 0})
	frames := []AnimFrame{{a0, time.Millisecond}, {a1, time.Millisecond}, {a2, time.Millisecond}}
	var buf bytes.Buffer
	if err := WriteAPNG(&buf, frames, 0); err != nil {
		t.Fatal(err)
	}
	a, err := animref.ReadAPNG(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if ct := a.Chunks[0].Data[9]; ct != 6 {
		t.Errorf("colour type %d, want 6 (RGBA)", ct)
	}
	if a.NumPlays != 0 || len(a.Frames) != 3 {
		t.Fatalf("%d plays, %d frames; want 0, 3", a.NumPlays, len(a.Frames))
	}
	// Frame 1's changed pixels are opaque: blended over, the rest
	// transparent; frame 2 changes a pixel to transparent: it must
	// replace (source), since over would keep what was there.
	for i, f := range a.Frames {
		samePixels(t, "frame", f.Image, frames[i].Image)
		if want := []int{0, 1, 0}[i]; f.Blend != want {
			t.Errorf("frame %d: blend %d, want %d", i, f.Blend, want)
		}
	}
	if r := a.Frames[1].Rect; r != image.Rect(3, 2, 6, 4) {
		t.Errorf("frame 1 covers %v, want (3,2)-(6,4)", r)
	}
}

func TestWriteAPNGRefuses(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for _, c := range []struct {
		name   string
		frames []AnimFrame
		plays  int
		want   string
	}{
		{"no frames", nil, 0, "at least one frame"},
		{"nil image", []AnimFrame{{img, 0}, {nil, 0}}, 0, "frame 1 has no image"},
		{"sizes differ", []AnimFrame{{img, 0}, {image.NewRGBA(image.Rect(0, 0, 4, 5)), 0}}, 0, "same size"},
		{"empty", []AnimFrame{{image.NewRGBA(image.Rect(0, 0, 0, 4)), 0}}, 0, "size"},
		{"negative delay", []AnimFrame{{img, -time.Millisecond}}, 0, "delay"},
		{"long delay", []AnimFrame{{img, MaxAnimDelay + time.Second}}, 0, "delay"},
		{"negative plays", []AnimFrame{{img, 0}}, -1, "plays"},
	} {
		for name, write := range map[string]func(*bytes.Buffer) error{
			"apng": func(b *bytes.Buffer) error { return WriteAPNG(b, c.frames, c.plays) },
			"gif":  func(b *bytes.Buffer) error { return WriteGIF(b, c.frames, c.plays) },
		} {
			var buf bytes.Buffer
			err := write(&buf)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s, %s: error %v, want one saying %q", c.name, name, err, c.want)
			}
			if buf.Len() != 0 {
				t.Errorf("%s, %s: wrote %d bytes", c.name, name, buf.Len())
			}
		}
	}
	var buf bytes.Buffer
	if err := WriteGIF(&buf, []AnimFrame{{image.NewRGBA(image.Rect(0, 0, 2, 2)), 0}}, 0); err == nil || buf.Len() != 0 {
		t.Errorf("a transparent GIF frame: error %v, %d bytes; want an error and nothing", err, buf.Len())
	}
}

// TestAPNGDelay: the delay fractions, by hand.
func TestAPNGDelay(t *testing.T) {
	for _, c := range []struct {
		d        time.Duration
		num, den uint16
	}{
		{0, 0, 1000},
		{83 * time.Millisecond, 83, 1000},
		{65535 * time.Millisecond, 65535, 1000},
		{65536 * time.Millisecond, 6554, 100},
		{MaxAnimDelay, 65500, 100},
	} {
		if num, den := apngDelay(c.d); num != c.num || den != c.den {
			t.Errorf("%v: %d/%d, want %d/%d", c.d, num, den, c.num, c.den)
		}
	}
}

// TestAnimrefCatchesDamage: the reader the tests rely on refuses a wrong
// CRC, a sequence number out of order and a frame count that lies.
func TestAnimrefCatchesDamage(t *testing.T) {
	frames := []AnimFrame{{movingBox(8, 8, image.Pt(0, 0), 2, color.NRGBA{255, 0, 0, 255}), 0}, {movingBox(8, 8, image.Pt(3, 3), 2, color.NRGBA{255, 0, 0, 255}), 0}}
	var buf bytes.Buffer
	if err := WriteAPNG(&buf, frames, 0); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	if _, err := animref.ReadAPNG(good); err != nil {
		t.Fatal(err)
	}
	// offsets finds a chunk's data by type.
	offset := func(b []byte, typ string, nth int) int {
		for i := 8; i+8 <= len(b); {
			n := int(binary.BigEndian.Uint32(b[i:]))
			if string(b[i+4:i+8]) == typ {
				if nth == 0 {
					return i + 8
				}
				nth--
			}
			i += 12 + n
		}
		t.Fatalf("no %s chunk", typ)
		return 0
	}
	fixCRC := func(b []byte, at int) {
		n := int(binary.BigEndian.Uint32(b[at-8:]))
		binary.BigEndian.PutUint32(b[at+n:], crc32.ChecksumIEEE(b[at-4:at+n]))
	}
	bad := bytes.Clone(good)
	bad[offset(bad, "IDAT", 0)] ^= 1
	if _, err := animref.ReadAPNG(bad); err == nil || !strings.Contains(err.Error(), "CRC") {
		t.Errorf("a flipped IDAT byte: %v, want a CRC error", err)
	}
	bad = bytes.Clone(good)
	at := offset(bad, "fdAT", 0)
	binary.BigEndian.PutUint32(bad[at:], 7)
	fixCRC(bad, at)
	if _, err := animref.ReadAPNG(bad); err == nil || !strings.Contains(err.Error(), "sequence") {
		t.Errorf("fdAT numbered 7: %v, want a sequence error", err)
	}
	bad = bytes.Clone(good)
	at = offset(bad, "acTL", 0)
	binary.BigEndian.PutUint32(bad[at:], 3)
	fixCRC(bad, at)
	if _, err := animref.ReadAPNG(bad); err == nil || !strings.Contains(err.Error(), "3 frames") {
		t.Errorf("acTL saying 3 frames: %v, want a frame count error", err)
	}
}

func TestMergeRepeats(t *testing.T) {
	red := movingBox(6, 6, image.Pt(1, 1), 2, color.NRGBA{255, 0, 0, 255})
	red2 := movingBox(6, 6, image.Pt(1, 1), 2, color.NRGBA{255, 0, 0, 255}) // equal pixels, another image
	blue := movingBox(6, 6, image.Pt(1, 1), 2, color.NRGBA{0, 0, 255, 255})
	in := []AnimFrame{{red, 10 * time.Millisecond}, {red2, 20 * time.Millisecond}, {blue, 5 * time.Millisecond}, {red, time.Millisecond}, {red, time.Millisecond}}
	got := MergeRepeats(in)
	want := []AnimFrame{{red, 30 * time.Millisecond}, {blue, 5 * time.Millisecond}, {red, 2 * time.Millisecond}}
	if len(got) != len(want) {
		t.Fatalf("%d frames, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Image != want[i].Image || got[i].Delay != want[i].Delay {
			t.Errorf("frame %d: %p for %v, want %p for %v", i, got[i].Image, got[i].Delay, want[i].Image, want[i].Delay)
		}
	}
	if in[0].Delay != 10*time.Millisecond {
		t.Error("MergeRepeats changed its input")
	}
	if len(MergeRepeats(nil)) != 0 {
		t.Error("nil frames merged into some")
	}
	// A run may not show longer than MaxAnimDelay: 400 s + 400 s split.
	long := MergeRepeats([]AnimFrame{{red, 400 * time.Second}, {red, 400 * time.Second}, {red, 100 * time.Second}})
	if len(long) != 2 || long[0].Delay != 400*time.Second || long[1].Delay != 500*time.Second {
		t.Errorf("two 400 s repeats and a 100 s one: %v frames, want 400 s and 500 s", len(long))
	}
}

// TestWriteGIFExact: with at most 256 colours in all, the GIF's frames
// come back exactly, later frames cover only what changed, and a
// repeated frame is merged into the one before.
func TestWriteGIFExact(t *testing.T) {
	pic := func(p image.Point, c color.NRGBA) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 30, 20))
		for y := 0; y < 20; y++ {
			for x := 0; x < 30; x++ {
				img.Set(x, y, color.NRGBA{uint8(8 * (x % 15)), uint8(8 * (y % 10)), 40, 255}) // 150 colours
			}
		}
		for y := p.Y; y < p.Y+4; y++ {
			for x := p.X; x < p.X+4; x++ {
				img.Set(x, y, c)
			}
		}
		return img
	}
	frames := []AnimFrame{
		{pic(image.Pt(1, 1), color.NRGBA{255, 255, 0, 255}), 50 * time.Millisecond},
		{pic(image.Pt(5, 2), color.NRGBA{255, 255, 0, 255}), 120 * time.Millisecond},
		{pic(image.Pt(5, 2), color.NRGBA{255, 255, 0, 255}), 0},
	}
	for _, plays := range []int{0, 1, 3} {
		var buf bytes.Buffer
		if err := WriteGIF(&buf, frames, plays); err != nil {
			t.Fatal(err)
		}
		got, g, err := animref.ReadGIF(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		// image/gif's loop count restarts the animation: forever 0,
		// once -1 (no loop extension), three plays 2 restarts.
		if want := map[int]int{0: 0, 1: -1, 3: 2}[plays]; g.LoopCount != want {
			t.Errorf("plays %d: loop count %d, want %d", plays, g.LoopCount, want)
		}
		if len(got) != 2 {
			t.Fatalf("%d frames, want 2 (the repeated one merged)", len(got))
		}
		for i, f := range got {
			samePixels(t, "GIF frame", f.Image, frames[i].Image)
		}
		if r := got[1].Rect; r != image.Rect(1, 1, 9, 6) {
			t.Errorf("frame 1 covers %v, want (1,1)-(9,6)", r)
		}
		if got[0].Seconds != 0.05 || got[1].Seconds != 0.12 {
			t.Errorf("delays %v, %v; want 0.05, 0.12 (+ 0)", got[0].Seconds, got[1].Seconds)
		}
	}
}

// TestWriteGIFManyColours: 512 colours in 64 cells of the 32x32x32 grid:
// every cell gets a palette colour, the rounded mean of its pixels, so
// each channel of each pixel comes back within 7 (its cell is 8 wide).
func TestWriteGIFManyColours(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 256, 2))
	for x := 0; x < 256; x++ {
		img.Set(x, 0, color.NRGBA{uint8(x), 0, 100, 255})
		img.Set(x, 1, color.NRGBA{uint8(x), 8, 100, 255})
	}
	var buf bytes.Buffer
	if err := WriteGIF(&buf, []AnimFrame{{img, 0}}, 0); err != nil {
		t.Fatal(err)
	}
	got, _, err := animref.ReadGIF(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := animref.NRGBA(img)
	worst := 0
	for i := range want.Pix {
		d := int(got[0].Image.Pix[i]) - int(want.Pix[i])
		worst = max(worst, d, -d)
	}
	if worst > 7 {
		t.Errorf("a channel off by %d, want at most 7", worst)
	}
	if worst == 0 {
		t.Error("512 colours came back exactly from a 256-colour GIF")
	}
}

// TestAPNGEncoderStreams: frames added one by one from one reused
// buffer come back as they were when added (the encoder copies them);
// repeats are merged into the frame before up to MaxAnimDelay, then a
// one-pixel frame that changes nothing (transparent, blended over)
// carries the rest; a frame of another size or a bad delay is refused
// and changes nothing; WriteTo without frames is an error.
func TestAPNGEncoderStreams(t *testing.T) {
	e, err := NewAPNGEncoder(0)
	if err != nil {
		t.Fatal(err)
	}
	buf := image.NewRGBA(image.Rect(0, 0, 16, 12))
	var want []*image.RGBA
	for k := 0; k < 4; k++ {
		copy(buf.Pix, movingBox(16, 12, image.Pt(k, 2), 3, color.NRGBA{200, 50, 50, 255}).Pix)
		if err := e.Add(buf, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		want = append(want, movingBox(16, 12, image.Pt(k, 2), 3, color.NRGBA{200, 50, 50, 255}))
	}
	// Repeats of the last frame: 600 s of them merge (100 ms + 600 s
	// fits), the next 100 s pass MaxAnimDelay and make a new frame.
	for _, d := range []time.Duration{600 * time.Second, 100 * time.Second} {
		if err := e.Add(buf, d); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []struct {
		img   image.Image
		delay time.Duration
	}{{image.NewRGBA(image.Rect(0, 0, 15, 12)), 0}, {buf, -1}, {buf, MaxAnimDelay + 1}, {nil, 0}} {
		if err := e.Add(bad.img, bad.delay); err == nil {
			t.Errorf("Add(%v, %v): no error", bad.img != nil, bad.delay)
		}
	}
	if e.Frames() != 5 {
		t.Fatalf("%d frames, want 4 and the carrying one", e.Frames())
	}
	var out bytes.Buffer
	n, err := e.WriteTo(&out)
	if err != nil || n != int64(out.Len()) {
		t.Fatalf("WriteTo: %d bytes, %v; the buffer has %d", n, err, out.Len())
	}
	a, err := animref.ReadAPNG(out.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range a.Frames {
		samePixels(t, "streamed frame", f.Image, want[min(i, 3)])
	}
	if s := a.Frames[3].Seconds; s != 600.1 {
		t.Errorf("the merged frame shows %v s, want 600.1", s)
	}
	if f := a.Frames[4]; f.Rect != image.Rect(0, 0, 1, 1) || f.Blend != 1 || f.Seconds != 100 {
		t.Errorf("the carrying frame: %v, blend %d, %v s; want one pixel, over, 100 s", f.Rect, f.Blend, f.Seconds)
	}
	empty, _ := NewAPNGEncoder(0)
	if _, err := empty.WriteTo(&out); err == nil {
		t.Error("WriteTo with no frame: no error")
	}
	if _, err := NewAPNGEncoder(-1); err == nil {
		t.Error("plays -1: no error")
	}
}
