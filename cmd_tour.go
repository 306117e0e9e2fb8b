//go:build !js

package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"skewlab/cli"
	"skewlab/render"
	"skewlab/tour"
)

// tourCommand is `skewlab tour`; main.go's command table lists it.
var tourCommand = cli.Command{Name: "tour", Summary: "list the guided tour's steps, or write them as figures and a handout (-export DIR)", Run: runTour}

// runTour lists the tour's steps (number, title, state), or with -export
// DIR writes every step as NN-slug.png and NN-slug.svg (the figure after
// its gesture, with its caption), every step with a gesture also as
// NN-slug.anim.png (an animated PNG of the gesture, whose last frame is
// the still), and tour.md (exportTour: all of them or none), creating DIR
// when missing; with -md FILE the handout goes to
// FILE instead, written after the figures are in place. Exit status: 0
// ok, 2 a bad command line, 1 a file that cannot be written.
func runTour(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("tour", "skewlab tour [-export DIR [-size WxH] [-md FILE]]")
	dir := fs.String("export", "", "write every step's figure (`DIR`/NN-slug.png and .svg; NN-slug.anim.png, an animated PNG, for a step with a gesture) and DIR/tour.md; DIR is created if missing")
	mdPath := fs.String("md", "", "with -export: write the handout to `FILE` instead of DIR/tour.md, its image links relative to FILE's folder")
	size := cli.SizeFlag(fs, "size", 1280, 720, 16, render.MaxExportSize, fmt.Sprintf("figure size `WxH` in pixels, each 16 to %d", render.MaxExportSize))
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	if flagGiven(fs, "export") && *dir == "" {
		return cli.UsageError(stderr, "tour", errors.New("-export: empty directory name"))
	}
	if *dir == "" {
		if flagGiven(fs, "size") || flagGiven(fs, "md") {
			return cli.UsageError(stderr, "tour", errors.New("-size and -md apply only with -export DIR"))
		}
		for i, s := range guide.Steps {
			g := tour.GestureText(s.Gesture)
			if g != "" {
				g = "; " + g
			}
			fmt.Fprintf(stdout, "%2d. %s (lab %s: %s%s)\n", i+1, s.Title, s.State.Lab, s.Query, g)
		}
		return 0
	}
	md, rel := filepath.Join(*dir, "tour.md"), ""
	if *mdPath != "" {
		md = *mdPath
		r, err := filepath.Rel(filepath.Dir(md), *dir)
		if err != nil {
			return cli.UsageError(stderr, "tour", fmt.Errorf("-md %s: %v", md, err))
		}
		rel = filepath.ToSlash(r) + "/"
	}
	w, h := size[0], size[1]
	if err := exportTour(*dir, *mdPath == "", w, h); err != nil {
		return cli.RunFailure(stderr, "tour", err)
	}
	if *mdPath != "" {
		if err := writeAtomic(md, func(w io.Writer) error { return guide.WriteHandout(w, rel) }); err != nil {
			return cli.RunFailure(stderr, "tour", fmt.Errorf("%v (the figures are in %s)", err, *dir))
		}
	}
	anims := 0
	for _, s := range guide.Steps {
		if s.Gesture.Kind != "" {
			anims++
		}
	}
	fmt.Fprintf(stdout, "wrote %d steps (%dx%d PNG and SVG; %d animated PNG, one per gesture) and %s\n", guide.Len(), w, h, anims, md)
	return 0
}

// exportTour writes every step's figures (NN-slug.png and .svg, and
// NN-slug.anim.png for a step with a gesture) and,
// with handout, tour.md into dir, all or nothing: they are written into
// a temporary folder (listed in package cli's registry, so a signal
// removes it too) and put in place only once every file is complete.
//
// When dir is missing, the temporary folder is made beside the first
// missing folder of its path (".NAME.NNN.tmp"), holds that folder's
// whole tree, and is renamed to it at the end: dir appears at once,
// complete, and a failure leaves no folder at all (not even the missing
// parents -export a/b/c would have created). When dir exists (regenerating
// a handout, as `tour -export docs/tour` does), the temporary folder is
// made inside it (".tour.NNN.tmp", on dir's own file system) and its
// files are moved into dir at the end, replacing files of the same names
// and keeping every other file of dir, as before; a failure while
// writing leaves dir as it was.
func exportTour(dir string, handout bool, w, h int) error {
	dir = filepath.Clean(dir)
	fi, err := os.Stat(dir)
	exists := err == nil
	if exists && !fi.IsDir() {
		return fmt.Errorf("cannot create %s: it is a file, not a folder", dir)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	// top is the folder the temporary folder stands for: dir, or its
	// first missing ancestor.
	top := dir
	for !exists {
		parent := filepath.Dir(top)
		if parent == top {
			break
		}
		if _, err := os.Stat(parent); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		top = parent
	}
	var tmp, out string
	if exists {
		tmp, err = cli.MkdirTemp(dir, ".tour.*.tmp")
		out = tmp
	} else {
		tmp, err = cli.MkdirTemp(filepath.Dir(top), "."+filepath.Base(top)+".*.tmp")
		if err == nil {
			r, _ := filepath.Rel(top, dir) // dir is top or under it
			out = filepath.Join(tmp, r)
			err = os.MkdirAll(out, 0o755)
		}
	}
	if err != nil {
		if tmp != "" {
			cli.Discard(tmp)
		}
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	if err := writeTour(out, dir, handout, w, h); err != nil {
		cli.Discard(tmp)
		return err
	}
	if exists {
		err = cli.CommitInto(tmp, dir)
	} else {
		err = cli.Commit(tmp, top)
	}
	if err != nil {
		cli.Discard(tmp)
		return fmt.Errorf("cannot put the tour in %s: %w", dir, err)
	}
	return nil
}

// writeTour writes every step's figures (the animated one of a gesture
// step drawn by tour.Tour.Motion in tour.AnimFrames pictures, timed by
// tour.MotionPlan) and, with handout, tour.md
// (image links relative to it) into the folder out. Errors name the
// file by its place in dir, the folder out will become (out itself is
// removed on error).
func writeTour(out, dir string, handout bool, w, h int) error {
	failed := func(name string, err error) error {
		return fmt.Errorf("writing %s: %w (nothing written)", filepath.Join(dir, name), err)
	}
	for n := 1; n <= guide.Len(); n++ {
		segs, labels, err := guide.Figure(n, w, h, figureFunc)
		if err != nil {
			return err
		}
		for _, ext := range []string{".png", ".svg"} {
			name := guide.FileName(n) + ext
			if err := writeFigure(filepath.Join(out, name), w, h, segs, labels); err != nil {
				return failed(name, err)
			}
		}
		if guide.Steps[n-1].Gesture.Kind == "" {
			continue
		}
		ps, delays := tour.MotionPlan(guide.Steps[n-1].Gesture, tour.AnimFrames)
		pics, err := guide.Motion(n, w, h, ps, motionFunc)
		if err != nil {
			return err
		}
		name := guide.FileName(n) + tour.AnimSuffix
		if _, err := writeAnimation(filepath.Join(out, name), w, h, pics, delays); err != nil {
			return failed(name, err)
		}
	}
	if !handout {
		return nil
	}
	if err := writeAtomic(filepath.Join(out, "tour.md"), func(w io.Writer) error { return guide.WriteHandout(w, "") }); err != nil {
		return failed("tour.md", err)
	}
	return nil
}

// figureFunc returns the figure function of the lab called name (for
// tour.Tour.Figure).
func figureFunc(name string) (tour.FigureFunc, bool) {
	l, ok := figureLab(name)
	if !ok {
		return nil, false
	}
	return l.Figure, true
}

// writeFigure writes segs and labels as an SVG or PNG file (by path's
// extension), atomically.
func writeFigure(path string, w, h int, segs []render.Segment, labels []render.Label) error {
	return writeAtomic(path, func(wr io.Writer) error {
		if filepath.Ext(path) == ".svg" {
			return render.WriteSVG(wr, w, h, exportBackground, segs, labels)
		}
		return render.WritePNG(wr, w, h, exportBackground, segs, labels)
	})
}
