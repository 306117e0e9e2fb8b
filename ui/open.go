package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/hajimehoshi/ebiten/v2"

	"skewlab/ui/kit"
)

// Opening scene files: a file dropped onto the window (ebiten's
// DroppedFiles) or onto the web page (QueueOpen, from the page's drop
// handler) goes to the first lab whose view is a kit.Opener (the piston
// lab), which is then shown.

// openQueue holds a page's dropped files until the next Update, so that
// the page's goroutine never touches the App while it updates.
type openQueue struct{ p atomic.Pointer[fs.FS] }

// QueueOpen opens fsys's scene file at the next Update (see OpenFiles)
// and wakes the App. Safe to call from any goroutine; the result goes to
// Config.Opened.
func (a *App) QueueOpen(fsys fs.FS) {
	a.open.p.Store(&fsys)
	a.Wake()
}

// takeOpens opens a file dropped onto the window and a queued page drop.
func (a *App) takeOpens() {
	if d := ebiten.DroppedFiles(); d != nil {
		a.report(a.OpenFiles(d))
	}
	if p := a.open.p.Swap(nil); p != nil {
		a.report(a.OpenFiles(*p))
	}
}

// report passes an open's result to Config.Opened.
func (a *App) report(name string, err error) {
	if name == "" && err == nil {
		return // nothing was dropped
	}
	a.uiLayer.force = true // the windows show the file (or its error)
	if a.cfg.Opened != nil {
		a.cfg.Opened(name, err)
	}
}

// OpenFiles opens the scene file among the top-level files of fsys (a
// glTF .gltf or .glb first, else a skewlab .json scene), reading the
// files beside it for a glTF file's buffers, in the first lab that opens
// files, and shows that lab (leaving the tour). It returns the file's
// name and the error, if any: none of the files is a scene file, or the
// lab refused it (the view is then unchanged). An fsys with no files
// returns "" and no error.
func (a *App) OpenFiles(fsys fs.FS) (string, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil || len(entries) == 0 {
		return "", nil
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return "", errors.New("a folder was dropped; drop the .gltf or .glb file (with its .bin files) instead")
	}
	pick := ""
	for _, n := range names {
		if ext := strings.ToLower(path.Ext(n)); ext == ".gltf" || ext == ".glb" {
			pick = n
			break
		}
	}
	if pick == "" {
		for _, n := range names {
			if strings.EqualFold(path.Ext(n), ".json") {
				pick = n
				break
			}
		}
	}
	if pick == "" {
		return names[0], fmt.Errorf("%s: not a scene file; skewlab opens glTF 2.0 (.gltf, .glb) and skewlab scenes (.json)", strings.Join(names, ", "))
	}
	disk := ""
	for _, e := range entries {
		if ap, ok := e.(ebiten.AbsPather); ok && e.Name() == pick {
			disk = ap.AbsPath()
		}
	}
	lab := slices.IndexFunc(a.labs, func(l kit.Lab) bool { return l.State.Scenes })
	if lab < 0 {
		return pick, fmt.Errorf("%s: no lab here opens scene files", pick)
	}
	prev := a.lab
	a.lab = lab
	if err := a.ensureView(); err != nil {
		a.lab = prev
		return pick, err
	}
	op, ok := a.view().(kit.Opener)
	if !ok {
		a.lab = prev
		return pick, fmt.Errorf("%s: the %s lab does not open files", pick, a.names[lab])
	}
	if err := op.Open(fsys, pick, disk); err != nil {
		a.lab = prev
		return pick, err
	}
	if a.tour.step > 0 {
		a.LeaveTour()
	}
	a.calm = 0
	return pick, nil
}
