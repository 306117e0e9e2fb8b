//go:build js

package main

// The browser entry point. index.html starts the program with the
// arguments "skewlab web", so dispatch runs runWeb: it reads the page's URL
// into a state (the same parameters as the app's flags), shows every
// invalid parameter over the canvas and in the console, exposes the Share,
// visibility and wake hooks and runs the app.

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/cli"
	"skewlab/internal/memfs"
	"skewlab/ui"
	"skewlab/ui/kit"
)

// webCommand is `skewlab web`, run by index.html; main.go's command table
// lists it (cmd_web.go leaves it out of other builds).
var webCommand = cli.Command{Name: "web", Summary: "run in a browser page, configured by its URL (started by index.html)", Run: runWeb}

// runWeb runs the app in the page. It returns only when the game loop
// ends; the page shows the exit status if that happens before the first
// frame.
func runWeb(args []string, stdout, stderr io.Writer) int {
	page := js.Global().Get("skewlab")
	st, msgs := webState(js.Global().Get("location").Get("search").String())
	if len(msgs) > 0 {
		showMessages(page, msgs)
	}
	share := func() {
		if page.Truthy() && page.Get("share").Type() == js.TypeFunction {
			page.Call("share")
		}
	}
	app, err := ui.NewApp(st, ui.Config{Tour: guide, Share: share, Opened: func(name string, err error) {
		res := map[string]any{"name": name, "error": ""}
		if err != nil {
			res["error"] = err.Error()
			showMessages(page, []string{err.Error()})
		} else {
			js.Global().Get("console").Call("info", "skewlab: opened "+name)
		}
		if page.Truthy() {
			page.Get("opened").Call("push", res)
		}
	}}, labs)
	if err != nil {
		fmt.Fprintln(stderr, "skewlab:", err)
		webFail(page, err.Error())
		return 1
	}
	shareQuery := js.FuncOf(func(js.Value, []js.Value) any {
		return app.State().Query()
	})
	defer shareQuery.Release()
	js.Global().Set("skewlabShare", shareQuery)
	// skewlabLayout() returns, as JSON, where the last recorded frame drew
	// its texts, fills and windows ({"width", "height", "marks": [{"x0",
	// "y0", "x1", "y1", "text" | "fill"}], "problems": the layout rule's
	// findings, kit.LayoutProblems}; "" before any), and asks for the next
	// frame to be recorded (waking the app): call it, let a frame be
	// drawn, call it again. skewlabShareButton() returns the app's Share
	// button, [x0, y0, x1, y1] in canvas pixels, or null when not shown.
	layout := js.FuncOf(func(js.Value, []js.Value) any {
		marks, w, h, ok := app.LayoutMarks()
		app.RecordLayout()
		app.Wake()
		if !ok {
			return ""
		}
		b, err := json.Marshal(struct {
			Width    int        `json:"width"`
			Height   int        `json:"height"`
			Marks    []kit.Mark `json:"marks"`
			Problems []string   `json:"problems"`
		}{w, h, marks, kit.LayoutProblems(marks, float64(w), float64(h))})
		if err != nil {
			return ""
		}
		return string(b)
	})
	defer layout.Release()
	js.Global().Set("skewlabLayout", layout)
	shareButton := js.FuncOf(func(js.Value, []js.Value) any {
		r, ok := app.ShareButton()
		if !ok {
			return nil
		}
		return []any{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}
	})
	defer shareButton.Release()
	js.Global().Set("skewlabShareButton", shareButton)
	// The page calls skewlabVisible(false) while its tab is hidden or the
	// canvas is scrolled out of view, and skewlabVisible(true) when it can
	// be seen again (index.html): the app stops drawing meanwhile.
	visible := js.FuncOf(func(_ js.Value, args []js.Value) any {
		app.SetHidden(len(args) > 0 && !args[0].Truthy())
		return nil
	})
	defer visible.Release()
	js.Global().Set("skewlabVisible", visible)
	if page.Truthy() && page.Get("visible").Type() == js.TypeBoolean {
		app.SetHidden(!page.Get("visible").Bool())
	}
	// skewlabWake() makes the app draw as after an input: tests that wait
	// for new frames call it, since a settled app draws none by itself.
	wake := js.FuncOf(func(js.Value, []js.Value) any {
		app.Wake()
		return nil
	})
	defer wake.Release()
	js.Global().Set("skewlabWake", wake)
	// skewlabTour() returns what the guided tour shows now, the counter,
	// title and caption joined by newlines ("" outside the tour): the
	// caption is drawn on the canvas, so tests and scripts read it here.
	tourText := js.FuncOf(func(js.Value, []js.Value) any {
		c, t, cap := app.TourText()
		if c == "" {
			return ""
		}
		return c + "\n" + t + "\n" + cap
	})
	defer tourText.Release()
	js.Global().Set("skewlabTour", tourText)
	// skewlabOpen(names, datas) opens dropped files (index.html reads
	// them): names is an array of file names, datas one Uint8Array each.
	// The app opens them at its next tick (QueueOpen); Opened reports.
	open := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 {
			return nil
		}
		app.QueueOpen(droppedFS(args[0], args[1]))
		return nil
	})
	defer open.Release()
	js.Global().Set("skewlabOpen", open)
	ebiten.SetWindowTitle("skewlab")
	g := newWebGame(app, page)
	if err := ebiten.RunGame(g); err != nil {
		fmt.Fprintln(stderr, "skewlab:", err)
		webFail(page, err.Error())
		return 1
	}
	return 0
}

// droppedFS makes an in-memory folder of the dropped files: names[i]
// holds datas[i]'s bytes. A name that is not a plain file name (empty,
// or with a slash) is skipped.
func droppedFS(names, datas js.Value) memfs.FS {
	fsys := memfs.FS{}
	for i := 0; i < names.Length() && i < datas.Length(); i++ {
		name := names.Index(i).String()
		if !fs.ValidPath(name) || strings.Contains(name, "/") || name == "." {
			continue
		}
		b := make([]byte, datas.Index(i).Length())
		js.CopyBytesToGo(b, datas.Index(i))
		fsys[name] = b
	}
	return fsys
}

// showMessages writes msgs to the console as errors and asks the page to
// show them over the canvas as selectable text.
func showMessages(page js.Value, msgs []string) {
	console := js.Global().Get("console")
	list := make([]any, len(msgs))
	for i, m := range msgs {
		console.Call("error", "skewlab: "+m)
		list[i] = m
	}
	if page.Truthy() && page.Get("showMessages").Type() == js.TypeFunction {
		page.Call("showMessages", list)
	}
}

// webFail tells the page the program cannot run, so it shows the static
// figure and the reason.
func webFail(page js.Value, reason string) {
	js.Global().Get("console").Call("error", "skewlab: "+reason)
	if page.Truthy() && page.Get("fail").Type() == js.TypeFunction {
		page.Call("fail", reason)
	}
}

// webGame wraps the app to tell the page when the first frame is drawn,
// so it can hide the loading screen and measure the time to first frame,
// and to keep the page's frame record (see frameRecord) current.
type webGame struct {
	ebiten.Game
	app   *ui.App
	page  js.Value
	rec   js.Value // the page's skewlab.frameBytes, a Uint8Array(frameRecordSize)
	bytes [frameRecordSize]byte
	share string // the SharePlace the page was last told (skewlab.setShare)
}

func newWebGame(app *ui.App, page js.Value) *webGame {
	g := &webGame{Game: app, app: app, page: page}
	if page.Truthy() {
		if r := page.Get("frameBytes"); r.InstanceOf(js.Global().Get("Uint8Array")) && r.Length() == frameRecordSize {
			g.rec = r
		}
	}
	return g
}

// Draw draws the app, reports the first drawn frame to the page and
// writes the frame record.
func (g *webGame) Draw(screen *ebiten.Image) {
	g.Game.Draw(screen)
	ticks, draws := g.app.Frames()
	if draws == 1 && g.page.Truthy() && g.page.Get("firstFrame").Type() == js.TypeFunction {
		g.page.Call("firstFrame")
	}
	if g.rec.Truthy() {
		frameRecord(g.bytes[:], ticks, draws, g.app.Settled(), g.app.AntiAliased())
		js.CopyBytesToJS(g.rec, g.bytes[:])
	}
	// The page shows its own Share button only where the app shows none
	// of its windows' (the minimal UI outside the tour), so it never
	// covers a window.
	if p := g.app.SharePlace(); (p != g.share || draws == 1) && g.page.Truthy() && g.page.Get("setShare").Type() == js.TypeFunction {
		g.share = p
		g.page.Call("setShare", p)
	}
}

// LayoutF forwards to the app's LayoutF when it has one, so the screen
// keeps its device-pixel size (ebiten looks for this method on the game
// it is given, not on the wrapped one).
func (g *webGame) LayoutF(w, h float64) (float64, float64) {
	if l, ok := g.Game.(interface {
		LayoutF(float64, float64) (float64, float64)
	}); ok {
		return l.LayoutF(w, h)
	}
	sw, sh := g.Game.Layout(int(w), int(h))
	return float64(sw), float64(sh)
}
