//go:build !js

package main

import (
	"os"
	"slices"
)

// antiAliasWanted is true when an argument says aa=on.
func antiAliasWanted() bool { return slices.Contains(os.Args[1:], "aa=on") }

// frameRecorder has no page to write to outside the browser.
type frameRecorder struct{}

func (*frameRecorder) init(*game)              {}
func (*frameRecorder) record(ticks, draws int) {}
