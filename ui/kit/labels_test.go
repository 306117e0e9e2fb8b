package kit

import (
	"image"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/render"
	"skewlab/ui/internal/uitest"
)

// inkBox is the bounding box of the pixels of pix (RGBA, w wide) whose
// red channel is above 64.
func inkBox(pix []byte, w, h int) image.Rectangle {
	var r image.Rectangle
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if pix[4*(y*w+x)] > 64 {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

// TestLabelsMatchExport: a label drawn in the window and the same label
// in an exported PNG put the same glyphs in the same place: equal ink
// boxes and every pixel within 2 of 255 (identical under Xvfb's software
// GL; the Margin is for GPUs that round blending differently).
func TestLabelsMatchExport(t *testing.T) {
	uitest.NeedLoop(t)
	const w, h = 120, 60
	labels := []render.Label{{At: mgl64.Vec2{20.4, 40.6}, Text: "Root x1", Color: render.White}}
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	img.Fill(render.Color{A: 1})
	l := Labels{Scale: 1}
	l.Add(labels)
	l.Draw(img)
	screen := make([]byte, 4*w*h)
	img.ReadPixels(screen)
	fig, err := render.Rasterize(w, h, render.Color{A: 1}, nil, labels)
	if err != nil {
		t.Fatal(err)
	}
	sb, fb := inkBox(screen, w, h), inkBox(fig.Pix, w, h)
	if sb.Empty() || sb != fb {
		t.Fatalf("window ink %v, export ink %v: want equal and not empty", sb, fb)
	}
	for i := 0; i < len(screen); i += 4 {
		if d := int(screen[i]) - int(fig.Pix[i]); d > 2 || d < -2 {
			t.Fatalf("pixel %d: window %d, export %d", i/4, screen[i], fig.Pix[i])
		}
	}
}

// TestFaceCacheBounded: faceAt reuses a face per size and keeps at most
// maxFontFaces of them.
func TestFaceCacheBounded(t *testing.T) {
	f1, m1 := faceAt(render.TextSize)
	f2, m2 := faceAt(render.TextSize)
	if f1 != f2 || m1 != m2 || m1 != render.TextMetricsAt(render.TextSize) {
		t.Error("faceAt made a second face for one size, or its metrics differ from render's")
	}
	for i := 0; i < 3*maxFontFaces; i++ {
		faceAt(render.TextSize * (1 + float64(i)/8))
	}
	if len(fontFaces) > maxFontFaces {
		t.Errorf("%d faces cached, want at most %d", len(fontFaces), maxFontFaces)
	}
}
