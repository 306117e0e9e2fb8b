package main

import (
	"encoding/binary"

	"skewlab/state"
)

// webState parses a location.search string ("?a=b&c=d" or "") into a
// state. Every valid parameter applies; the messages list the invalid
// ones, readable by someone who edited the URL by hand. It never panics.
func webState(search string) (state.State, []string) {
	st, errs := state.FromSearch(search)
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, e.Error())
	}
	st.ScenePath = "" // a page has no files; FromQuery never sets it anyway
	return st, msgs
}

// frameRecordSize is the size in bytes of the frame record the web build
// keeps in the page (skewlab.frameBytes, read by skewlab.frame() in
// index.html): ticks, drawn frames and flags, each a little-endian
// uint32.
const frameRecordSize = 12

// The flags of the frame record.
const (
	frameSettled   = 1 << 0 // ui.App.Settled: the picture stays until the next input
	frameAntiAlias = 1 << 1 // lines are drawn anti-aliased
)

// frameRecord writes the record into b (at least frameRecordSize bytes).
// Counts past the uint32 range wrap. Written every frame: it allocates
// nothing, unlike setting JavaScript properties from Go.
func frameRecord(b []byte, ticks, draws int, settled, antiAlias bool) {
	var flags uint32
	if settled {
		flags |= frameSettled
	}
	if antiAlias {
		flags |= frameAntiAlias
	}
	binary.LittleEndian.PutUint32(b[0:], uint32(ticks))
	binary.LittleEndian.PutUint32(b[4:], uint32(draws))
	binary.LittleEndian.PutUint32(b[8:], flags)
}
