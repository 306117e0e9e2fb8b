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
		return nil, nil, errSize
	}
	m, err := figureModel(norm, frames)
	if err != nil {
		return nil, nil, err
	}
	if err := runTo(m, m.TargetFrames()); err != nil {
		return nil, nil, err
	}
	p := figurePicture(m, w, h)
	return p.Segments, p.Labels, nil
}

// errSize is the figure's error for a size under 1 by 1 pixels.
var errSize = errors.New("the drift figure needs a size of at least 1 by 1 pixels")

// figureModel returns the model Figure runs: at frame 0, its target
// frames (one of Targets), with the axis normalization named norm (""
// for the default).
func figureModel(norm string, frames int) (*Model, error) {
	m, err := NewModel()
	if err != nil {
		return nil, err
	}
	if m.Target = targetIndex(frames); m.Target < 0 {
		return nil, fmt.Errorf("the drift figure: %d frames is not a target (valid: %v)", frames, Targets)
	}
	if norm != "" {
		n, err := ParseNorm(norm)
		if err != nil {
			return nil, err
		}
		m.SetNorm(int(n))
	}
	return m, nil
}

// runTo runs m on to frame n (at most its target; nothing when it is
// there already).
func runTo(m *Model, n int) error {
	n = min(n, m.TargetFrames())
	for m.Lab.Frame() < n {
		if m.Lab.Advance(n-m.Lab.Frame()) <= 0 {
			return errStopped
		}
	}
	return nil
}

// figurePicture draws m as it is now at w by h pixels, UI scale 1, the
// labels anchored for render.WritePNG and WriteSVG (ExportLabels).
func figurePicture(m *Model, w, h int) render.Picture {
	var p Picture
	p.Build(m, Layout{W: float64(w), H: float64(h), Scale: 1, CharW: CharWidth(), LineH: LinePitch})
	return render.Picture{Segments: p.Segments, Labels: ExportLabels(nil, p.Labels)}
}
