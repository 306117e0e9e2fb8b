//go:build !js

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"skewlab/cli"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
	"skewlab/tour"
)

// motionFunc returns the motion function of the lab called name (for
// tour.Tour.Motion): the lab's kit.Lab Motion, when it has one.
func motionFunc(name string) (tour.MotionFunc, bool) {
	for _, l := range labs {
		if l.State.Name == name && l.Motion != nil {
			return l.Motion, true
		}
	}
	return nil, false
}

// writeAnimation rasterizes pics at w by h pixels on the figures'
// background, each shown for its delay, and writes them to path
// atomically (writeAtomic), playing forever: for a .gif path (any case)
// a GIF, every frame held until written (its palette is the whole
// animation's); else an animated PNG, encoded frame by frame
// (render.APNGEncoder), so only two frames' pixels are held at a time.
// Runs of frames that come out equal pixel for pixel are written once.
// It returns the number of frames written.
func writeAnimation(path string, w, h int, pics []render.Picture, delays []time.Duration) (int, error) {
	if strings.EqualFold(filepath.Ext(path), ".gif") {
		frames := make([]render.AnimFrame, len(pics))
		for i, p := range pics {
			img, err := render.Rasterize(w, h, exportBackground, p.Segments, p.Labels)
			if err != nil {
				return 0, err
			}
			frames[i] = render.AnimFrame{Image: img, Delay: delays[i]}
		}
		frames = render.MergeRepeats(frames)
		return len(frames), writeAtomic(path, func(wr io.Writer) error { return render.WriteGIF(wr, frames, 0) })
	}
	enc, err := render.NewAPNGEncoder(0)
	if err != nil {
		return 0, err
	}
	for i, p := range pics {
		img, err := render.Rasterize(w, h, exportBackground, p.Segments, p.Labels)
		if err != nil {
			return 0, err
		}
		if err := enc.Add(img, delays[i]); err != nil {
			return 0, err
		}
	}
	return enc.Frames(), writeAtomic(path, func(wr io.Writer) error {
		_, err := enc.WriteTo(wr)
		return err
	})
}

// animFlags are export's flags for an animated figure (-animated,
// -frames, -from, -to).
type animFlags struct {
	out      *string
	frames   *int
	from, to *float64
}

// animatedFlags defines export's animation flags on fs.
func animatedFlags(fs *flag.FlagSet) animFlags {
	a := animFlags{frames: new(int), from: new(float64), to: new(float64)}
	*a.frames = tour.AnimFrames
	a.out = fs.String("animated", "", "write an animated figure instead of a still: `FILE`.png (an animated PNG, APNG) or FILE.gif, of -tour N's gesture (a step with one) or of the scene's animation from -from to -to")
	cli.IntVar(fs, a.frames, "frames", fmt.Sprintf("with -animated: pictures drawn, `N` from %d to %d, the start and end included; equal consecutive ones are written once", tour.MinAnimFrames, tour.MaxAnimFrames))
	cli.NumberVar(fs, a.from, "from", "with -animated: the scene animation's first time in `SECONDS` (default its first key)")
	cli.NumberVar(fs, a.to, "to", "with -animated: the scene animation's last time in `SECONDS` (default its last key)")
	return a
}

// asked reports whether any of the animation flags was given.
func (a animFlags) asked(fs *flag.FlagSet) bool {
	return flagGiven(fs, "animated") || flagGiven(fs, "frames") || flagGiven(fs, "from") || flagGiven(fs, "to")
}

// MaxGIFPixels bounds an animated GIF's frames times its width times its
// height: its frames are held in memory until written (4 bytes a pixel,
// about 1 GiB at the bound; 24 frames of 3840x2160 fit). An animated PNG
// holds two frames at a time and has no such bound.
const MaxGIFPixels = 1 << 28

// minAnimDelay is the shortest delay export -animated gives a frame of a
// scene's animation: browsers show shorter ones (10 ms and below) at
// 100 ms, so a fast span plays in slow motion instead.
const minAnimDelay = 20 * time.Millisecond

// exportAnimated is export -animated FILE: the pictures of a tour step's
// gesture (-tour N; tour.Tour.Motion, timed by tour.MotionPlan) or of the
// scene's animation from -from to -to (piston.TimeMotion, shown in real
// time), rasterized at w by h and written as an APNG or GIF (by FILE's
// extension). Every check comes before anything is written: a bad
// command line is one line on stderr and exit 2, nothing written.
func exportAnimated(fs *flag.FlagSet, a animFlags, st state.State, step int, o string, w, h int, stdout, stderr io.Writer) int {
	fail := func(err error) int { return cli.UsageError(stderr, "export", err) }
	out := *a.out
	switch ext := strings.ToLower(filepath.Ext(out)); {
	case !flagGiven(fs, "animated"):
		return fail(errors.New("-frames, -from and -to apply only with -animated FILE.png or FILE.gif"))
	case flagGiven(fs, "o"):
		return fail(fmt.Errorf("-o %s and -animated %s: give one output (-o a still, -animated an animation)", o, out))
	case out == "" || ext != ".png" && ext != ".gif":
		return fail(fmt.Errorf("-animated %q: want FILE.png (animated PNG) or FILE.gif", out))
	}
	n := *a.frames
	if n < tour.MinAnimFrames || n > tour.MaxAnimFrames {
		return fail(fmt.Errorf("-frames %d out of range [%d, %d]", n, tour.MinAnimFrames, tour.MaxAnimFrames))
	}
	if px := int64(n) * int64(w) * int64(h); strings.EqualFold(filepath.Ext(out), ".gif") && px > MaxGIFPixels {
		return fail(fmt.Errorf("-frames %d of -size %dx%d are %d pixels, above the %d a GIF may hold (its frames are kept until written): fewer frames, a smaller size, or an animated PNG", n, w, h, px, MaxGIFPixels))
	}
	var pics []render.Picture
	var delays []time.Duration
	var what string
	if flagGiven(fs, "tour") {
		var extra []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "tour", "animated", "size", "frames":
			default:
				extra = append(extra, "-"+f.Name)
			}
		})
		if len(extra) > 0 {
			return fail(fmt.Errorf("-tour %d animates the step's own gesture from its own state: leave out %s", step, strings.Join(extra, ", ")))
		}
		s := guide.Steps[step-1]
		if s.Gesture.Kind == "" {
			return fail(fmt.Errorf("-tour %d: step %d has no gesture to animate (steps with one: %s)", step, step, gestureSteps()))
		}
		ps, ds := tour.MotionPlan(s.Gesture, n)
		var err error
		if pics, err = guide.Motion(step, w, h, ps, motionFunc); err != nil {
			return fail(err)
		}
		delays = ds
		what = fmt.Sprintf("tour step %d of %d: %s", step, guide.Len(), s.Title)
	} else {
		var err error
		if pics, delays, what, err = sceneMotion(fs, a, st, n, w, h); err != nil {
			return fail(err)
		}
	}
	written, err := writeAnimation(out, w, h, pics, delays)
	if err != nil {
		return cli.RunFailure(stderr, "export", err)
	}
	unit := "frames"
	if written == 1 {
		unit = "frame"
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, %d %s of %d drawn, %s)\n", out, w, h, written, unit, n, what)
	return 0
}

// gestureSteps lists the numbers of the tour's steps that have a gesture.
func gestureSteps() string {
	var ns []string
	for i, s := range guide.Steps {
		if s.Gesture.Kind != "" {
			ns = append(ns, strconv.Itoa(i+1))
		}
	}
	return strings.Join(ns, ", ")
}

// sceneMotion draws the scene lab's scene at n times evenly spaced from
// -from to -to (the animation's first and last key when left out), one
// camera for all (piston.TimeMotion), each shown for the time to the
// next (at least minAnimDelay), and says what it drew.
func sceneMotion(fs *flag.FlagSet, a animFlags, st state.State, n, w, h int) ([]render.Picture, []time.Duration, string, error) {
	if err := st.Validate(); err != nil {
		return nil, nil, "", err
	}
	if scenes := state.SceneLab().Name; st.Lab != scenes {
		return nil, nil, "", fmt.Errorf("-animated: the %s lab's motion is a tour step's gesture (-tour N, a step with one: %s); -from and -to animate a scene of the %s lab", st.Lab, gestureSteps(), scenes)
	}
	if st.TimeGiven {
		return nil, nil, "", errors.New("-t draws one time: with -animated, give -from and -to")
	}
	start, end, err := piston.AnimationSpan(st)
	if err != nil {
		return nil, nil, "", fmt.Errorf("-animated: %v (animate a scene with an animation, such as -preset stretchy-arm or a glTF file with one, or a tour step's gesture with -tour N)", err)
	}
	from, to := start, end
	if flagGiven(fs, "from") {
		from = *a.from
	}
	if flagGiven(fs, "to") {
		to = *a.to
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"from", from}, {"to", to}} {
		if f.v < 0 || f.v > state.MaxTime {
			return nil, nil, "", fmt.Errorf("-%s %g: seconds outside 0 to %g", f.name, f.v, float64(state.MaxTime))
		}
	}
	if !(from < to) {
		return nil, nil, "", fmt.Errorf("-from %g must be below -to %g (the animation's keys span %g to %g s)", from, to, start, end)
	}
	if !(from < end && to > start) {
		return nil, nil, "", fmt.Errorf("-from %g -to %g lies outside the animation's keys, %g to %g s: nothing moves there", from, to, start, end)
	}
	ts := make([]float64, n)
	for k := range ts {
		ts[k] = from + (to-from)*float64(k)/float64(n-1)
	}
	ts[n-1] = to
	pics, err := piston.TimeMotion(st, w, h, ts)
	if err != nil {
		return nil, nil, "", err
	}
	step := max(minAnimDelay, time.Duration(math.Round((to-from)/float64(n-1)*float64(time.Second))))
	delays := make([]time.Duration, n)
	for k := range delays {
		delays[k] = step
	}
	return pics, delays, fmt.Sprintf("mode %s, t %g to %g s", st.SceneMode(), from, to), nil
}
