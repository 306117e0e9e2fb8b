package kit

import (
	"skewlab/cli"
	"skewlab/render"
	"skewlab/state"
)

// Lab is one lab of the app as a unit: what it contributes to the state
// (its name, presets and own settings, installed with state.UseLabs) and
// the constructor of its view. Package main lists the labs; App shows
// them in that order in the Lab window, the first being the default.
type Lab struct {
	// State is the lab's name, presets and own parameters.
	State state.Lab
	// NewView makes the lab's view for the state the app started with;
	// an error means the state does not suit the lab (a scene that does
	// not load). A nil NewView shows a placeholder view that names the lab as not available.
	NewView func(st state.State) (View, error)
	// Command is the lab's own command of the skewlab binary (for
	// example `skewlab drift`), run without a display; the zero Command
	// for a lab without one. main.go's command table lists it.
	Command cli.Command
	// Figure draws the lab's picture for st into a w by h pixel figure
	// with no display, for the export command and the tour: segments and
	// labels in pixels, y down, as render.WritePNG and WriteSVG take
	// them, after gesture g has played to its end (a sweep's last value,
	// the dynamics lab played to g.Seconds, the drift lab run to
	// g.Frames; the zero Gesture plays nothing: the dynamics lab at time
	// 0, the drift lab at its default target). An error means st or g
	// does not suit the lab. Nil for a lab without a figure, and in the
	// web build, which has no commands.
	Figure func(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error)
	// Motion draws the lab's picture for st at moments of gesture g (not
	// the zero Gesture), for an animated figure: for each progress p of
	// ps, from 0 (the state before g plays: a sweep's first value, the
	// dynamics lab at time 0, the drift lab at frame 0) to 1 (what Figure
	// draws after g, exactly), the picture at that point of g, every
	// picture seen by one camera where the lab has one. An error means
	// st or g does not suit the lab. Nil for a lab that plays no
	// gestures, and in the web build.
	Motion func(st state.State, w, h int, g state.Gesture, ps []float64) ([]render.Picture, error)
}

// LabStates returns the State parts of labs, in order, for
// state.UseLabs.
func LabStates(labs []Lab) []state.Lab {
	out := make([]state.Lab, len(labs))
	for i, l := range labs {
		out[i] = l.State
	}
	return out
}

// LabCommands returns the commands of labs that have one, in lab order.
func LabCommands(labs []Lab) []cli.Command {
	var out []cli.Command
	for _, l := range labs {
		if l.Command.Run != nil {
			out = append(out, l.Command)
		}
	}
	return out
}
