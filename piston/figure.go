package piston

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/scene"
	"skewlab/state"
)

// Figure draws the piston lab's picture of st with no display, as the
// window shows it with the UI off at text scale 1: the model NewModel(st)
// makes (st's scene, file or preset, then its sets; its mode; the ghost
// dimmed by GhostDim, or the split, under st's compare mode; the
// comparison wall; the picked node's skew arc; the labels spread apart
// with leader lines), seen by st's camera as given, or else by the
// default direction framed as the app frames it at launch (the meshes of
// every mode shown, FrameMargin), in a w by h pixel viewport. Segments
// and labels are in pixels, y down, as render.WritePNG and WriteSVG take
// them. An error means st's scene does not load or a mode name is
// unknown; nothing partial is returned. A viewport with no area gives no
// segments.
func Figure(st state.State, w, h int) ([]render.Segment, []render.Label, error) {
	if _, err := modes.ByName(st.Mode); err != nil {
		return nil, nil, err
	}
	if st.Compare != "" {
		if _, err := modes.ByName(st.Compare); err != nil {
			return nil, nil, err
		}
	}
	m, err := NewModel(st)
	if err != nil {
		return nil, nil, err
	}
	text, line := m.figureScales(h)
	Reserve(&m.Frames[0], m.Scene, m.Compare >= 0 && !m.Split)
	m.Recompute(0, float64(w), float64(h))
	segs, labels := m.Picture(nil, nil)
	render.ScaleFigure(segs, labels, text, line)
	return segs, labels, nil
}

// figureScales sets the model's label and line scales to those of an
// exported figure h pixels high (render.FigureScales) and returns them,
// for render.ScaleFigure once the picture is drawn.
func (m *Model) figureScales(h int) (text, line float64) {
	text, line = render.FigureScales(h)
	m.LabelScale, m.LineScale = text, line
	return text, line
}

// Picture appends the picture the last Recompute drew to segs and labels
// and returns them: the main frame, the split's right half with the two
// mode names over the halves, or the comparison wall's panes. It is what
// the window draws with the UI off (ui/labs/piston draws the same
// frames).
func (m *Model) Picture(segs []render.Segment, labels []render.Label) ([]render.Segment, []render.Label) {
	for k := range m.Frames {
		segs = append(segs, m.Frames[k].Segments...)
		labels = append(labels, m.Frames[k].Labels...)
	}
	if m.Wall.On {
		for k := range m.Wall.Panes {
			segs = append(segs, m.Wall.Panes[k].Frame.Segments...)
			labels = append(labels, m.Wall.Panes[k].Frame.Labels...)
		}
	}
	if m.Compare >= 0 && m.Split && !m.Wall.On {
		x, w := m.bandX, m.band[0]
		left, right := ModeName(m.Mode), ModeName(m.Compare)
		s := render.LabelScale(m.LabelScale)
		size := s * render.TextSize
		labels = append(labels,
			render.Label{At: mgl64.Vec2{x + w/2 - render.TextWidth(left, size) - 10*s - s*render.LabelOffset[0], 4*s + size - s*render.LabelOffset[1]}, Text: left, Color: render.White},
			render.Label{At: mgl64.Vec2{x + w/2 + 10*s - s*render.LabelOffset[0], 4*s + size - s*render.LabelOffset[1]}, Text: right, Color: render.White})
	}
	return segs, labels
}

// Reserve gives f room for every segment and label of sc drawn as Figure
// draws it (with a ghost when compare), so a big scene fills buffers of
// the final size instead of growing them by doubling (which for 10^5
// nodes held about twice the segments' 170 MB at once). It counts an
// upper bound: clipping leaves at most one segment per line.
func Reserve(f *render.Frame, sc *scene.Scene, compare bool) {
	segs := 2*(2*render.GridHalf/render.GridStep+1) + 3 + 3*len(sc.Nodes)
	edges := 0
	for i := range sc.Nodes {
		if m := render.NodeMesh(&sc.Nodes[i]); m != nil {
			edges += len(m.Edges) + 2*len(m.Dots)
		}
	}
	edges = min(edges, 2*render.DefaultEdgeCap)
	segs += edges
	if compare {
		segs += edges
	}
	f.Segments = slices.Grow(f.Segments[:0], segs)
	f.Labels = slices.Grow(f.Labels[:0], 3+len(sc.Nodes))
}
