package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/cli"
	"skewlab/state"
	"skewlab/ui"
)

// appCommand is `skewlab app`; main.go's command table lists it.
var appCommand = cli.Command{Name: "app", Summary: "open the interactive window (the default with no command)", Run: runApp}

// noDisplayHelp is the one line printed when no display is available
// (DISPLAY and WAYLAND_DISPLAY unset).
const noDisplayHelp = "skewlab: no display available (DISPLAY and WAYLAND_DISPLAY are unset); " + noDisplayWays

// noDisplayWays says how to get a picture without a display, for the
// no-display line and for a window system that does not answer: export
// draws the same figure with no display at all, and xvfb-run needs
// -screenshot, since a window on a virtual display is seen by no one and
// stays open until it is killed.
const noDisplayWays = "for a picture without a display: ./skewlab export -o fig.png draws the figure (the window's picture flags apply), " +
	"or xvfb-run -a ./skewlab -screenshot fig.png saves the window's first frame on a virtual display " +
	"(without -screenshot that window is invisible and never exits)"

// runApp parses the app's flags, builds the window and runs it until it is
// closed (or, with -screenshot, until the first fully drawn frame is
// saved). Every flag and the scene it names are checked before a window is
// opened, whatever the lab (prepareApp). Exit status: 0 ok, 2 a bad
// command line (one line on stderr), 1 a failed run (no display, a window
// system error, a screenshot that cannot be written).
func runApp(args []string, stdout, stderr io.Writer) int {
	run, code := prepareApp(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if !displayAvailable() {
		fmt.Fprintln(stderr, noDisplayHelp)
		return 1
	}
	ebiten.SetWindowSize(run.size[0], run.size[1])
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowTitle("skewlab")
	ebiten.SetFullscreen(run.fullscreen)
	app := run.app
	if err := runGame(app); err != nil {
		if ticks, _ := app.Frames(); ticks == 0 && !errors.Is(err, errNoWindow) {
			// The window never ran a tick: the window system refused it
			// (a DISPLAY that points nowhere).
			err = fmt.Errorf("cannot open a window (%v); %s", err, noDisplayWays)
		}
		return cli.RunFailure(stderr, "", err)
	}
	if app.Err != nil {
		return cli.RunFailure(stderr, "", fmt.Errorf("screenshot: %v", app.Err))
	}
	if run.measure > 0 {
		fmt.Fprintf(stdout, "skewlab: %.1f FPS, %.1f TPS\n", app.FPS, app.TPS)
	}
	if run.probe > 0 {
		fmt.Fprintf(stdout, "skewlab: probe: %d frames in %g s\n", app.ProbeFrames, run.probe)
	}
	if run.shot != "" {
		fmt.Fprintln(stdout, "skewlab: screenshot saved to", run.shot)
	}
	return 0
}

// appRun is the window prepareApp has checked and built, not yet opened:
// the app, the window's size and fullscreen, and the -screenshot file,
// -measure and SKEWLAB_PROBE seconds (0 when not given).
type appRun struct {
	app            *ui.App
	size           [2]int
	fullscreen     bool
	shot           string
	measure, probe float64
}

// prepareApp parses the window's command line, checks it and builds the
// app without opening a window: it returns -1 to go on, or an exit status
// after writing the usage (-h, 0) or one error line (2). Everything the
// window refuses is refused here, whatever the lab: the flags, the state
// (state.State.Validate, as export checks it) and what the lab's view
// needs to be made (its scene, the tour's step).
func prepareApp(args []string, stdout, stderr io.Writer) (appRun, int) {
	st := state.Default()
	fs := cli.NewFlagSet("", "skewlab [flags]    (skewlab -h lists the commands)")
	state.RegisterFlags(fs, &st, true, state.SceneParams, state.ViewParams)
	fullscreen := fs.Bool("fullscreen", false, "start fullscreen")
	var shot string
	fs.Func("screenshot", "save the first fully drawn frame as PNG to `FILE` and exit (in the tour: once the step's gesture has played)", func(v string) error {
		if v == "" {
			return errors.New("empty file name")
		}
		shot = v
		return nil
	})
	measure := cli.NumberFlag(fs, "measure", 0, "print the frame and tick rates after `SECONDS` (0 to 3600) and exit (performance check)")
	size := cli.SizeFlag(fs, "size", 1280, 720, 100, 10000, "window size `WxH` in device-independent pixels, each 100 to 10000")
	if code := cli.ParseFlags(fs, tourArgs(args), stdout, stderr); code >= 0 {
		return appRun{}, code
	}
	fail := func(err error) (appRun, int) { return appRun{}, cli.UsageError(stderr, "", err) }
	if !(*measure >= 0 && *measure <= 3600) {
		return fail(fmt.Errorf("-measure %g: want 0 to 3600 seconds", *measure))
	}
	if err := st.Validate(); err != nil {
		return fail(err)
	}
	cfg := ui.Config{Screenshot: shot, Measure: time.Duration(*measure * float64(time.Second)), Tour: guide}
	probe, err := probeEnv(stdout, &cfg)
	if err != nil {
		return fail(err)
	}
	app, err := ui.NewApp(st, cfg, labs)
	if err != nil {
		// NewApp fails only on the state: a scene or preset that does not
		// load.
		return fail(err)
	}
	return appRun{app: app, size: *size, fullscreen: *fullscreen, shot: shot, measure: *measure, probe: probe}, -1
}

// tourArgs lets -tour take its step number as the next argument
// or stand alone for step 1 (-tour 4, -tour=4, -tour): Go's flag
// package has no optional values. It returns args with "-tour N" (or
// "--tour N") joined into "-tour=N" when the next argument is not a
// flag or is a whole number (so -tour -1 is refused as a step out of
// range, as export refuses it), and a bare "-tour" made "-tour=1".
func tourArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if a == "-tour" || a == "--tour" {
			n := "1"
			if i+1 < len(args) && len(args[i+1]) > 0 && (args[i+1][0] != '-' || isWhole(args[i+1])) {
				n = args[i+1]
				i++
			}
			out = append(out, a+"="+n)
			continue
		}
		out = append(out, a)
	}
	return out
}

// isWhole reports whether a is a plain decimal integer (state.ParseInt).
func isWhole(a string) bool {
	_, err := state.ParseInt(a)
	return err == nil
}

// probeEnv reads SKEWLAB_PROBE=SECONDS (0.1 to 3600), the tests' check
// of the idle frame rate (ui.Config.Probe; docs/performance.md, "Quiet when idle"): once quiet,
// the app prints "skewlab: probe: quiet, pid PID", counts the frames it
// draws for SECONDS, prints "skewlab: probe: N frames in SECONDS s" and
// ends. It returns the seconds (0 when unset).
func probeEnv(stdout io.Writer, cfg *ui.Config) (float64, error) {
	v := os.Getenv("SKEWLAB_PROBE")
	if v == "" {
		return 0, nil
	}
	s, err := strconv.ParseFloat(v, 64)
	if err != nil || !(s >= 0.1 && s <= 3600) {
		return 0, fmt.Errorf("SKEWLAB_PROBE=%q: want 0.1 to 3600 seconds", v)
	}
	cfg.Probe = time.Duration(s * float64(time.Second))
	pid := os.Getpid()
	cfg.ProbeStart = func() { fmt.Fprintf(stdout, "skewlab: probe: quiet, pid %d\n", pid) }
	return s, nil
}

// displayAvailable reports whether a window system can be reached: on
// Linux and the BSDs that means DISPLAY or WAYLAND_DISPLAY is set.
func displayAvailable() bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}

// errNoWindow is runGame's error when ebiten panics because no window
// system answers.
var errNoWindow = errors.New("cannot open a window")

// runGame runs the game loop, turning ebiten's panic when no window system
// answers (a DISPLAY that points nowhere) into an error.
func runGame(g ebiten.Game) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w (%v); %s", errNoWindow, r, noDisplayWays)
		}
	}()
	return ebiten.RunGame(g)
}
