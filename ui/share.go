package ui

import "skewlab/ui/kit"
import "skewlab/state"

// State returns the state that reproduces what the app shows now: the lab
// shown, every made view's part (the piston lab's mode, comparison, spin,
// edited sliders and camera; the drift lab's normalization; the dynamics
// lab's preset while it is shown), the UI level, the UI scale and
// presenter mode. This is
// what the web page's Share button puts in the URL. A view's part comes
// from its Share, the views not shown first in lab order, then the shown
// one; before a lab has been opened, its part is the state the app
// started with. During the tour it is the step (tour=N) with the UI
// level and scale. A preset that belongs neither to the lab shown nor to the
// scene lab goes back to the default.
func (a *App) State() state.State {
	if a.tour.step > 0 {
		level := a.level
		if level == kit.LevelOff && a.st.UI != "off" {
			level = a.shown
		}
		st := a.tourShare(level)
		st.Present = a.present.on
		return st
	}
	st := a.st
	st.Lab = a.labs[a.lab].State.Name
	for i, v := range a.views {
		if v != nil && i != a.lab {
			v.Share(&st)
		}
	}
	if v := a.view(); v != nil {
		v.Share(&st)
	}
	if lab := state.LabOfPreset(st.Preset); lab != st.Lab && lab != state.SceneLab().Name {
		st.Preset = state.Default().Preset
	}
	level := a.level
	if level == kit.LevelOff && a.st.UI != "off" {
		level = a.shown // H hides the UI for a moment; the link keeps it
	}
	st.UI = state.UILevels[level]
	st.UIScale = a.in.UIScale
	st.AntiAlias = a.st.AntiAlias // the setting, not auto's choice of the moment
	st.Present = a.present.on
	return st
}
