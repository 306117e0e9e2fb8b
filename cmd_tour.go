//go:build !js

package main

import (
	"errors"
	"fmt"
	"io"
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
// its gesture, with its caption) and tour.md, creating DIR when missing.
// Exit status: 0 ok, 2 a bad command line, 1 a file that cannot be
// written.
func runTour(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("tour", "skewlab tour [-export DIR [-size WxH] [-md FILE]]")
	dir := fs.String("export", "", "write every step's figure (`DIR`/NN-slug.png and .svg) and DIR/tour.md; DIR is created if missing")
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
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return cli.RunFailure(stderr, "tour", fmt.Errorf("cannot create %s: %w", *dir, err))
	}
	w, h := size[0], size[1]
	for n := 1; n <= guide.Len(); n++ {
		segs, labels, err := guide.Figure(n, w, h, figureFunc)
		if err != nil {
			return cli.RunFailure(stderr, "tour", err)
		}
		base := filepath.Join(*dir, guide.FileName(n))
		if err := writeFigure(base+".png", w, h, segs, labels); err != nil {
			return cli.RunFailure(stderr, "tour", err)
		}
		if err := writeFigure(base+".svg", w, h, segs, labels); err != nil {
			return cli.RunFailure(stderr, "tour", err)
		}
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
	if err := writeAtomic(md, func(w io.Writer) error { return guide.WriteHandout(w, rel) }); err != nil {
		return cli.RunFailure(stderr, "tour", err)
	}
	fmt.Fprintf(stdout, "wrote %d steps (%dx%d PNG and SVG) and %s\n", guide.Len(), w, h, md)
	return 0
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
