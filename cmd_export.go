package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/render"
	"skewlab/state"
)

func init() {
	register("export", "render a figure to SVG or PNG without a display", runExport)
}

// exportBackground is the figure's background, the app's.
var exportBackground = render.Color{R: 0.09, G: 0.09, B: 0.11, A: 1}

func parseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(s, "x")
	if ok {
		w, err = strconv.Atoi(a)
		if err == nil {
			h, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil || w < 16 || h < 16 || w > render.MaxExportSize || h > render.MaxExportSize {
		return 0, 0, fmt.Errorf("size %q: want WxH, each from 16 to %d", s, render.MaxExportSize)
	}
	return w, h, nil
}

func runExport(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := newFlagSet("export")
	state.RegisterFlags(fs, &st, true, state.SceneParams, state.Pick("camera", "compare"))
	out := fs.String("o", "", "output file, .svg or .png (required)")
	size := fs.String("size", "1280x720", "figure size WxH in pixels")
	if code := parseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "skewlab export: %v\n", err)
		return 2
	}
	ext := strings.ToLower(filepath.Ext(*out))
	if *out == "" || (ext != ".svg" && ext != ".png") {
		return fail(fmt.Errorf("-o FILE.svg or -o FILE.png is required"))
	}
	w, h, err := parseSize(*size)
	if err != nil {
		return fail(err)
	}
	sc, err := st.Scene()
	if err != nil {
		return fail(err)
	}
	var f render.Frame
	f.Begin(st.CameraView(), render.Viewport{W: float64(w), H: float64(h)})
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws modes.Workspace
	if st.Compare != "" {
		m, _ := modes.ByName(st.Compare)
		m.World(sc.Nodes, &ws, world)
		f.Scene(sc, world, render.Options{Dim: 0.35})
	}
	m, _ := modes.ByName(st.Mode)
	m.World(sc.Nodes, &ws, world)
	f.Scene(sc, world, render.DefaultOptions())
	var buf bytes.Buffer
	if ext == ".svg" {
		err = render.WriteSVG(&buf, w, h, exportBackground, f.Segments, f.Labels)
	} else {
		err = render.WritePNG(&buf, w, h, exportBackground, f.Segments, f.Labels)
	}
	if err != nil {
		fmt.Fprintf(stderr, "skewlab export: %v\n", err)
		return 1
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "skewlab export: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, mode %s)\n", *out, w, h, st.Mode)
	return 0
}
