//go:build !js

package main

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"skewlab/internal/animref"
	"skewlab/render"
	"skewlab/tour"
)

// readAPNG reads and checks an animated PNG with the independent reader.
func readAPNG(t *testing.T, path string) *animref.APNG {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := animref.ReadAPNG(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	// A reader that knows no APNG shows the default image: frame 0.
	still, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(animref.NRGBA(still).Pix, a.Frames[0].Image.Pix) {
		t.Errorf("%s: the default image is not frame 0", path)
	}
	return a
}

// pixelsOf returns img as non-premultiplied RGBA bytes (the PNG's own
// pixels for an opaque image).
func pixelsOf(img image.Image) []byte { return animref.NRGBA(img).Pix }

// startStill is step n's still of its start state: the step's picture
// at progress 0 of its gesture with its caption (tour.Tour.Motion asked
// for that one moment, a run of its own), rasterized as the stills are.
func startStill(t *testing.T, n, w, h int) []byte {
	t.Helper()
	pics, err := guide.Motion(n, w, h, []float64{0}, motionFunc)
	if err != nil {
		t.Fatal(err)
	}
	img, err := render.Rasterize(w, h, exportBackground, pics[0].Segments, pics[0].Labels)
	if err != nil {
		t.Fatal(err)
	}
	return pixelsOf(img)
}

// checkFrames checks an animation's frames against the stills of the
// start and end states, pixel for pixel (the same renderer draws both),
// and that no two frames are alike (with pairwise), or at least no two
// in a row (the frames of a motion that comes back, as the stretchy
// arm's animation does, repeat in reverse).
func checkFrames(t *testing.T, what string, frames []animref.Frame, start, end []byte, pairwise bool) {
	t.Helper()
	if len(frames) < tour.MinAnimFrames {
		t.Errorf("%s: %d frames, want at least %d", what, len(frames), tour.MinAnimFrames)
	}
	for i := range frames {
		for j := i + 1; j < len(frames) && (pairwise || j == i+1); j++ {
			if bytes.Equal(frames[i].Image.Pix, frames[j].Image.Pix) {
				t.Errorf("%s: frames %d and %d are alike", what, i, j)
			}
		}
	}
	if !bytes.Equal(frames[0].Image.Pix, start) {
		t.Errorf("%s: the first frame is not the still of the start state", what)
	}
	if !bytes.Equal(frames[len(frames)-1].Image.Pix, end) {
		t.Errorf("%s: the last frame is not the still of the end state", what)
	}
}

// TestTourExportAnimations: `tour -export` writes NN-slug.anim.png for
// every step with a gesture in assets/tour.json and for no other: an
// APNG (the independent reader checks its chunks: acTL before the first
// IDAT, sequence numbers, frame count, CRCs; frame 0 is the default
// image) of at least 8 frames, no two alike, the first equal pixel for
// pixel to the still of the step's start state and the last to the
// still it wrote (NN-slug.png, the end state), the first shown
// tour.HoldStart and the last at least tour.HoldEnd. It logs how long
// the export took.
func TestTourExportAnimations(t *testing.T) {
	const w, h = 640, 360
	dir := t.TempDir()
	var out, errb bytes.Buffer
	began := time.Now()
	if code := runTour([]string{"-export", dir, "-size", fmt.Sprintf("%dx%d", w, h)}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	t.Logf("tour -export at %dx%d took %v", w, h, time.Since(began).Round(time.Millisecond))
	gestures := 0
	for n := 1; n <= guide.Len(); n++ {
		path := filepath.Join(dir, guide.FileName(n)+tour.AnimSuffix)
		if guide.Steps[n-1].Gesture.Kind == "" {
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("step %d has no gesture, yet %s: %v", n, path, err)
			}
			continue
		}
		gestures++
		a := readAPNG(t, path)
		if a.Width != w || a.Height != h || a.Chunks[0].Type != "IHDR" || a.Chunks[1].Type != "acTL" || !a.DefaultIsFrame {
			t.Errorf("step %d: %dx%d, chunks %s %s, default image frame 0 %v; want %dx%d, IHDR acTL, true", n, a.Width, a.Height, a.Chunks[0].Type, a.Chunks[1].Type, a.DefaultIsFrame, w, h)
		}
		checkFrames(t, fmt.Sprintf("step %d", n), a.Frames, startStill(t, n, w, h), pixelsOf(readPNG(t, filepath.Join(dir, guide.FileName(n)+".png"))), true)
		if first, last := a.Frames[0].Seconds, a.Frames[len(a.Frames)-1].Seconds; first != tour.HoldStart.Seconds() || last < tour.HoldEnd.Seconds() {
			t.Errorf("step %d: the first frame shows %v s, the last %v s; want %v and at least %v", n, first, last, tour.HoldStart.Seconds(), tour.HoldEnd.Seconds())
		}
	}
	if gestures < 8 {
		t.Errorf("%d steps with a gesture, want the tour's 8", gestures)
	}
	if want := fmt.Sprintf("%d animated PNG", gestures); !strings.Contains(out.String(), want) {
		t.Errorf("stdout %q lacks %q", out.String(), want)
	}
}

// TestExportAnimatedTourStep: export -animated of step 5's sweep, as an
// APNG and as a GIF. The APNG's frames, -frames 8 of them, run from the
// still of the start state to `export -tour 5`'s still; the GIF has the
// same frames and timing, its colours from one 256-colour palette. The
// figure has thousands of colours (anti-aliased edges), so the GIF is
// lossy: a pixel whose cell of the palette grid made the palette is
// within 7 of the APNG's in every channel (WriteGIF), the others are
// not bounded. The tolerance: at most 2% of the pixels off by more than
// 7 and a mean error of at most 1 level (measured on steps 2, 4, 5, 11,
// 12 and 13 at 640x360: at most 0.42% and 0.31; at 320x180 up to about
// 1%).
func TestExportAnimatedTourStep(t *testing.T) {
	const w, h, step = 320, 180, 5
	dir := t.TempDir()
	size := fmt.Sprintf("%dx%d", w, h)
	still := filepath.Join(dir, "still.png")
	if code, _, e := runCmd(t, "export", "-tour", "5", "-size", size, "-o", still); code != 0 {
		t.Fatalf("export -tour 5: exit %d: %s", code, e)
	}
	apng, gifPath := filepath.Join(dir, "a.png"), filepath.Join(dir, "a.gif")
	for _, out := range []string{apng, gifPath} {
		code, o, e := runCmd(t, "export", "-animated", out, "-tour", "5", "-size", size, "-frames", "8")
		if code != 0 || e != "" || !strings.Contains(o, "wrote "+out+" (320x180, 8 frames of 8 drawn, tour step 5 of") {
			t.Fatalf("export -animated %s: exit %d, stdout %q, stderr %q", out, code, o, e)
		}
	}
	a := readAPNG(t, apng)
	checkFrames(t, "APNG", a.Frames, startStill(t, step, w, h), pixelsOf(readPNG(t, still)), true)
	data, err := os.ReadFile(gifPath)
	if err != nil {
		t.Fatal(err)
	}
	gf, _, err := animref.ReadGIF(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(gf) != len(a.Frames) {
		t.Fatalf("GIF %d frames, APNG %d", len(gf), len(a.Frames))
	}
	for i := range gf {
		// GIF counts hundredths: the 2 s sweep's 2/7 s between frames is 29.
		if d := gf[i].Seconds - a.Frames[i].Seconds; d > 0.005+1e-9 || d < -0.005-1e-9 {
			t.Errorf("frame %d: GIF %v s, APNG %v s", i, gf[i].Seconds, a.Frames[i].Seconds)
		}
		far, sum := 0, 0
		g, p := gf[i].Image.Pix, a.Frames[i].Image.Pix
		for k := 0; k < len(p); k += 4 {
			off := false
			for c := range 3 {
				d := int(g[k+c]) - int(p[k+c])
				sum += max(d, -d)
				off = off || d > 7 || d < -7
			}
			if off {
				far++
			}
		}
		if far > w*h/50 {
			t.Errorf("GIF frame %d: %d pixels more than 7 off the APNG's, want at most %d", i, far, w*h/50)
		}
		if mean := float64(sum) / float64(3*w*h); mean > 1 {
			t.Errorf("GIF frame %d: mean error %.3f, want at most 1", i, mean)
		}
	}
}

// TestExportAnimatedScene: export -animated of the stretchy arm's
// animation: its first and last frames are `export -t` at -from and -to
// (the animation's keys, 0 and 2 s, by default), and the frame at 1 s,
// the fifth of 9, is among them; each frame shows 2/8 s.
func TestExportAnimatedScene(t *testing.T) {
	const w, h = 320, 180
	dir := t.TempDir()
	size := fmt.Sprintf("%dx%d", w, h)
	still := func(tm string) []byte {
		p := filepath.Join(dir, "t"+tm+".png")
		if code, _, e := runCmd(t, "export", "-preset", "stretchy-arm", "-t", tm, "-size", size, "-o", p); code != 0 {
			t.Fatalf("export -t %s: exit %d: %s", tm, code, e)
		}
		return pixelsOf(readPNG(t, p))
	}
	for _, c := range []struct {
		args       []string
		from, to   string
		middle     string
		secs       float64
		framesText string
	}{
		{nil, "0", "2", "1", 0.25, "t 0 to 2 s"},
		{[]string{"-from", "0.5", "-to", "1.5"}, "0.5", "1.5", "1", 0.125, "t 0.5 to 1.5 s"},
	} {
		out := filepath.Join(dir, "arm"+c.from+".png")
		args := append([]string{"export", "-animated", out, "-preset", "stretchy-arm", "-size", size, "-frames", "9"}, c.args...)
		code, o, e := runCmd(t, args...)
		if code != 0 || !strings.Contains(o, c.framesText) {
			t.Fatalf("%v: exit %d, %q, %q", args, code, o, e)
		}
		a := readAPNG(t, out)
		checkFrames(t, "arm "+c.framesText, a.Frames, still(c.from), still(c.to), false)
		mid := still(c.middle)
		found := false
		for _, f := range a.Frames {
			found = found || bytes.Equal(f.Image.Pix, mid)
		}
		if !found {
			t.Errorf("%s: no frame is export -t %s's still", c.framesText, c.middle)
		}
		if s := a.Frames[1].Seconds; s != c.secs {
			t.Errorf("%s: a frame shows %v s, want %v", c.framesText, s, c.secs)
		}
	}
}

// TestExportAnimatedRefuses: every bad command line of export -animated
// is one line on stderr, exit 2, nothing on stdout and no file written.
func TestExportAnimatedRefuses(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-animated", out, "-tour", "1"}, "step 1 has no gesture to animate (steps with one: 2, 3, 4, 5, 11, 12, 13, 14)"},
		{[]string{"-animated", out, "-tour", "5", "-mode", "accumulate-trs"}, "leave out -mode"},
		{[]string{"-animated", out, "-tour", "5", "-from", "1"}, "leave out -from"},
		{[]string{"-animated", out, "-preset", "piston"}, "the scene has no animation"},
		{[]string{"-animated", out, "-preset", "stretchy-arm", "-from", "2", "-to", "1"}, "-from 2 must be below -to 1"},
		{[]string{"-animated", out, "-preset", "stretchy-arm", "-from", "1", "-to", "1"}, "-from 1 must be below -to 1"},
		{[]string{"-animated", out, "-preset", "stretchy-arm", "-from", "3", "-to", "4"}, "outside the animation's keys, 0 to 2 s"},
		{[]string{"-animated", out, "-preset", "stretchy-arm", "-from", "-1"}, "-from -1: seconds outside 0"},
		{[]string{"-animated", out, "-preset", "stretchy-arm", "-t", "1"}, "-t draws one time"},
		{[]string{"-animated", out, "-preset", "stretchy-arm", "-anim", "nope"}, `anim "nope": no such animation`},
		{[]string{"-animated", out, "-lab", "dynamics"}, "the dynamics lab's motion is a tour step's gesture"},
		{[]string{"-animated", filepath.Join(dir, "x.jpg"), "-tour", "5"}, "want FILE.png (animated PNG) or FILE.gif"},
		{[]string{"-animated", "", "-tour", "5"}, "want FILE.png (animated PNG) or FILE.gif"},
		{[]string{"-animated", out, "-tour", "5", "-frames", "7"}, "-frames 7 out of range [8, 120]"},
		{[]string{"-animated", out, "-tour", "5", "-frames", "121"}, "-frames 121 out of range [8, 120]"},
		{[]string{"-animated", out, "-tour", "5", "-frames", "2.5"}, "frames"},
		{[]string{"-animated", filepath.Join(dir, "x.gif"), "-tour", "5", "-size", "16384x16384"}, "above the 268435456 a GIF may hold"},
		{[]string{"-o", out, "-frames", "10"}, "-frames, -from and -to apply only with -animated"},
		{[]string{"-o", out, "-preset", "stretchy-arm", "-to", "1"}, "-frames, -from and -to apply only with -animated"},
		{[]string{"-o", out, "-animated", filepath.Join(dir, "y.png"), "-tour", "5"}, "give one output"},
	} {
		code, o, e := runCmd(t, append([]string{"export"}, c.args...)...)
		if code != 2 || o != "" || !strings.HasPrefix(e, "skewlab: export: ") || strings.Count(e, "\n") != 1 || !strings.Contains(e, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, nothing, one line with %q", c.args, code, o, e, c.want)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("refused commands left %d files in %s", len(left), dir)
	}
}
