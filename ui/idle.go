package ui

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// Quiet when idle: the App asks ebiten for frames only while something
// changes. Ebiten's default mode runs Update 60 times a second and draws
// a frame for each, which kept a software rasterizer busy (147% of a core
// under Xvfb with nothing moving); in FPSModeVsyncOffMinimum it runs a
// frame only on input (mouse, keys, wheel, touches, a resize) or after
// ScheduleFrame, and the idle window costs nothing.
//
// pace switches between the two after every frame: frames at the
// display's rate (the default mode, vsync on) while the App is not
// Settled (an animating view, the pending anti-aliasing choice, the
// settleFrames frames after an input or resize), during -measure and
// -screenshot runs; frames on demand once settled. In the on-demand mode a
// frame that ran no tick (input can wake one sooner than ebiten's 60 Hz
// clock gives a tick) schedules another, so the input reaches Update.

// pace chooses ebiten's frame mode for the frames after this one (see the
// comment above). Called at the end of every Draw; ticked says whether a
// tick ran since the Draw before.
func (a *App) pace(ticked bool) {
	hidden := a.hidden.Load()
	onDemand := hidden || (a.cfg.Measure <= 0 && a.cfg.Screenshot == "" && a.Settled())
	if onDemand != a.onDemand {
		a.onDemand = onDemand
		if onDemand {
			// Deprecated in favour of SetScreenClearedEveryFrame(false), which
			// still presents every tick: 84% of a core idle under Xvfb against
			// 0% here (../shared/NOTES.md).
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOffMinimum) //lint:ignore SA1019 the only mode that stops idle frames
		} else {
			ebiten.SetFPSMode(ebiten.FPSModeVsyncOn) //lint:ignore SA1019 leaves the on-demand mode above
		}
	}
	if onDemand && !hidden && !ticked {
		ebiten.ScheduleFrame() //lint:ignore SA1019 a woken frame without a tick: let the input reach Update
	}
}

// OnDemand reports whether the App draws frames only on input now (it is
// settled, or hidden), rather than at the display's rate.
func (a *App) OnDemand() bool { return a.onDemand }

// SetHidden tells the App whether anybody can see it (the web build calls
// it when the page's tab is hidden or its canvas scrolled out of view).
// While hidden, Update and Draw do no work and the App asks for no frames,
// so ebiten presents none; an animation pauses. Shown again, it draws as
// after an input. Safe to call from any goroutine; a repeated value does
// nothing.
func (a *App) SetHidden(hidden bool) {
	if a.hidden.Swap(hidden) == hidden {
		return
	}
	if !hidden {
		a.Wake()
	}
}

// Wake makes the App draw as after an input (settleFrames frames and a
// fresh Settled), for callers that change what it shows from outside or
// wait for a new frame (the web page's tests). Safe to call from any
// goroutine.
func (a *App) Wake() {
	a.woken.Store(true)
	ebiten.ScheduleFrame() //lint:ignore SA1019 wakes the on-demand mode (see pace)
}

// probe starts a Probe run's window once the App is first quiet: the
// anti-aliasing choice is final and settleFrames frames were drawn since
// the last input (a view may animate). At the window's end a timer wakes
// the App, which records the frames drawn meanwhile (probeEnded).
func (a *App) probe() {
	if a.cfg.Probe <= 0 || a.probeFrom >= 0 || !a.aaFinal || a.calm < settleFrames || a.updates < settleFrames {
		return
	}
	a.probeFrom = a.draws
	if a.cfg.ProbeStart != nil {
		a.cfg.ProbeStart()
	}
	time.AfterFunc(a.cfg.Probe, func() {
		a.probeDue.Store(true)
		ebiten.ScheduleFrame() //lint:ignore SA1019 wakes the on-demand mode to end the probe
	})
}

// probeEnded records ProbeFrames once the probe's window is over and
// reports whether it is (the App then ends).
func (a *App) probeEnded() bool {
	if !a.probeDue.Load() {
		return false
	}
	if a.ProbeFrames < 0 {
		a.ProbeFrames = a.draws - a.probeFrom
	}
	return true
}
