package dynamicslab

import (
	"image"

	"github.com/ebitengine/debugui"

	"skewlab/dynamics"
	"skewlab/ui/kit"
)

// Heights of the dynamics lab's windows, UI units.
const (
	controlH    = 420 // the Dynamics window, at most
	minControlH = 200 // the Dynamics window, at least (its text scrolls)
	dynViewH    = 80  // the View window
)

// Windows makes the dynamics lab's windows: Dynamics (preset, play
// controls and the preset's controls) and, at the full UI level, View
// under it, the Dynamics window shortened (its text scrolls) so that View
// with its UI scale buttons fits the column at lecture sizes.
func (v *view) Windows(ctx *debugui.Context, in *kit.Input) {
	lay := kit.NewColumns(in)
	if in.Level != kit.LevelFull {
		v.controlWindow(ctx, lay.Left(controlH))
		return
	}
	v.controlWindow(ctx, lay.Left(max(minControlH, min(controlH, lay.LeftRoom()-dynViewH-kit.Margin))))
	v.dynViewWindow(ctx, lay.Left(dynViewH), in)
}

func (v *view) controlWindow(ctx *debugui.Context, r image.Rectangle) {
	ctx.Window("Dynamics", r, func(debugui.ContainerLayout) {
		ctx.SetGridLayout([]int{-1, -2}, nil)
		ctx.Text("preset")
		sel := int(v.Preset) // the dropdown lists dynamics.PresetNames, in Preset order
		ctx.Dropdown(&sel, v.names).On(func() { v.SetPreset(dynamics.Preset(sel)) })
		ctx.SetGridLayout([]int{-1, -1, -1}, nil)
		label := "Play"
		if v.Lab().Playing() {
			label = "Pause"
		}
		ctx.Button(label).On(v.TogglePlay)
		ctx.Button("Step").On(v.Step)
		ctx.Button("Reset").On(v.Reset)
		ctx.SetGridLayout([]int{-1}, nil)
		if v.Preset == dynamics.PresetCrash {
			v.crashControls(ctx)
		} else {
			v.turntableControls(ctx)
		}
	})
}

func (v *view) turntableControls(ctx *debugui.Context) {
	ctx.Text("spin (degrees/s), now and after Reset")
	ctx.SliderF(&v.SpinDeg, -dynamics.MaxSpinDeg, dynamics.MaxSpinDeg, 1, 0).On(func() { v.SetSpinDeg(v.SpinDeg) })
	ctx.Text("angular acceleration (degrees/s^2)")
	ctx.SliderF(&v.AlphaDeg, -dynamics.MaxAlphaDeg, dynamics.MaxAlphaDeg, 1, 0).On(v.ApplyControls)
	ctx.Button("Reverse spin now (V)").On(v.ReverseSpin)
	ctx.Text("arrow length (m per N)")
	ctx.SliderF(&v.ArrowScale, dynamics.MinArrowScale, dynamics.MaxArrowScale, 0.05, 2).On(func() { v.dirty = true })
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Checkbox(&v.ShowWorld, "world path").On(func() { v.dirty = true })
	ctx.Checkbox(&v.ShowDisc, "path on disc").On(func() { v.dirty = true })
	ctx.Checkbox(&v.ShowForces, "force arrows").On(func() { v.dirty = true })
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.Text("A ball on a spring slides on a spinning disc. The disc-frame simulation needs the centrifugal, Coriolis and Euler terms to match the world; reverse the spin and the Coriolis arrow flips.")
}

func (v *view) crashControls(ctx *debugui.Context) {
	on := v.Counteract
	ctx.Checkbox(&on, "counteract inherited change (C)").On(func() { v.SetCounteract(on) })
	ctx.Checkbox(&v.Follow, "camera follows car and box").On(func() { v.dirty = true })
	ctx.Text("A car turning left at 10 m/s is stopped by an impulse at t = 1 s. The loose box inside inherits the car's change unless the correction dv = -J^-1 dV, da = 2 J^-1 w dV is applied to it: with it the box flies on at its old world velocity, without it it stops with the car.")
	ctx.Text(crashSpinDownText)
}

// crashSpinDownText explains why the stopped car keeps turning.
const crashSpinDownText = "Spin-down: the impulse -m v acts through the car's centre, so it stops the car's translation but not its rotation. The car keeps its yaw rate (28.6 deg/s) and the tyres bring it linearly to zero over 2 s (t = 1 to 3 s, the model's SpinDown): a steady angular deceleration of 14.3 deg/s^2, which adds an Euler term to the box's local motion until the car is still."

func (v *view) dynViewWindow(ctx *debugui.Context, r image.Rectangle, in *kit.Input) {
	ctx.Window("View", r, func(debugui.ContainerLayout) {
		ctx.SetGridLayout([]int{-1, -1}, nil)
		ctx.Button("From above").On(v.HomeView)
		ctx.Button("Tilted").On(func() {
			v.HomeView()
			v.Camera.Pitch = 50
		})
		if in.SetUIScale != nil {
			ctx.SetGridLayout([]int{-1, -1, -1}, nil)
			ctx.Button("UI 1x").On(func() { in.SetUIScale(1) })
			ctx.Button("UI 2x").On(func() { in.SetUIScale(2) })
			ctx.Button("UI 3x").On(func() { in.SetUIScale(3) })
		}
	})
}
