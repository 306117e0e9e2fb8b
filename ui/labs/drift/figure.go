//go:build !js

package driftlab

import "skewlab/drift"

// figure and motion are the lab's kit.Lab Figure and Motion for the
// commands (drift.GestureFigure and drift.GestureMotion), and command
// its own command (`skewlab drift`); the web build, which has no
// commands, leaves them out (figure_js.go).
var (
	figure  = drift.GestureFigure
	motion  = drift.GestureMotion
	command = drift.Command
)
