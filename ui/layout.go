package ui

import (
	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/ui/kit"
)

// layoutRecord is the App's record of what one frame drew where (the
// layout test and the web page's skewlabLayout hook ask for it): the
// texts and fills (kit.Record) and the UI's windows, in device pixels.
type layoutRecord struct {
	want  bool       // record the next drawn frame
	ready bool       // rec holds a recorded frame
	rec   kit.Record // its marks, windows last
	w, h  int        // its screen size
	ui    *ebiten.Image
	pix   []byte
}

// RecordLayout asks the App to record the next frame it draws: every
// text the view, the tour and the App draw on the canvas, the opaque
// fills, and the rectangles of the UI's windows (LayoutMarks returns
// them).
func (a *App) RecordLayout() { a.layout.want = true }

// LayoutMarks returns the marks of the last recorded frame (see
// RecordLayout) in drawing order, the windows last, and its screen size
// in device pixels; ok is false before any frame was recorded. The marks
// are valid until the next recorded frame. kit.LayoutProblems checks
// them.
func (a *App) LayoutMarks() (marks []kit.Mark, w, h int, ok bool) {
	l := &a.layout
	return l.rec.Marks, l.w, l.h, l.ready
}

// beginRecord starts recording this frame's marks when one was asked
// for; it returns whether it did.
func (a *App) beginRecord() bool {
	if !a.layout.want {
		return false
	}
	a.layout.rec.Reset()
	kit.RecordMarks(&a.layout.rec)
	return true
}

// endRecord ends the recording begun for this frame: it adds the UI's
// windows, found by drawing the UI alone on a transparent image (debugui
// keeps where its windows are to itself; a user may have moved them).
func (a *App) endRecord() {
	l := &a.layout
	if a.level != kit.LevelOff && a.updates > 0 {
		if l.ui == nil || l.ui.Bounds().Dx() != a.w || l.ui.Bounds().Dy() != a.h {
			if l.ui != nil {
				l.ui.Deallocate()
			}
			l.ui = ebiten.NewImage(max(1, a.w), max(1, a.h))
			l.pix = make([]byte, 4*max(1, a.w)*max(1, a.h))
		}
		l.ui.Clear()
		a.ui.Draw(l.ui)
		l.ui.ReadPixels(l.pix)
		kit.RecordRects(kit.UIRects(l.pix, l.ui.Bounds().Dx()))
	}
	kit.RecordMarks(nil)
	l.want, l.ready, l.w, l.h = false, true, a.w, a.h
}
