//go:build js

package main

import (
	"encoding/binary"
	"strings"
	"syscall/js"
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

func (r *frameRecorder) init() {
	r.page = js.Global().Get("skewlab")
	if r.page.Truthy() {
		r.rec = r.page.Get("frameBytes")
	}
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
