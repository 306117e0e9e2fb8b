package tour

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"skewlab/render"
	"skewlab/state"
)

// FigureFunc draws a lab's picture for st after gesture g, w by h pixels,
// with no display (kit.Lab's Figure).
type FigureFunc func(st state.State, w, h int, g state.Gesture) ([]render.Segment, []render.Label, error)

// Figure draws step n as the window shows it with the UI off at UI scale
// 1 in a w by h window: the step's lab picture (figure(lab), the lab of
// the step's state) after its gesture, in the top PictureH pixels
// (rounded down) of Layout, then the caption band below. The picture's
// labels come first, then the caption's. The lab draws into that w by
// PictureHeight picture, and the labs that spread their labels
// (render.Frame.SpreadLabels) keep them inside it and off their lines,
// so the band covers none and none is drawn over its own wires
// (TestFigureLabelsClearOfBandAndWires). A step out of range, a lab
// without a figure or a size under 16 pixels is an error.
func (t *Tour) Figure(n, w, h int, figure func(lab string) (FigureFunc, bool)) ([]render.Segment, []render.Label, error) {
	s, err := t.Step(n)
	if err != nil {
		return nil, nil, err
	}
	if w < 16 || h < 16 {
		return nil, nil, fmt.Errorf("tour: figure size %dx%d: both must be at least 16", w, h)
	}
	draw, ok := figure(s.State.Lab)
	if !ok {
		return nil, nil, fmt.Errorf("tour: step %d: lab %s has no figure", n, s.State.Lab)
	}
	o := Layout(s, n, t.Len(), 0, float64(w), float64(h), 1)
	ph := PictureHeight(o.PictureH)
	segs, labels, err := draw(s.State, w, ph, s.Gesture)
	if err != nil {
		return nil, nil, fmt.Errorf("tour: step %d: %v", n, err)
	}
	if len(o.Labels) > 0 {
		segs = append(segs, o.Rule)
		labels = append(labels, o.Labels...)
	}
	return segs, labels, nil
}

// PictureHeight is the whole-pixel height a picture gets above a caption
// band that starts at top: top rounded down, at least 1.
func PictureHeight(top float64) int { return max(1, int(math.Floor(top))) }

// WriteHandout writes the handout tour.md: a title, how to present the
// tour, then per step its number and title as a heading, its figure
// (image dir + NN-slug.png, dir "" or ending in '/'; the SVG beside it),
// for a step with a gesture a link to its animated figure right under
// the figure (dir + NN-slug.anim.png, AnimSuffix), its caption, and its
// state and gesture in the flag and URL syntax. It returns the first
// write error.
func (t *Tour) WriteHandout(w io.Writer, dir string) error {
	var b strings.Builder
	b.WriteString("# skewlab: a guided tour\n\n")
	fmt.Fprintf(&b, "%d steps through the seed documents' story and the engines' rules, written by\n", t.Len())
	b.WriteString("`skewlab tour -export DIR` from the tour in `assets/tour.json`. Present it live with\n")
	b.WriteString("`skewlab -tour` (Right/PageDown next, Left/PageUp back, Esc leaves and keeps the state),\n")
	b.WriteString("or on the web page with `?tour=N` (add `&ui=off` to embed: a click or → steps on).\n")
	b.WriteString("Each figure is the step after its gesture; each has an SVG beside it. A step with a\n")
	b.WriteString("gesture also has an animated PNG of it (every browser plays it), and its figure shows\n")
	b.WriteString("a swept slider's start as a dashed ghost.\n")
	for i, s := range t.Steps {
		n := i + 1
		name := dir + t.FileName(n)
		fmt.Fprintf(&b, "\n## %d. %s\n\n", n, s.Title)
		fmt.Fprintf(&b, "![%s](%s.png)\n\n", s.Title, name)
		if s.Gesture.Kind != "" {
			fmt.Fprintf(&b, "Animated: [the gesture, from its start to this figure](%s%s).\n\n", name, AnimSuffix)
		}
		fmt.Fprintf(&b, "%s\n\n", s.Caption)
		fmt.Fprintf(&b, "State: `%s`", s.Query)
		if g := GestureText(s.Gesture); g != "" {
			fmt.Fprintf(&b, "; gesture: %s", g)
		}
		fmt.Fprintf(&b, ". Open it: `skewlab -tour %d`, `?tour=%d`; [SVG](%s.svg).\n", n, n, name)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// GestureText describes a gesture in words ("" for none), for the
// handout.
func GestureText(g state.Gesture) string {
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	vec := func(v []float64) string {
		p := make([]string, len(v))
		for i, x := range v {
			p[i] = num(x)
		}
		return "(" + strings.Join(p, ", ") + ")"
	}
	switch g.Kind {
	case state.GestureSweep:
		return fmt.Sprintf("sweep %s from %s to %s over %s s", g.Set, vec(g.From), vec(g.To), num(g.Seconds))
	case state.GesturePlay:
		return fmt.Sprintf("play to %s s", num(g.Seconds))
	case state.GestureReverse:
		return fmt.Sprintf("play to %s s, reversing the spin at %s s", num(g.Seconds), num(g.At))
	case state.GestureFastForward:
		return fmt.Sprintf("fast-forward to %s frames", string(render.AppendGrouped(nil, g.Frames)))
	}
	return ""
}
