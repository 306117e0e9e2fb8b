package drift

import (
	"errors"
	"fmt"

	"skewlab/render"
)

// LinePitch is the drift picture's line height in UI units: 14, the pitch
// its layouts were built on (render.TextSize's em plus leading; the font's
// own line height, 11.6 px at TextSize, would pack the lines tighter).
const LinePitch = 14.0

// CharWidth returns a character's width in UI units: the advance of the
// one text font (render.TextMetricsAt) at render.TextSize, 6.
func CharWidth() float64 { return render.TextMetricsAt(render.TextSize).Advance }

// Figure runs the drift lab from frame 0 to its default target
// (Targets[DefaultTarget], 1,000,000 frames, about 0.7 s on one core) with
// the default axis and the axis normalization named norm ("" for the
// default, float64; else a NormNames entry), and returns its picture at w
// by h pixels, UI scale 1, with no room kept for windows: the segments in
// pixels (y down) and the labels anchored for render.WritePNG and WriteSVG
// (ExportLabels). It needs no display. An unknown norm, or a w or h below
// 1, is an error and gives no geometry.
func Figure(norm string, w, h int) ([]render.Segment, []render.Label, error) {
	return figureTo(norm, Targets[DefaultTarget], w, h)
}

// figureTo is Figure run to frames, one of Targets.
func figureTo(norm string, frames, w, h int) ([]render.Segment, []render.Label, error) {
	if w < 1 || h < 1 {
		return nil, nil, errors.New("the drift figure needs a size of at least 1 by 1 pixels")
	}
	m, err := NewModel()
	if err != nil {
		return nil, nil, err
	}
	if m.Target = targetIndex(frames); m.Target < 0 {
		return nil, nil, fmt.Errorf("the drift figure: %d frames is not a target (valid: %v)", frames, Targets)
	}
	if norm != "" {
		n, err := ParseNorm(norm)
		if err != nil {
			return nil, nil, err
		}
		m.SetNorm(int(n))
	}
	for !m.Done() {
		if m.Lab.Advance(m.TargetFrames()-m.Lab.Frame()) <= 0 {
			return nil, nil, errStopped
		}
	}
	var p Picture
	p.Build(m, Layout{W: float64(w), H: float64(h), Scale: 1, CharW: CharWidth(), LineH: LinePitch})
	return p.Segments, ExportLabels(nil, p.Labels), nil
}
