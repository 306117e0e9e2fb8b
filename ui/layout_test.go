package ui

import (
	"flag"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/state"
	"skewlab/tour"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// layoutShots, when set, makes TestLayoutEverySize save each failing
// case's frame as a PNG in that directory (all cases with -layout-all).
var (
	layoutShots = flag.String("layout-shots", "", "save the frames of TestLayoutEverySize's failing cases into `DIR`")
	layoutAll   = flag.Bool("layout-all", false, "with -layout-shots, save every case's frame")
)

// layoutSizes are the embed and presenter sizes every layout must hold
// at (issue 30): a small embed, the README's embed, a laptop, a
// projector.
var layoutSizes = [][2]int{{640, 360}, {800, 450}, {1280, 720}, {1920, 1080}}

// layoutLabs are the labs as a reader opens them (URL queries): each lab,
// and each dynamics preset.
var layoutLabs = []string{"lab=piston", "lab=drift", "lab=dynamics&preset=turntable", "lab=dynamics&preset=crash", "lab=cost", "lab=cost&hierarchy=chain"}

// TestLayoutEverySize: at 640x360, 800x450, 1280x720 and 1920x1080, with
// UI 1x and 2x, with the UI on and off, every lab (each dynamics preset)
// and every tour step (its gesture played to the end, as -screenshot
// takes it) draws its texts where kit.LayoutProblems finds nothing: no
// two texts overlap, none is cut by the screen's edge, none lies under a
// window, a panel or the caption's band. The real App draws each case
// once, after it has settled, with the frame recorded (RecordLayout).
func TestLayoutEverySize(t *testing.T) {
	uitest.NeedLoop(t)
	guide, err := tour.Load()
	if err != nil {
		t.Fatal(err)
	}
	state.UseTour(guide.Len())
	defer state.UseTour(0)
	subjects := append([]string(nil), layoutLabs...)
	for n := 1; n <= guide.Len(); n++ {
		subjects = append(subjects, fmt.Sprintf("tour=%d", n))
	}
	start := time.Now()
	cases, failed := 0, 0
	for _, size := range layoutSizes {
		img := ebiten.NewImage(size[0], size[1])
		for _, scale := range []int{1, 2} {
			for _, ui := range []string{"full", "off"} {
				for _, q := range subjects {
					name := fmt.Sprintf("%dx%d/ui%dx/%s/%s", size[0], size[1], scale, ui, strings.ReplaceAll(q, "&", ","))
					t.Run(name, func(t *testing.T) {
						cases++
						if problems := layoutCase(t, guide, name, q, ui, scale, img); len(problems) > 0 {
							failed++
							t.Errorf("%d layout problems, the first: %s", len(problems), strings.Join(problems[:min(4, len(problems))], "; "))
						}
					})
				}
			}
		}
		img.Deallocate()
	}
	t.Logf("%d cases, %d with problems, in %v", cases, failed, time.Since(start).Round(time.Millisecond))
}

// layoutCase opens query q (plus the UI level and scale) in a new App on
// img's size, lets a tour step's gesture play out and the frame settle,
// draws one recorded frame into img and returns its layout problems.
func layoutCase(t *testing.T, guide *tour.Tour, name, q, ui string, scale int, img *ebiten.Image) []string {
	t.Helper()
	vals, err := url.ParseQuery(q + "&ui=" + ui + "&uiscale=" + fmt.Sprint(scale) + "&aa=off")
	if err != nil {
		t.Fatal(err)
	}
	st, errs := state.FromQuery(vals)
	if len(errs) > 0 {
		t.Fatalf("%s: %v", name, errs)
	}
	// The web page's windows: the Lab and Tour windows with Share.
	a, err := NewApp(st, Config{Tour: guide, Share: func() {}}, testLabs)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	a.LayoutF(float64(w), float64(h))
	// A gesture plays one step a tick: run the ticks without drawing
	// (drawing is the slow part under a software rasterizer), then draw
	// until settled as -screenshot waits (shotReady).
	for a.tour.step > 0 && a.view().Animating() && a.updates < shotPatience {
		if err := a.Update(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for k := 0; !a.shotReady(); k++ {
		if k > 4*settleFrames {
			t.Fatalf("%s: not settled after %d frames", name, k)
		}
		if err := a.Update(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		a.Draw(img)
	}
	a.RecordLayout()
	a.Draw(img)
	marks, mw, mh, ok := a.LayoutMarks()
	if !ok || mw != w || mh != h {
		t.Fatalf("%s: recorded %v at %dx%d, want a %dx%d frame", name, ok, mw, mh, w, h)
	}
	problems := kit.LayoutProblems(marks, float64(w), float64(h))
	if *layoutShots != "" && (len(problems) > 0 || *layoutAll) {
		file := strings.NewReplacer("/", "_", "=", "", ",", "_").Replace(name) + ".png"
		if err := savePNG(img, filepath.Join(*layoutShots, file)); err != nil {
			t.Error(err)
		}
	}
	if len(marks) == 0 {
		problems = append(problems, "no text recorded") // every case draws some text
	}
	return problems
}
