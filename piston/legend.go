package piston

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
)

// The legend names what a picture with a ghost draws, on the canvas, at
// the top left of the band: a solid sample line and the mode's name in
// the model's colour, then a dashed sample (as the ghost is drawn, see
// GhostDash) and "ghost: NAME" in the ghost's colour. The split's halves
// carry their mode names as titles instead (Picture, the view's
// DrawSplitTitles); the wall's panes carry theirs in their headers.

// Sizes of the legend, in pixels at text scale 1 (they grow with
// LabelScale).
const (
	LegendInset  = 8.0  // from the band's top left corner
	LegendSample = 28.0 // a sample line's length
	LegendGap    = 6.0  // between a sample and its text
	LegendLine   = 1.5  // line pitch, in ems
)

// GhostDash is the length, in pixels at text scale 1, of the dashes the
// ghost is drawn with (render.Options.Dash), so it reads as a second
// picture on a projector, not only as a dimmer one.
const GhostDash = 7.0

// ghostNames are the ghost's legend lines, "ghost: NAME" by index in
// modes.All, made once so a frame allocates nothing for them.
var ghostNames = func() []string {
	n := make([]string, len(modes.All))
	for i, m := range modes.All {
		n[i] = "ghost: " + m.Name
	}
	return n
}()

// legendColor returns the colour the model is drawn in for the legend:
// the picked node's when it has a shape, else the first shaped node's,
// else white.
func legendColor(sc *scene.Scene, picked int) render.Color {
	if picked >= 0 && picked < len(sc.Nodes) && render.NodeMesh(&sc.Nodes[picked]) != nil {
		return render.RGB(sc.Nodes[picked].Color)
	}
	for i := range sc.Nodes {
		if render.NodeMesh(&sc.Nodes[i]) != nil {
			return render.RGB(sc.Nodes[i].Color)
		}
	}
	return render.White
}

// legend adds the ghost's legend to the main frame when a ghost is shown
// (cmp >= 0, not split), in the band starting at x. Its labels are added
// after the frame's labels were spread, so they stay where they are put.
func (m *Model) legend(x float64, cmp int) {
	if cmp < 0 || m.Split || !m.Ghost {
		return
	}
	s := render.LabelScale(m.LabelScale)
	f := &m.Frames[0]
	c := legendColor(m.Scene, m.Picked)
	ghost := c.Dim(GhostDim)
	em := s * render.TextSize
	x0 := x + LegendInset*s
	y := LegendInset*s + em // the first line's baseline
	w := float32(render.ShapeWidth * max(1, s/2))
	for k, line := range [2]struct {
		text  string
		col   render.Color
		text2 render.Color
		dash  bool
	}{
		{ModeName(m.Mode), c, c, false},
		{ghostNames[cmp], ghost, c.Dim(0.8), true},
	} {
		by := y + float64(k)*LegendLine*em
		mid := by - 0.35*em
		a, b := mgl64.Vec2{x0, mid}, mgl64.Vec2{x0 + LegendSample*s, mid}
		if line.dash {
			d, p := GhostDash*s, GhostDash*s*(1+render.DashGap)
			for t := 0.0; t < LegendSample*s; t += p {
				e := min(t+d, LegendSample*s)
				f.Segments = append(f.Segments, render.Segment{A: a.Add(mgl64.Vec2{t, 0}), B: a.Add(mgl64.Vec2{e, 0}), Color: line.col, Width: w})
			}
		} else {
			f.Segments = append(f.Segments, render.Segment{A: a, B: b, Color: line.col, Width: w})
		}
		f.Labels = append(f.Labels, textLabel(x0+(LegendSample+LegendGap)*s, by-em, s, line.text, line.text2))
	}
}

// cornerLabel returns a label of text in the band x..x+w, 0..h at text
// scale s, at the first corner of the picture (top left, bottom left, top
// right, bottom right; inset LegendInset) where its box crosses none of
// the bold lines of any of pictures (full colour and at least
// render.LabelInkWidth wide, drawn line times as wide): a legend added after the labels were
// spread (Motion's start legend) keeps clear of the basis rods and the
// arrows wherever the view puts them. When every corner crosses one it
// takes the top left. An offset y0 moves the top corners down (below
// another legend).
func cornerLabel(pictures [][]render.Segment, x, w, h, s, line, y0 float64, text string, c render.Color) render.Label {
	em := s * render.TextSize
	tw := render.TextWidth(text, em)
	in := LegendInset * s
	corners := [4]mgl64.Vec2{{x + in, in + y0}, {x + in, h - in - 1.3*em}, {x + w - in - tw, in + y0}, {x + w - in - tw, h - in - 1.3*em}}
	for _, p := range corners {
		lo, hi := p, p.Add(mgl64.Vec2{tw, 1.3 * em})
		clear := true
		for _, segs := range pictures {
			if !clear {
				break
			}
			for i := range segs {
				sg := &segs[i]
				if sg.Color.A < 1 || float64(sg.Width) < render.LabelInkWidth {
					continue
				}
				if render.StrokeMeetsBox(*sg, lo, hi, line) {
					clear = false
					break
				}
			}
		}
		if clear {
			return textLabel(p[0], p[1], s, text, c)
		}
	}
	return textLabel(corners[0][0], corners[0][1], s, text, c)
}
