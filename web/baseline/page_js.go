//go:build js

package main

import (
	"encoding/binary"
	"strings"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// antiAliasWanted reads aa=on from the page's URL.
func antiAliasWanted() bool {
	return strings.Contains(js.Global().Get("location").Get("search").String(), "aa=on")
}

// frameRecorder keeps the page's frame record (skewlab.frameBytes, the
// layout of skewlab's: little-endian uint32 ticks and drawn frames, then
// flags, here always 0) and calls skewlab.firstFrame() after the first
// frame, as skewlab's page does. Writing bytes allocates nothing.
type frameRecorder struct {
	page  js.Value
	rec   js.Value
	bytes [12]byte
}

// init finds the page's record and installs skewlabVisible(bool), with
// which the page (the browser test) hides the program and shows it again,
// as skewlab's page does.
func (r *frameRecorder) init(g *game) {
	r.page = js.Global().Get("skewlab")
	if r.page.Truthy() {
		r.rec = r.page.Get("frameBytes")
	}
	js.Global().Set("skewlabVisible", js.FuncOf(func(_ js.Value, args []js.Value) any {
		g.hidden.Store(len(args) > 0 && !args[0].Truthy())
		ebiten.ScheduleFrame() //lint:ignore SA1019 wakes the on-demand mode
		return nil
	}))
}

func (r *frameRecorder) record(ticks, draws int) {
	if !r.rec.Truthy() {
		return
	}
	binary.LittleEndian.PutUint32(r.bytes[0:], uint32(ticks))
	binary.LittleEndian.PutUint32(r.bytes[4:], uint32(draws))
	js.CopyBytesToJS(r.rec, r.bytes[:])
	if draws == 1 {
		r.page.Call("firstFrame")
	}
}
