package pistonlab

import (
	"fmt"
	"image"
	"runtime"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/piston"
	"skewlab/scene"
	"skewlab/ui/kit"
)

// windowState is what the piston windows bind to besides the model: the
// dropdown indices and the texts, formatted when the picture changes
// rather than on every frame.
type windowState struct {
	modeNames    []string
	compareNames []string // "none" then the modes
	presetNames  []string
	nodeNames    []string
	parentNames  []string // "(root)" then every node; choosing the node itself is refused
	parentSel    []int
	compareSel   int
	path         string
	fileMsg      string
	readout      []piston.ReadoutLine
	readoutHead  string
	root, a      int // indices of the piston's Root and A, -1 when absent
}

func (w *windowState) init(m *piston.Model) {
	w.modeNames = modes.Names()
	w.compareNames = append([]string{"none"}, w.modeNames...)
	w.presetNames = scene.PresetNames()
	w.nodeNames = m.Scene.Names()
	w.parentNames = append(append(w.parentNames[:0], "(root)"), w.nodeNames...)
	w.parentSel = w.parentSel[:0]
	for _, nd := range m.Scene.Nodes {
		w.parentSel = append(w.parentSel, nd.Parent+1)
	}
	w.root, w.a = m.Scene.Index("Root"), m.Scene.Index("A")
	if w.path == "" {
		w.path = "scene.json"
	}
}

// refresh formats the readouts of the picked node after a recompute.
func (w *windowState) refresh(m *piston.Model) {
	w.compareSel = m.Compare + 1
	if len(w.nodeNames) != len(m.Scene.Nodes) {
		w.init(m)
	}
	w.readoutHead = fmt.Sprintf("%s under %s", m.Scene.Nodes[m.Picked].Name, piston.ModeName(m.Mode))
	w.readout = m.ReadoutLines(w.readout[:0])
}

// Windows makes the piston lab's windows for the UI level in in.
func (v *view) Windows(ctx *debugui.Context, in *kit.Input) {
	lay := kit.NewColumns(in)
	if lay.Compact() {
		v.modeWindow(ctx, lay.Left(lay.Frac(0.5)))
		v.pistonWindow(ctx, lay.Left(-1), in)
		if in.Level == kit.LevelFull {
			v.readoutsWindow(ctx, lay.Right(lay.Frac(0.62)))
			v.viewWindow(ctx, lay.Right(-1), in)
		}
		return
	}
	v.modeWindow(ctx, lay.Left(200))
	v.pistonWindow(ctx, lay.Left(140), in)
	if in.Level != kit.LevelFull {
		return
	}
	v.nodesWindow(ctx, lay.Left(-1))
	v.readoutsWindow(ctx, lay.Right(300))
	v.compareWindow(ctx, lay.Right(90))
	v.viewWindow(ctx, lay.Right(165), in)
	v.presetsWindow(ctx, lay.Right(-1))
}

func (v *view) modeWindow(ctx *debugui.Context, r image.Rectangle) {
	m := v.M
	ctx.Window("Mode", r, func(debugui.ContainerLayout) {
		ctx.Dropdown(&m.Mode, v.win.modeNames).On(m.Touch)
		if modes.All[m.Mode].Folds {
			ctx.Button("Fold residuals into the children").On(func() {
				m.Fold()
				v.win.init(m)
			})
			if m.Residual != "" {
				ctx.Text(m.Residual)
			}
		}
		ctx.Text(modes.All[m.Mode].Explanation)
	})
}

func (v *view) pistonWindow(ctx *debugui.Context, r image.Rectangle, in *kit.Input) {
	m, w := v.M, &v.win
	ctx.Window("Piston", r, func(debugui.ContainerLayout) {
		if w.root >= 0 {
			ctx.Text("Scale on X axis")
			sx := &m.Edits[w.root].Scale[0]
			if *sx >= 0 && *sx <= 5 {
				ctx.SliderF(sx, 0, 5, 0.01, 2).On(m.Touch)
			} else {
				ctx.Text(fmt.Sprintf("%.2f (outside 0..5: edit it in Nodes)", *sx))
			}
		}
		if w.a >= 0 {
			ctx.Text("A: rotation about y (degrees)")
			ctx.SliderF(&m.Edits[w.a].Euler[1], -180, 180, 1, 0).On(m.Touch)
		}
		if w.root < 0 && w.a < 0 {
			ctx.Text("This scene has no Root or A; load the piston preset.")
		}
		ctx.Checkbox(&m.Spin, "Spin B about its own x axis").On(m.Touch)
	})
}

// Slider ranges of the Nodes window.
const (
	posRange   = 10.0  // position -10..10
	eulerRange = 180.0 // degrees -180..180
	scaleRange = 5.0   // scale -5..5 (zero and negative allowed)
)

var axisNames = [3]string{"x", "y", "z"}

func (v *view) nodesWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	ctx.Window("Nodes", r, func(debugui.ContainerLayout) {
		ctx.Loop(len(m.Edits), func(i int) {
			ctx.TreeNode(w.nodeNames[i], func() {
				e := &m.Edits[i]
				v.vecRows(ctx, "pos ", &e.Position, posRange, 0.01, 2)
				v.vecRows(ctx, "rot ", &e.Euler, eulerRange, 1, 1)
				v.vecRows(ctx, "scl ", &e.Scale, scaleRange, 0.01, 2)
				ctx.SetGridLayout([]int{-1, -2}, nil)
				ctx.Text("parent")
				ctx.Dropdown(&w.parentSel[i], w.parentNames).On(func() {
					_ = m.Reparent(i, w.parentSel[i]-1)
					w.init(m)
				})
			})
		})
		ctx.SetGridLayout([]int{-1}, nil)
		if m.Residual != "" {
			ctx.Text(m.Residual)
		}
		ctx.Button("Reset scene").On(func() { m.Reset(); w.init(m) })
		if runtime.GOOS != "js" {
			v.fileRows(ctx)
		}
	})
}

// vecRows makes three rows (x, y, z) of label, slider and number field
// bound to vec; a number typed past the slider's range is clamped to it.
func (v *view) vecRows(ctx *debugui.Context, label string, vec *mgl64.Vec3, rng, step float64, digits int) {
	m := v.M
	ctx.IDScope(label, func() {
		ctx.SetGridLayout([]int{40, -3, -2}, nil)
		ctx.Loop(3, func(k int) {
			ctx.Text(label + axisNames[k])
			ctx.SliderF(&vec[k], -rng, rng, step, digits).On(m.Touch)
			ctx.NumberFieldF(&vec[k], step, digits).On(func() {
				vec[k] = max(-rng, min(rng, vec[k]))
				m.Touch()
			})
		})
	})
}

func (v *view) fileRows(ctx *debugui.Context) {
	m, w := v.M, &v.win
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.TextField(&w.path)
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("Save").On(func() {
		m.ApplyEdits()
		if err := m.Scene.Save(w.path); err != nil {
			w.fileMsg = err.Error()
		} else {
			w.fileMsg = "saved " + w.path
		}
	})
	ctx.Button("Load").On(func() {
		sc, err := scene.Load(w.path)
		if err != nil {
			w.fileMsg = err.Error()
			return
		}
		m.Preset = ""
		m.Load(sc, nil)
		w.init(m)
		w.fileMsg = "loaded " + w.path
	})
	if w.fileMsg != "" {
		ctx.SetGridLayout([]int{-1}, nil)
		ctx.Text(w.fileMsg)
	}
}

func (v *view) readoutsWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	ctx.Window("Readouts", r, func(debugui.ContainerLayout) {
		ctx.Dropdown(&m.Picked, w.nodeNames).On(m.Touch)
		ctx.Text(w.readoutHead)
		for i := range w.readout {
			ctx.IDScope(w.readout[i].Text, func() { ctx.Text(w.readout[i].Text) })
		}
	})
}

func (v *view) compareWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	ctx.Window("Compare", r, func(debugui.ContainerLayout) {
		ctx.Dropdown(&w.compareSel, w.compareNames).On(func() {
			m.Compare = w.compareSel - 1
			m.Touch()
		})
		ctx.Checkbox(&m.Split, "side by side (else ghost)").On(m.Touch)
	})
}

func (v *view) viewWindow(ctx *debugui.Context, r image.Rectangle, in *kit.Input) {
	m := v.M
	ctx.Window("View", r, func(debugui.ContainerLayout) {
		ctx.Button("Reset camera").On(func() { m.Camera = m.Home; m.Touch() })
		ctx.SetGridLayout([]int{-1, -1}, nil)
		ctx.Checkbox(&m.Opt.Grid, "grid").On(m.Touch)
		ctx.Checkbox(&m.Opt.Basis, "basis").On(m.Touch)
		ctx.Checkbox(&m.Opt.LocalAxes, "local axes").On(m.Touch)
		ctx.Checkbox(&m.Opt.Labels, "labels").On(m.Touch)
		ctx.Checkbox(&m.Ghost, "ghost").On(m.Touch)
		ctx.Checkbox(&m.Camera.Ortho, "orthographic").On(m.Touch)
		if in.SetUIScale != nil {
			ctx.SetGridLayout([]int{-1, -1, -1}, nil)
			ctx.Button("UI 1x").On(func() { in.SetUIScale(1) })
			ctx.Button("UI 2x").On(func() { in.SetUIScale(2) })
			ctx.Button("UI 3x").On(func() { in.SetUIScale(3) })
			if kit.NewColumns(in).Compact() {
				ctx.SetGridLayout([]int{-1}, nil)
				ctx.Text("UI 1x shows every window.")
			}
		}
	})
}

func (v *view) presetsWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	ctx.Window("Presets", r, func(debugui.ContainerLayout) {
		ctx.Loop(len(w.presetNames), func(i int) {
			ctx.Button(w.presetNames[i]).On(func() {
				_ = m.LoadPreset(w.presetNames[i])
				w.init(m)
			})
		})
	})
}
