package ui

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/drift"
	"skewlab/dynamics"
	"skewlab/modes"
	"skewlab/render"
	"skewlab/state"
)

// shareDigits is how many decimals Share keeps: slider steps are 0.01 and
// camera gestures are continuous, so 1e-6 reproduces the picture to the
// pixel while keeping the URL short.
const shareDigits = 1e6

// modelState returns the state that reproduces what the piston model m
// shows now: its preset, mode, comparison, spin, every slider that differs
// from the preset (as set=NODE.FIELD=...), and the camera when it moved
// from the default. What a URL cannot carry (UI level and scale, lab)
// comes from opened, the state the page started with. A re-parented scene
// cannot be written as sets; its node edits are left out.
func modelState(m *Model, opened state.State) state.State {
	st := state.Default()
	st.UI, st.UIScale, st.Lab = opened.UI, opened.UIScale, opened.Lab
	if m.Preset != "" {
		st.Preset = m.Preset
	}
	if m.Mode >= 0 && m.Mode < len(modes.All) {
		st.Mode = modes.All[m.Mode].Name
	}
	if m.Compare >= 0 && m.Compare < len(modes.All) {
		st.Compare = modes.All[m.Compare].Name
	}
	st.Split, st.Spin = m.Split, m.Spin
	st.Sets = editSets(m, st.Preset)
	if c := m.Camera; !sameCamera(c, render.DefaultCamera()) {
		spec := state.CameraSpec{
			Yaw: shareRound(c.Yaw), Pitch: shareRound(mgl64.Clamp(c.Pitch, -89, 89)), Distance: shareRound(mgl64.Clamp(c.Distance, 1e-3, 500)),
			Target:    mgl64.Vec3{shareRound(c.Target[0]), shareRound(c.Target[1]), shareRound(c.Target[2])},
			HasTarget: true,
		}
		if c.Fov != render.DefaultCamera().Fov {
			spec.Fov, spec.HasFov = shareRound(mgl64.Clamp(c.Fov, 1, 179)), true
		}
		st.Camera = &spec
	}
	return st
}

// editSets lists the sliders of m that differ from a fresh load of the
// preset, node by node: position, euler, scale.
func editSets(m *Model, preset string) []state.Set {
	fresh, err := NewModel(state.State{Preset: preset, Mode: modes.Default, UI: "full", UIScale: 1, Lab: "piston"})
	if err != nil || len(fresh.Edits) != len(m.Edits) || len(m.Scene.Nodes) != len(m.Edits) {
		return nil
	}
	for i, nd := range m.Scene.Nodes {
		if fresh.Scene.Nodes[i].Name != nd.Name || fresh.Scene.Nodes[i].Parent != nd.Parent {
			return nil // re-parented: sets cannot describe it
		}
	}
	var sets []state.Set
	add := func(node, field string, now, was mgl64.Vec3) {
		r := mgl64.Vec3{shareRound(now[0]), shareRound(now[1]), shareRound(now[2])}
		if vecNear(r, mgl64.Vec3{shareRound(was[0]), shareRound(was[1]), shareRound(was[2])}) {
			return
		}
		sets = append(sets, state.Set{Node: node, Field: field, Values: []float64{r[0], r[1], r[2]}})
	}
	for i, e := range m.Edits {
		name, f := m.Scene.Nodes[i].Name, fresh.Edits[i]
		add(name, "position", e.Position, f.Position)
		add(name, "euler", e.Euler, f.Euler)
		add(name, "scale", e.Scale, f.Scale)
	}
	return sets
}

func shareRound(v float64) float64 {
	r := math.Round(v*shareDigits) / shareDigits
	if r == 0 {
		return 0 // no "-0" in URLs
	}
	return r
}

func sameCamera(a, b render.Camera) bool {
	const tol = 0.5 / shareDigits
	return math.Abs(a.Yaw-b.Yaw) < tol && math.Abs(a.Pitch-b.Pitch) < tol &&
		math.Abs(a.Distance-b.Distance) < tol && math.Abs(a.Fov-b.Fov) < tol &&
		vecNear(a.Target, b.Target) && a.Ortho == b.Ortho
}

// vecNear compares absolutely (mgl64's ApproxEqual is relative near zero).
func vecNear(a, b mgl64.Vec3) bool {
	const tol = 0.5 / shareDigits
	return math.Abs(a[0]-b[0]) < tol && math.Abs(a[1]-b[1]) < tol && math.Abs(a[2]-b[2]) < tol
}

// State returns the state that reproduces what the app shows now: the
// piston lab's mode, comparison, spin, every edited slider (as sets) and
// camera, plus the current lab, UI level and UI scale. This is what the web
// page's Share button puts in the URL. Edits a URL cannot carry (a
// re-parented scene) are left out; before the piston lab has been opened,
// its part is the state the app started with.
func (a *App) State() state.State {
	st := a.st
	for i, name := range a.labs {
		if pv, ok := a.views[i].(*PistonView); ok && name == "piston" {
			st = modelState(pv.M, a.st)
		}
	}
	st.Lab = a.labs[a.lab]
	st.Normalize = a.st.Normalize
	for _, v := range a.views {
		if dv, ok := v.(*DriftView); ok {
			st.Normalize = drift.Norm(dv.M.Norm).String()
		}
	}
	if dv, ok := a.views[a.lab].(*DynamicsView); ok {
		st.Preset = dynamics.PresetNames()[dv.Preset]
	} else if state.LabOfPreset(st.Preset) != "piston" {
		st.Preset = state.Default().Preset
	}
	level := a.level
	if level == LevelOff && a.st.UI != "off" {
		level = a.shown // H hides the UI for a moment; the link keeps it
	}
	st.UI = state.UILevels[level]
	st.UIScale = a.in.UIScale
	st.AntiAlias = a.st.AntiAlias // the setting, not auto's choice of the moment
	return st
}
