package pistonlab

import (
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

const gw, gh = 640, 480

// topDown is an orthographic camera looking straight down the y axis at
// target: screen x is world x, screen y (down) is world z.
func topDown(target mgl64.Vec3) render.Camera {
	c := render.DefaultCamera()
	c.Target, c.Yaw, c.Pitch, c.Distance, c.Ortho = target, 0, 89.9, 12, true
	return c
}

// pistonModel returns the piston under mode with Root scale (sx, 1, 1),
// nothing drawn but the node shapes, seen from above.
func pistonModel(t testing.TB, mode string, sx float64) *piston.Model {
	st := state.Default()
	st.Mode = mode
	m, err := piston.NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Edits[m.Scene.Index("Root")].Scale[0] = sx
	m.Opt = render.Options{}
	m.Camera = topDown(mgl64.Vec3{4, 3, 4.5})
	return m
}

// render draws v's picture into a fresh image and returns its pixels.
func renderView(t testing.TB, v *view) *image.RGBA {
	in := kit.Input{Width: gw, Height: gh, DeviceScale: 1, UIScale: 1}
	if err := v.Update(&in); err != nil {
		t.Fatal(err)
	}
	return uitest.Picture(gw, gh, image.Black, v.Draw)
}

func isMagenta(r, g, b uint8) bool { return r > 128 && b > 128 && g < 90 }
func isCyan(r, g, b uint8) bool    { return g > 128 && b > 128 && r < 90 }

// colourBox returns the bounding box of the pixels that pass is, and
// their count.
func colourBox(img *image.RGBA, is func(r, g, b uint8) bool) (image.Rectangle, int) {
	box, n := image.Rectangle{}, 0
	for y := 0; y < gh; y++ {
		for x := 0; x < gw; x++ {
			p := img.Pix[y*img.Stride+4*x:]
			if is(p[0], p[1], p[2]) {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box, n
}

// nearest returns the distance from p to the closest pixel passing is.
func nearest(img *image.RGBA, p mgl64.Vec2, is func(r, g, b uint8) bool) float64 {
	best := math.Inf(1)
	for y := 0; y < gh; y++ {
		for x := 0; x < gw; x++ {
			q := img.Pix[y*img.Stride+4*x:]
			if is(q[0], q[1], q[2]) {
				best = math.Min(best, math.Hypot(float64(x)+0.5-p[0], float64(y)+0.5-p[1]))
			}
		}
	}
	return best
}

// TestEveryModeDrawsThePistonWhereProjected checks, in the real game loop,
// that each mode's picture has magenta (A) and cyan (B) pixels close to
// where the projection puts A's and B's origins, and that B's origin lies
// inside the cyan pixels' bounding box.
func TestEveryModeDrawsThePistonWhereProjected(t *testing.T) {
	uitest.NeedLoop(t)
	for _, md := range modes.All {
		t.Run(md.Name, func(t *testing.T) {
			m := pistonModel(t, md.Name, 1.5)
			v := newView(m)
			img := renderView(t, v)
			f := &m.Frames[0]
			unit, _ := f.Project(mgl64.Vec3{0, 0, 0})
			unit2, _ := f.Project(mgl64.Vec3{1, 0, 0})
			px := unit2.Sub(unit).Len() // pixels per world unit
			for _, c := range []struct {
				node string
				is   func(r, g, b uint8) bool
			}{{"A", isMagenta}, {"B", isCyan}} {
				w := m.World[0][m.Scene.Index(c.node)]
				p, ok := f.Project(mgl64.Vec3{w[12], w[13], w[14]})
				if !ok {
					t.Fatalf("%s's origin does not project", c.node)
				}
				box, n := colourBox(img, c.is)
				if n == 0 {
					t.Fatalf("no %s pixels", c.node)
				}
				if d := nearest(img, p, c.is); d > 0.6*px {
					t.Errorf("%s: nearest pixel of its colour is %.1f px from its projected origin %v (limit %.1f)", c.node, d, p, 0.6*px)
				}
				if !image.Pt(int(p[0]), int(p[1])).In(box.Inset(-2)) {
					t.Errorf("%s: projected origin %v outside its pixels' box %v", c.node, p, box)
				}
			}
		})
	}
}

// TestRootScaleArtifactShape checks the seed's two artifacts in pixels:
// with Root scale (3, 1, 1) seen from above, B's cyan box is wide along
// world x under accumulate-matrices (the parent's scale acts along world
// x) and tall along world z under accumulate-trs (the scale acts along
// B's own, turned, x axis).
func TestRootScaleArtifactShape(t *testing.T) {
	uitest.NeedLoop(t)
	for _, c := range []struct {
		mode       string
		want       func(ratio float64) bool
		wantString string
	}{
		{"accumulate-matrices", func(r float64) bool { return r > 2 }, "> 2"},
		{"accumulate-trs", func(r float64) bool { return r < 0.5 }, "< 1/2"},
	} {
		m := pistonModel(t, c.mode, 3)
		img := renderView(t, newView(m))
		box, n := colourBox(img, isCyan)
		if n == 0 {
			t.Fatalf("%s: no cyan pixels", c.mode)
		}
		ratio := float64(box.Dx()) / float64(box.Dy())
		if !c.want(ratio) {
			t.Errorf("%s: B's extent x/z = %d/%d = %.2f, want %s", c.mode, box.Dx(), box.Dy(), ratio, c.wantString)
		}
		t.Logf("%s: B's extent x/z = %d/%d = %.2f", c.mode, box.Dx(), box.Dy(), ratio)
	}
}
