//go:build !js

package dynamicslab

import "skewlab/dynamics"

// figure and motion are the lab's kit.Lab Figure and Motion for the
// commands (dynamics.GestureFigure and dynamics.GestureMotion), and command
// its own command (`skewlab dynamics`); the web build, which has no
// commands, leaves them out (figure_js.go).
var (
	figure  = dynamics.GestureFigure
	motion  = dynamics.GestureMotion
	command = dynamics.Command
)
