package main

import (
	"image"
	"math"
	"os/exec"
	"path/filepath"
	"testing"

	"skewlab/render"
	"skewlab/ui"
)

// colourSpan returns the bounding box of img's pixels that pass is.
func colourSpan(img image.Image, is func(r, g, b uint32) bool) image.Rectangle {
	var box image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if is(r>>8, g>>8, bl>>8) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// isPiston is a pixel of the piston's magenta A or cyan B.
func isPiston(r, g, b uint32) bool {
	return r > 128 && b > 128 && g < 90 || g > 128 && b > 128 && r < 90
}

// isLabelGrey is a pixel of a node name with no shape (Root), drawn in
// render.LabelGrey (217, 217, 217), allowing for the anti-aliased edge.
func isLabelGrey(r, g, b uint32) bool {
	return r >= 150 && r <= 235 && max(r, g, b)-min(r, g, b) <= 6
}

// TestBigPictureUnderXvfb runs the built binary with -screenshot: with the
// UI off at 1280x720, as it launches and with Root stretched to 4 under
// accumulate-matrices, the pistons span at least 60% of the screen on
// its limiting axis; in presenter mode at 1920x1080 and UI 2x, at least
// 60% of the screen's height, and the node name "Root" is drawn at 27 px
// (1/40 of 1080) or more: its glyphs are as tall as an "R" of a 27 px
// face of the font, measured from the font's own outlines.
func TestBigPictureUnderXvfb(t *testing.T) {
	xr := xvfb(t)
	bin := buildBinary(t)
	for _, c := range []struct {
		name    string
		args    []string
		w, h    int
		present bool
	}{
		{"ui off", []string{"-ui", "off"}, 1280, 720, false},
		{"ui off, Root 4", []string{"-ui", "off", "-mode", "accumulate-matrices", "-set", "Root.scale=4,1,1"}, 1280, 720, false},
		{"presenter", []string{"-present", "-uiscale", "2", "-size", "1920x1080"}, 1920, 1080, true},
	} {
		shot := filepath.Join(t.TempDir(), "shot.png")
		args := append([]string{"-a", "-s", "-screen 0 1920x1080x24", bin, "-screenshot", shot}, c.args...)
		if out, err := exec.Command(xr, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", c.name, err, out)
		}
		img := readPNG(t, shot)
		if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h {
			t.Fatalf("%s: screenshot is %v, want %dx%d", c.name, b, c.w, c.h)
		}
		box := colourSpan(img, isPiston)
		fx, fy := float64(box.Dx())/float64(c.w), float64(box.Dy())/float64(c.h)
		t.Logf("%s: the pistons span %v: %.2f x %.2f of the screen", c.name, box, fx, fy)
		if c.present {
			if fy < 0.6 {
				t.Errorf("%s: the pistons span %.2f of the screen's height, want at least 0.60", c.name, fy)
			}
		} else if max(fx, fy) < 0.6 {
			t.Errorf("%s: the pistons span %.2f x %.2f of the screen, want at least 0.60 on one axis", c.name, fx, fy)
		}
		if !c.present {
			continue
		}
		// "Root" is drawn in LabelGrey near Root's origin; its glyphs
		// are at least as tall as a 27 px face's "R" (less a pixel of
		// anti-aliasing).
		face := render.NewTextFace(27)
		bounds, _, ok := face.GlyphBounds('R')
		if !ok {
			t.Fatal("the font has no R")
		}
		capH := float64(bounds.Max.Y-bounds.Min.Y) / 64
		// Above the strip (PresentStrip ems of 27 px; its key names are
		// grey too): the picture, where only Root's name is LabelGrey.
		strip := int(math.Round(ui.PresentStrip*27)) + 2
		label := colourSpan(img.(interface {
			SubImage(image.Rectangle) image.Image
		}).SubImage(image.Rect(0, 0, c.w, c.h-strip)), isLabelGrey)
		if label.Empty() || float64(label.Dy()) < capH-1 {
			t.Errorf("%s: the Root label's pixels %v are %d px tall, want at least %.1f (the cap height of a 27 px face)", c.name, label, label.Dy(), capH-1)
		}
		t.Logf("%s: label pixels %v, cap height of 27 px R %.1f", c.name, label, capH)
	}
}
