package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

func runExport(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := newFlagSet("export", "skewlab export -o FILE.svg|FILE.png [-size WxH] [-preset NAME | -scene FILE] [-mode NAME] [-set NODE.FIELD=a,b,c]... [-camera ...] [-compare MODE]")
	state.RegisterFlags(fs, &st, true, []state.Param{state.ScenePreset}, state.Pick("mode", "set", "camera", "compare"))
	out := fs.String("o", "", "output `FILE`, .svg or .png (required)")
	size := sizeFlag(fs, "size", 1280, 720, 16, render.MaxExportSize, fmt.Sprintf("figure size `WxH` in pixels, each 16 to %d", render.MaxExportSize))
	if code := parseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int { return usageError(stderr, "export", err) }
	ext := strings.ToLower(filepath.Ext(*out))
	if *out == "" || (ext != ".svg" && ext != ".png") {
		return fail(fmt.Errorf("-o FILE.svg or -o FILE.png is required"))
	}
	w, h := size[0], size[1]
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
		return runFailure(stderr, "export", err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		return runFailure(stderr, "export", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%dx%d, mode %s)\n", *out, w, h, st.Mode)
	return 0
}
