package pistonlab

import (
	"image"
	"testing"

	"skewlab/piston"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// TestLaunchFillsTheBand draws the default piston view as the app does at
// 1280x720, UI 1x, every window shown (kit.FreeBand's band), and checks
// in pixels that the pistons (magenta A and cyan B) fill at least 40% of
// the band's width or height and lie inside it, alone and side by side.
func TestLaunchFillsTheBand(t *testing.T) {
	uitest.NeedLoop(t)
	const w, h = 1280, 720
	in := kit.Input{Width: w, Height: h, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull}
	in.ViewX, in.ViewW = kit.FreeBand(&in)
	if !(in.ViewW > 0 && in.ViewW < w) {
		t.Fatalf("band %g+%g: the windows leave no band", in.ViewX, in.ViewW)
	}
	for _, c := range []struct {
		name  string
		split bool
	}{{"alone", false}, {"split", true}} {
		st := state.Default()
		if c.split {
			st.Compare, st.Split = "accumulate-trs", true
		}
		m, err := piston.NewModel(st)
		if err != nil {
			t.Fatal(err)
		}
		v := newView(m)
		step := in
		if err := v.Update(&step); err != nil {
			t.Fatal(err)
		}
		img := uitest.Picture(w, h, image.Black, v.Draw)
		box := pistonPixels(img)
		band := image.Rect(int(in.ViewX), 0, int(in.ViewX+in.ViewW), h)
		if box.Empty() {
			t.Fatalf("%s: no piston pixels", c.name)
		}
		if !box.In(band) {
			t.Errorf("%s: piston pixels %v outside the band %v", c.name, box, band)
		}
		fx, fy := float64(box.Dx())/in.ViewW, float64(box.Dy())/h
		if max(fx, fy) < 0.4 {
			t.Errorf("%s: piston pixels %v fill %.2f x %.2f of the band %v, want at least 0.40 of one", c.name, box, fx, fy, band)
		}
		t.Logf("%s: piston pixels %v fill %.2f x %.2f of the band %v", c.name, box, fx, fy, band)
		if c.split {
			for k, pane := range []image.Rectangle{
				image.Rect(band.Min.X, 0, band.Min.X+band.Dx()/2, h),
				image.Rect(band.Min.X+band.Dx()/2, 0, band.Max.X, h),
			} {
				sub := pistonPixels(img.SubImage(pane).(*image.RGBA))
				if sub.Empty() || sub.Min.X <= pane.Min.X || sub.Max.X >= pane.Max.X {
					t.Errorf("pane %d %v: its piston's pixels %v are missing or cut at its edge", k, pane, sub)
				}
			}
		}
	}
}

// pistonPixels returns the bounding box of img's magenta and cyan pixels
// (isMagenta, isCyan), in img's coordinates.
func pistonPixels(img *image.RGBA) image.Rectangle {
	var box image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.RGBAAt(x, y)
			if isMagenta(c.R, c.G, c.B) || isCyan(c.R, c.G, c.B) {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}
