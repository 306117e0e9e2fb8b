//go:build !js

package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"skewlab/cli"
	"skewlab/piston"
	"skewlab/render"
	"skewlab/state"
	"skewlab/ui/kit"
)

// exportCommand is `skewlab export`; main.go's command table lists it.
var exportCommand = cli.Command{
	Name:    "export",
	Summary: "render a figure to SVG or PNG without a display",
	Run:     runExport,
}

// exportBackground is the figure's background: the theme's, the app's.
var exportBackground = render.Background

func runExport(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := cli.NewFlagSet("export", "skewlab export -o FILE.svg|FILE.png [-size WxH] [-tour N | [-lab NAME] [-preset NAME | -scene FILE] [-mode NAME] [-set NODE.FIELD=a,b,c]... [-camera ...] [-view NAME] [-ortho] [-compare MODE] [-split] [-wall[=a,b,...]] [-scope node|all] [-fold] [-normalize float64|float32] [-counteract on|off] [-hierarchy 4ary|chain] [-anim N|NAME] [-t SECONDS]]\n"+
		"       skewlab export -animated FILE.png|FILE.gif [-frames N] [-size WxH] [-tour N | [scene flags as above] [-anim N|NAME] [-from SECONDS] [-to SECONDS]]")
	labParam, presetParam, tParam := state.Pick("lab")[0], state.Pick("preset")[0], state.Pick("t")[0]
	labParam.Usage = "lab whose figure to draw: " + labPresets()
	presetParam.Usage = "scene preset: " + strings.Join(state.SceneLab().Presets, ", ") + "; with -lab, a preset of that lab (see -lab)"
	tParam.Usage = fmt.Sprintf("time in `SECONDS`: the scene's animation (-anim, or animation 0) evaluated there, 0 to %g (a scene without animations keeps its pose); in the dynamics lab, the lab time played before drawing, at most %g; the drift lab runs to its default target", float64(state.MaxTime), state.MaxPlaySeconds)
	// Every flag of the window that changes the picture, with the
	// window's syntax and messages (the UI's own settings, ui, uiscale,
	// aa, table, spin and play, draw nothing in a figure and are left
	// out).
	state.RegisterFlags(fs, &st, true, []state.Param{labParam, presetParam, tParam},
		state.Pick("mode", "set", "anim", "camera", "view", "ortho", "compare", "split", "wall", "scope", "fold", "normalize", "counteract", "hierarchy", "edges"))
	out := fs.String("o", "", "output `FILE`, .svg or .png (required)")
	size := cli.SizeFlag(fs, "size", 1280, 720, 16, render.MaxExportSize, fmt.Sprintf("figure size `WxH` in pixels, each 16 to %d", render.MaxExportSize))
	anim := animatedFlags(fs)
	var step int
	fs.Func("tour", fmt.Sprintf("draw the guided tour's step `N` (1 to %d) after its gesture, with its caption; the step gives the lab and state", guide.Len()), func(v string) (err error) {
		step, err = state.ParseTourStep(v)
		return err
	})
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int { return cli.UsageError(stderr, "export", err) }
	if anim.asked(fs) {
		return exportAnimated(fs, anim, st, step, *out, size[0], size[1], stdout, stderr)
	}
	ext := strings.ToLower(filepath.Ext(*out))
	if *out == "" || (ext != ".svg" && ext != ".png") {
		return fail(fmt.Errorf("-o FILE.svg or -o FILE.png is required"))
	}
	if flagGiven(fs, "tour") {
		return exportStep(fs, step, *out, size[0], size[1], stdout, stderr)
	}
	// The window's own check (state.State.Validate): export refuses
	// exactly what the window refuses with the same flags, whatever the
	// lab (a preset of another lab, a -scene or -set that does not load
	// even under -lab drift), with the same message.
	if err := st.Validate(); err != nil {
		return fail(err)
	}
	lab, ok := figureLab(st.Lab)
	if !ok {
		return fail(fmt.Errorf("lab %s has no figure", st.Lab))
	}
	w, h := size[0], size[1]
	// -anim belongs to the scene lab's scenes; another lab has none.
	if scenes := state.SceneLab().Name; st.Anim != "" && st.Lab != scenes {
		return fail(fmt.Errorf("-anim %s: the %s lab has no animations (animations belong to the %s lab's scenes)", st.Anim, st.Lab, scenes))
	}
	// -t plays the lab for t seconds, in a lab that plays in time (the
	// dynamics lab); the scene lab's figure (piston.NewModel) poses its
	// scene at t by its animation; the drift lab ignores it.
	var g state.Gesture
	if probe := (state.Gesture{Kind: state.GesturePlay, Seconds: 1}); st.TimeGiven && st.Time != 0 && state.CheckGesture(st, probe) == nil {
		if !(st.Time <= state.MaxPlaySeconds) {
			return fail(fmt.Errorf("-t %v: the %s lab plays at most %g seconds", st.Time, st.Lab, state.MaxPlaySeconds))
		}
		g = state.Gesture{Kind: state.GesturePlay, Seconds: st.Time}
	}
	segs, labels, err := lab.Figure(st, w, h, g)
	if err != nil {
		return fail(err)
	}
	err = writeAtomic(*out, func(wr io.Writer) error {
		if ext == ".svg" {
			return render.WriteSVG(wr, w, h, exportBackground, segs, labels)
		}
		return render.WritePNG(wr, w, h, exportBackground, segs, labels)
	})
	if err != nil {
		return cli.RunFailure(stderr, "export", err)
	}
	if st.Lab == state.SceneLab().Name {
		fmt.Fprintf(stdout, "wrote %s (%dx%d, mode %s)\n", *out, w, h, st.SceneMode())
	} else {
		fmt.Fprintf(stdout, "wrote %s (%dx%d, lab %s)\n", *out, w, h, st.Lab)
	}
	return 0
}

// exportStep writes the tour's step n (export -tour N): its figure after
// its gesture, with its caption, as tour.Tour.Figure draws it. The
// step's state is the whole state: a scene or view flag beside -tour is
// an error.
func exportStep(fs *flag.FlagSet, n int, out string, w, h int, stdout, stderr io.Writer) int {
	fail := func(err error) int { return cli.UsageError(stderr, "export", err) }
	var extra []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "tour" && f.Name != "o" && f.Name != "size" {
			extra = append(extra, "-"+f.Name)
		}
	})
	if len(extra) > 0 {
		return fail(fmt.Errorf("-tour %d draws the step's own state: leave out %s", n, strings.Join(extra, ", ")))
	}
	segs, labels, err := guide.Figure(n, w, h, figureFunc)
	if err != nil {
		return fail(err)
	}
	if err := writeFigure(out, w, h, segs, labels); err != nil {
		return cli.RunFailure(stderr, "export", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, tour step %d of %d: %s)\n", out, w, h, n, guide.Len(), guide.Steps[n-1].Title)
	return 0
}

// labPresets lists the labs with their presets, for -lab's usage.
func labPresets() string {
	var parts []string
	for _, l := range state.Labs() {
		if len(l.Presets) > 0 {
			parts = append(parts, l.Name+" (presets "+strings.Join(l.Presets, ", ")+")")
		} else {
			parts = append(parts, l.Name)
		}
	}
	return strings.Join(parts, ", ")
}

// flagGiven reports whether the flag called name was set on the command
// line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// figureLab returns the lab called name from main.go's list when it can
// draw a figure.
func figureLab(name string) (kit.Lab, bool) {
	for _, l := range labs {
		if l.State.Name == name && l.Figure != nil {
			return l, true
		}
	}
	return kit.Lab{}, false
}

// reserve is piston.Reserve, the figure's buffer sizing (the export tests
// check it is an upper bound).
var reserve = piston.Reserve

// writeAtomic streams write's output into a temporary file beside path
// and renames it to path when all went well, so the figure is never held
// in memory whole (an SVG of 10^5 nodes is hundreds of MB) and a failed
// export leaves no partial file; on error the temporary file is removed.
// The temporary file is listed in package cli's registry from its
// creation to its rename, so a signal that ends the process removes it
// too (cli.HandleSignals, installed by main).
func writeAtomic(path string, write func(io.Writer) error) (err error) {
	tmp, err := cli.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			cli.Discard(tmp.Name())
		}
	}()
	var w io.Writer = tmp
	if outputFault != nil {
		w = outputFault(path, w)
	}
	b := bufio.NewWriterSize(w, 1<<16)
	if err = write(b); err != nil {
		return err
	}
	if err = b.Flush(); err != nil {
		return err
	}
	holdForTest()
	if err = tmp.Chmod(0o644); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return cli.Commit(tmp.Name(), path)
}

// outputFault, when a test sets it, wraps the writer of every file
// writeAtomic writes (path is the file's final name): the tests' way to
// make a write fail part-way, as a full disk does. Nil in the program.
var outputFault func(path string, w io.Writer) io.Writer

// holdEnv names the test hook holdForTest reads.
const holdEnv = "SKEWLAB_TEST_HOLD_WRITE"

// holdMax bounds how long holdForTest waits, so that a test that fails to
// send its signal still ends.
const holdMax = 2 * time.Minute

// writes counts writeAtomic's calls that reached holdForTest.
var writes atomic.Int64

// holdForTest is a test hook, used only by the tests that deliver a
// signal to the built binary (cmd_signal_test.go): when the environment
// variable SKEWLAB_TEST_HOLD_WRITE is a whole number N from 1, the Nth
// file writeAtomic writes in the process waits, once its temporary file
// holds the whole output and before it is renamed into place, for up to
// holdMax (a signal ends the process meanwhile). The signal then surely
// finds a temporary file, however fast the write. Unset, or any other
// value, it does nothing.
func holdForTest() {
	n := writes.Add(1)
	v := os.Getenv(holdEnv)
	if v == "" {
		return
	}
	if want, err := strconv.Atoi(v); err == nil && want >= 1 && int64(want) == n {
		time.Sleep(holdMax)
	}
}
