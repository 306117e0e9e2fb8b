package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/state"
	"skewlab/ui"
)

func init() {
	register("app", "open the interactive window (the default with no command)", runApp)
}

// noDisplayHelp is the one line printed when no window can be opened.
const noDisplayHelp = "skewlab: no display available (DISPLAY and WAYLAND_DISPLAY are unset); run it under a virtual one: xvfb-run -a ./skewlab"

// runApp parses the app's flags, builds the window and runs it until it is
// closed (or, with -screenshot, until the first fully drawn frame is
// saved). Exit status: 0 ok, 1 failure (no display, bad scene file), 2 bad
// flags.
func runApp(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := flag.NewFlagSet("skewlab", flag.ContinueOnError)
	fs.SetOutput(stderr)
	state.RegisterFlags(fs, &st, true, state.SceneParams, state.ViewParams)
	fullscreen := fs.Bool("fullscreen", false, "start fullscreen")
	shot := fs.String("screenshot", "", "save the first fully drawn frame as PNG to `FILE` and exit")
	measure := fs.Float64("measure", 0, "print the frame and tick rates after `SECONDS` and exit (performance check)")
	size := fs.String("size", "1280x720", "window size `WxH` in device-independent pixels")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "skewlab: unexpected argument %q (flags come before nothing else; see skewlab -h)\n", fs.Arg(0))
		return 2
	}
	if err := st.Check(); err != nil {
		fmt.Fprintf(stderr, "skewlab: %v\n", err)
		return 2
	}
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w < 100 || h < 100 || w > 10000 || h > 10000 {
		fmt.Fprintf(stderr, "skewlab: -size %q: want WxH, each 100 to 10000\n", *size)
		return 2
	}
	if !(*measure >= 0 && *measure <= 3600) {
		fmt.Fprintf(stderr, "skewlab: -measure %g: want 0 to 3600 seconds\n", *measure)
		return 2
	}
	app, err := ui.NewApp(st, ui.Config{Screenshot: *shot, Measure: time.Duration(*measure * float64(time.Second))})
	if err != nil {
		fmt.Fprintln(stderr, "skewlab:", err)
		return 1
	}
	if !displayAvailable() {
		fmt.Fprintln(stderr, noDisplayHelp)
		return 1
	}
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowTitle("skewlab")
	ebiten.SetFullscreen(*fullscreen)
	if err := runGame(app); err != nil {
		fmt.Fprintln(stderr, "skewlab:", err)
		return 1
	}
	if app.Err != nil {
		fmt.Fprintln(stderr, "skewlab: screenshot:", app.Err)
		return 1
	}
	if *measure > 0 {
		fmt.Fprintf(stdout, "skewlab: %.1f FPS, %.1f TPS\n", app.FPS, app.TPS)
	}
	if *shot != "" {
		fmt.Fprintln(stdout, "skewlab: screenshot saved to", *shot)
	}
	return 0
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

// runGame runs the game loop, turning ebiten's panic when no window system
// answers (a DISPLAY that points nowhere) into an error.
func runGame(g ebiten.Game) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot open a window (%v); with no display run: xvfb-run -a ./skewlab", r)
		}
	}()
	return ebiten.RunGame(g)
}
