package pistonlab

import (
	"fmt"
	"image"
	"strconv"

	"github.com/ebitengine/debugui"

	"skewlab/piston"
	"skewlab/scene"
	"skewlab/ui/kit"
)

// timeline is what the Timeline window binds to besides the model: copies
// of the player's time, speed and animation for the slider and chooser
// (debugui clamps a slider's variable to its range every frame, so it
// never holds the model's own), the chooser's names and the readout,
// formatted only when they change.
type timeline struct {
	time, speed float64
	sel         int
	names       []string           // the chooser's entries, "N name"
	namesOf     *scene.Scene       // the scene names was made for
	readout     string             // "of 2.000 s  frame 15 / 60"
	readoutOf   [3]float64         // the animation, time and end readout was made for
	rect        image.Rectangle    // the window's bounds at the last update (UI units), for tests
	rows        [4]image.Rectangle // play row, time slider, readout, chooser (UI units), for tests

	// While the timeline plays and the pointer is not on the time
	// slider, the slider and the readout are live (drawn every frame:
	// kit.LiveSlider, kit.LiveRow), so playing lays the windows out no
	// more (view.WindowsStill).
	live     bool // the last layout made them live
	liveTime kit.LiveSlider
	liveText kit.LiveRow
}

// Timeline window heights in UI units: its title bar and three rows (play,
// loop and speed; the time slider; the readout), and a fourth row with
// the chooser when the scene has several animations.
const (
	timelineHeight   = 100
	timelineChooserH = 22
)

// layoutScopes are the ID scopes of the piston windows by timelineRows:
// debugui keeps a window where it was first laid out, so when a scene
// brings or drops the Timeline (or its chooser) every window is laid out
// afresh in a new scope, and the old ones are dropped.
var layoutScopes = [3]string{"timeline0", "timeline1", "timeline2"}

// timelineRows is 0 without a Timeline, 1 for one animation, 2 with the
// chooser.
func timelineRows(m *piston.Model) int {
	switch {
	case !m.Timeline():
		return 0
	case len(m.Scene.Animations) > 1:
		return 2
	}
	return 1
}

// timelineHeightFor returns the Timeline window's height for m, 0 when
// the scene has no animation (no window).
func timelineHeightFor(m *piston.Model) int {
	if !m.Timeline() {
		return 0
	}
	if len(m.Scene.Animations) > 1 {
		return timelineHeight + timelineChooserH
	}
	return timelineHeight
}

// timelineWindow is the Timeline window, in r: a Play/Pause button
// (Space), the loop checkbox and the speed slider (0.25x to 2x), the time
// slider (scrub; it moves in frames of 1/piston.FrameRate s), the time's
// readout (the last key's time and the frame), and, for a scene with
// several animations, the chooser.
func (v *view) timelineWindow(ctx *debugui.Context, r image.Rectangle) {
	m, tl := v.M, &v.tl
	ctx.Window("Timeline", r, func(layout debugui.ContainerLayout) {
		tl.rect = layout.Bounds
		p := &m.Player
		ctx.SetGridLayout([]int{-3, -2, -2, -3}, nil)
		kit.Track(ctx, &tl.rows[0], func() {
			label := "Play Space"
			if p.Playing {
				label = "Pause Space"
			}
			ctx.Button(label).On(m.TogglePlaying)
		})
		ctx.Checkbox(&p.Loop, "loop")
		ctx.Text("speed")
		tl.speed = p.Speed
		ctx.SliderF(&tl.speed, piston.MinSpeed, piston.MaxSpeed, 0.25, 2).On(func() { m.SetSpeed(tl.speed) })
		ctx.SetGridLayout([]int{-1}, nil)
		start, end := m.Span()
		tl.time = p.Time
		tl.live = p.Playing && !v.pointerOn(tl.rows[1])
		kit.Track(ctx, &tl.rows[1], func() {
			if tl.live {
				tl.liveTime.Low, tl.liveTime.High, tl.liveTime.Digits = start, end, 3
				tl.liveTime.Lay(ctx, tl.rows[1])
				return
			}
			ctx.SliderF(&tl.time, start, end, 1.0/piston.FrameRate, 3).On(func() { m.Scrub(tl.time) })
		})
		if tl.live {
			tl.liveText.Lay(ctx)
			tl.rows[2] = tl.liveText.Bounds()
		} else {
			kit.Track(ctx, &tl.rows[2], func() { ctx.Text(tl.readoutText(m)) })
		}
		if len(m.Scene.Animations) > 1 {
			tl.chooserNames(m)
			tl.sel = p.Anim
			kit.Track(ctx, &tl.rows[3], func() {
				ctx.Dropdown(&tl.sel, tl.names).On(func() { m.SetAnimation(tl.sel) })
			})
		}
	})
}

// refreshLive writes the live slider's value and the live readout's text
// for this tick (no allocation).
func (tl *timeline) refreshLive(m *piston.Model) {
	_, end := m.Span()
	tl.liveTime.Value = m.Player.Time
	b := append(tl.liveText.Text[:0], "of "...)
	b = strconv.AppendFloat(b, end, 'f', 3, 64)
	b = append(b, " s   frame "...)
	b = strconv.AppendInt(b, int64(piston.Frame(m.Player.Time)), 10)
	b = append(b, " / "...)
	b = strconv.AppendInt(b, int64(piston.Frame(end)), 10)
	tl.liveText.Text = append(b, "   , . step"...)
}

// still reports whether the Timeline window can stay as laid out: it
// is live and still playing with the pointer off its slider, or it was
// not live and nothing plays.
func (tl *timeline) still(v *view) bool {
	playing := v.M.Player.Playing && !v.pointerOn(tl.rows[1])
	return tl.live == playing && (!tl.live || tl.liveText.Still())
}

// readoutText returns the time readout of m's timeline, "of END s, frame
// F / N, , . step" (the time itself is on the slider), made again only
// when the animation, the time or the end changed.
func (tl *timeline) readoutText(m *piston.Model) string {
	_, end := m.Span()
	key := [3]float64{float64(m.Player.Anim), m.Player.Time, end}
	if key != tl.readoutOf || tl.readout == "" {
		tl.readoutOf = key
		tl.readout = fmt.Sprintf("of %.3f s   frame %d / %d   , . step", end, piston.Frame(m.Player.Time), piston.Frame(end))
	}
	return tl.readout
}

// chooserNames makes the chooser's entries for m's scene once: "N name",
// or "N (no name)".
func (tl *timeline) chooserNames(m *piston.Model) {
	if tl.namesOf == m.Scene && len(tl.names) == len(m.Scene.Animations) {
		return
	}
	tl.namesOf = m.Scene
	tl.names = tl.names[:0]
	for i, a := range m.Scene.Animations {
		name := a.Name
		if name == "" {
			name = "(no name)"
		}
		tl.names = append(tl.names, strconv.Itoa(i)+" "+name)
	}
}
