package pistonlab

import (
	"math"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/ui/kit"
)

// The comparison wall's part of the view: its panes' strokes and labels
// (the model draws them, see piston.Wall), a click on a pane to choose
// its mode, and the View window's Wall row.

// clickSlop is how far, in device-independent pixels, the pointer may
// move between press and release for the press to count as a click on a
// pane rather than an orbit.
const clickSlop = 4.0

// press is a left press (or one-finger touch) that started outside the
// UI and may become a click: where it went down and how far it moved.
type press struct {
	on    bool
	at    mgl64.Vec2
	moved float64
}

// wallClick watches the orbit gesture for a click: a press released
// having moved at most clickSlop chooses the pane it went down on
// (piston.Model.ChoosePane). The orbit it made meanwhile (at most a
// degree) stays.
func (v *view) wallClick(in *kit.Input) {
	if !in.Orbit {
		if v.press.on && v.press.moved <= clickSlop*max(1, in.DeviceScale) {
			v.M.ChoosePane(v.M.PaneIndex(v.press.at))
		}
		v.press.on = false
		return
	}
	if !v.press.on {
		v.press = press{on: true, at: mgl64.Vec2{in.CursorX, in.CursorY}}
		return
	}
	v.press.moved += math.Abs(in.DX) + math.Abs(in.DY)
}

// addWall adds every pane's segments and labels to the view's strokes
// and labels.
func (v *view) addWall() {
	for k := range v.M.Wall.Panes {
		f := &v.M.Wall.Panes[k].Frame
		v.strokes.Add(f.Segments)
		v.labels.Add(f.Labels)
	}
}

// wallSegments counts the wall's segments (0 when it is hidden).
func (v *view) wallSegments() int {
	if !v.M.Wall.On {
		return 0
	}
	n := 0
	for k := range v.M.Wall.Panes {
		n += len(v.M.Wall.Panes[k].Frame.Segments)
	}
	return n
}

// wallRows are the View window's wall controls: the Wall button (W),
// which shows or hides the comparison wall, and whether its engine rules
// apply to every node instead of the picked one.
func (v *view) wallRows(ctx *debugui.Context) {
	m := v.M
	ctx.SetGridLayout([]int{-2, -3}, nil)
	ctx.Button(wallButton[b2i(m.Wall.On)]).On(m.ToggleWall)
	ctx.Checkbox(&m.Wall.ScopeAll, "rule on all nodes").On(m.Touch)
	ctx.SetGridLayout([]int{-1}, nil)
}

// wallButton is the Wall button's text: open the wall, or leave it.
var wallButton = [2]string{"Wall W", "Leave wall W"}
