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
// export command writes it: st's scene (file or preset, then its sets)
// under st's mode, behind it a ghost (dimmed by GhostDim) under st's
// compare mode when there is one, with the grid, basis, local axes and
// labels on (spread apart at text scale 1, with leader lines, as
// render.Frame.SpreadLabels does), seen by HomeCamera(st) in a w by h
// pixel viewport: st's camera as given, or else the default direction
// framed as the app frames it at launch (the meshes of both modes,
// FrameMargin). Segments
// and labels are in pixels, y down, as render.WritePNG and WriteSVG take
// them. An error means st's scene does not load or a mode name is
// unknown; nothing partial is returned. A viewport with no area gives no
// segments.
func Figure(st state.State, w, h int) ([]render.Segment, []render.Label, error) {
	sc, err := st.Scene()
	if err != nil {
		return nil, nil, err
	}
	mode, err := modes.ByName(st.Mode)
	if err != nil {
		return nil, nil, err
	}
	var ghost modes.Mode
	if st.Compare != "" {
		if ghost, err = modes.ByName(st.Compare); err != nil {
			return nil, nil, err
		}
	}
	var ws modes.Workspace
	world := make([]mgl64.Mat4, len(sc.Nodes))
	mode.World(sc.Nodes, &ws, world)
	var ghostWorld []mgl64.Mat4
	if st.Compare != "" {
		ghostWorld = make([]mgl64.Mat4, len(sc.Nodes))
		ghost.World(sc.Nodes, &ws, ghostWorld)
	}
	cam := HomeCamera(st)
	if st.Camera == nil {
		if lo, hi, ok := modelBounds(sc, world, ghostWorld); ok {
			cam.Fit(lo, hi, float64(w)/float64(h), FrameMargin)
		}
	}
	var f render.Frame
	f.Begin(cam, render.Viewport{W: float64(w), H: float64(h)})
	Reserve(&f, sc, st.Compare != "")
	if ghostWorld != nil {
		f.Scene(sc, ghostWorld, render.Options{Dim: GhostDim})
	}
	f.Scene(sc, world, render.DefaultOptions())
	f.SpreadLabels(1)
	return f.Segments, f.Labels, nil
}

// Reserve gives f room for every segment and label of sc drawn as Figure
// draws it (with a ghost when compare), so a big scene fills buffers of
// the final size instead of growing them by doubling (which for 10^5
// nodes held about twice the segments' 170 MB at once). It counts an
// upper bound: clipping leaves at most one segment per line.
func Reserve(f *render.Frame, sc *scene.Scene, compare bool) {
	segs := 2*(2*render.GridHalf/render.GridStep+1) + 3 + 3*len(sc.Nodes)
	for i := range sc.Nodes {
		if m := render.MeshFor(sc.Nodes[i].Shape); m != nil {
			segs += len(m.Edges)
			if compare {
				segs += len(m.Edges)
			}
		}
	}
	f.Segments = slices.Grow(f.Segments[:0], segs)
	f.Labels = slices.Grow(f.Labels[:0], 3+len(sc.Nodes))
}
