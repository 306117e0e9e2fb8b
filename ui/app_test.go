package ui

import (
	"image"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/state"
)

// TestHelpOverlayAndMissingLab draws the app with the help overlay on,
// and a lab without a view, in the game loop: neither may panic, the
// overlay must put light text on its dark box, and the lab must say it is
// missing.
func TestHelpOverlayAndMissingLab(t *testing.T) {
	needLoop(t)
	a, err := NewApp(state.Default(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	a.LayoutF(800, 600)
	a.help = true
	img := ebiten.NewImage(800, 600)
	defer img.Deallocate()
	a.Draw(img)
	out := image.NewRGBA(image.Rect(0, 0, 800, 600))
	img.ReadPixels(out.Pix)
	if p := os.Getenv("SKEWLAB_HELP_PNG"); p != "" {
		_ = SavePNG(img, p)
	}
	light := 0
	for y := 200; y < 400; y++ {
		for x := 150; x < 650; x++ {
			if out.Pix[y*out.Stride+4*x+1] > 180 {
				light++
			}
		}
	}
	if light < 200 {
		t.Errorf("help overlay: %d light pixels in the middle, want text", light)
	}
	v := &MissingView{Lab: "nosuchlab"}
	in := Input{Width: 800, Height: 600, DeviceScale: 1, UIScale: 1}
	if err := v.Update(&in); err != nil {
		t.Fatal(err)
	}
	v.Draw(img)
	if v.Title() == "" || v.msg == "" {
		t.Error("missing lab has no title or message")
	}
}
