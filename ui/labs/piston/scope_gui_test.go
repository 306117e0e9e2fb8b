package pistonlab

import (
	"image"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/scene"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// scopeView returns the view of the piston at Root scale (3, 1, 1), A at
// 38 degrees, on the wall of every mode in scope (modes.ScopeNames),
// updated once at 1280x720, UI 1x, every window shown.
func scopeView(t *testing.T, scope string) (*view, kit.Input) {
	t.Helper()
	st, errs := state.FromSearch("?wall&scope=" + scope + "&set=Root.scale=3,1,1&set=A.euler=0,38,0")
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	m, err := piston.NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	v := newView(m)
	in := kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull}
	in.ViewX, in.ViewW = kit.FreeBand(&in)
	step := in
	if err := v.Update(&step); err != nil {
		t.Fatal(err)
	}
	return v, in
}

// paneNumbers reads pane p's skew and volume as drawn: the label that
// starts "skew " and the one-character labels after "vol" on its line.
func paneNumbers(t *testing.T, p *piston.Pane) (skew, vol float64) {
	t.Helper()
	line, y := "", math.NaN()
	for _, l := range p.Frame.Labels {
		switch {
		case strings.HasPrefix(l.Text, "skew "):
			line, y = l.Text, l.At[1]
		case l.At[1] == y:
			line += " " + l.Text
		}
	}
	f := strings.Fields(strings.ReplaceAll(line, "°", ""))
	if len(f) < 4 || f[0] != "skew" || f[2] != "vol" {
		t.Fatalf("%s: numbers line %q", modes.All[p.Mode].Name, line)
	}
	skew, err1 := strconv.ParseFloat(f[1], 64)
	vol, err2 := strconv.ParseFloat(strings.Join(f[3:], ""), 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("%s: numbers line %q: %v %v", modes.All[p.Mode].Name, line, err1, err2)
	}
	return skew, vol
}

// readoutNumbers reads the main view's skew (degrees) and volume from the
// Readouts window's lines ("skew       52.30 deg", "volume     24.000,
// matrices ...").
func readoutNumbers(t *testing.T, lines []piston.ReadoutLine) (skew, vol float64) {
	t.Helper()
	found := 0
	for _, l := range lines {
		f := strings.Fields(strings.ReplaceAll(l.Text, ",", " "))
		if len(f) < 2 {
			continue
		}
		var err error
		switch f[0] {
		case "skew":
			skew, err = strconv.ParseFloat(f[1], 64)
			found++
		case "volume":
			vol, err = strconv.ParseFloat(f[1], 64)
			found++
		}
		if err != nil {
			t.Fatalf("readout line %q: %v", l.Text, err)
		}
	}
	if found != 2 {
		t.Fatalf("readout %v lacks skew or volume", lines)
	}
	return skew, vol
}

// TestWallClickKeepsScope is issue 30's scope test, through the view as
// a user drives it: for every mode and both scopes, a click on the mode's
// pane (press and release on it), then W to leave the wall, shows B in the
// main view with the skew and volume the pane showed (the pane's drawn
// text against the Readouts window's lines, to their rounding: 0.05
// degrees, 0.0005). The readouts' head says where the rule applies, the
// Nodes window's chooser shows B's rule, and with a rule on B only the
// picture's notes say how to undo it. By hand (piston's handPiston): maya-ssc
// on B only is 52.30 degrees and 24.000, on every node 0 and 8.000.
func TestWallClickKeepsScope(t *testing.T) {
	uitest.NeedLoop(t)
	a := 38 * math.Pi / 180
	c, s := math.Cos(a), math.Sin(a)
	l1, l3 := math.Sqrt(9*c*c+s*s), math.Sqrt(9*s*s+c*c)
	handSkew := 90 - math.Acos(8*s*c/(l1*l3))*180/math.Pi // 52.2974
	hand := map[[2]string][2]float64{{"node", "maya-ssc"}: {handSkew, 24}, {"all", "maya-ssc"}: {0, 8},
		{"node", "blender-none-legacy"}: {handSkew, 24 / (l1 * l3)}}
	for _, scope := range modes.ScopeNames {
		for k, md := range modes.All {
			v, in := scopeView(t, scope)
			p := &v.M.Wall.Panes[k]
			if p.Mode != k {
				t.Fatalf("pane %d shows %s", k, modes.All[p.Mode].Name)
			}
			paneSkew, paneVol := paneNumbers(t, p)
			at := mgl64.Vec2{p.Rect.X + p.Rect.W/2, p.Rect.Y + p.Rect.H/2}
			tick := func(orbit bool) {
				step := in
				step.Orbit, step.CursorX, step.CursorY = orbit, at[0], at[1]
				if err := v.Update(&step); err != nil {
					t.Fatal(err)
				}
			}
			tick(true)
			tick(false)
			pressKeys(func() {
				step := in
				step.Keys = true
				if err := v.Update(&step); err != nil {
					t.Fatal(err)
				}
			}, ebiten.KeyW)
			if v.M.Wall.On {
				t.Fatalf("%s: W did not leave the wall", md.Name)
			}
			skew, vol := readoutNumbers(t, v.win.readoutLines())
			if math.Abs(skew-paneSkew) > 0.05+1e-9 || math.Abs(vol-paneVol) > 0.0005+1e-9 {
				t.Errorf("scope %s, %s: the pane showed skew %.1f vol %.3f, the main view %.2f %.3f", scope, md.Name, paneSkew, paneVol, skew, vol)
			}
			if h, ok := hand[[2]string{scope, md.Name}]; ok && (math.Abs(skew-h[0]) > 0.005 || math.Abs(vol-h[1]) > 0.0005) {
				t.Errorf("scope %s, %s: main view %.2f %.3f, by hand %.4f %.4f", scope, md.Name, skew, vol, h[0], h[1])
			}
			b := v.M.Scene.Index("B")
			onB := scope == modes.ScopeNode && !md.Seed()
			where, rule := "(all nodes)", scene.RuleFollow
			if onB {
				where, rule = "(on B only)", md.Rule
			}
			if head := v.win.readoutHead; head != "B under "+md.Name+" "+where {
				t.Errorf("scope %s, %s: readouts head %q", scope, md.Name, head)
			}
			if got := scene.Rule(v.win.ruleSel[b]); got != rule {
				t.Errorf("scope %s, %s: the Nodes window shows B's rule %v, want %v", scope, md.Name, got, rule)
			}
			note := strings.Join(v.notes.lines, " ")
			if onB != strings.Contains(note, "from the wall") {
				t.Errorf("scope %s, %s: notes %q", scope, md.Name, note)
			}
			img := uitest.Picture(int(in.Width), int(in.Height), image.Black, v.Draw)
			if box := pistonPixels(img); box.Dx() < 20 {
				t.Errorf("scope %s, %s: the main view draws pistons in %v", scope, md.Name, box)
			}
		}
	}
}
