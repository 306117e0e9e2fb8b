package pistonlab

import (
	"fmt"
	"image"
	"io/fs"
	"math"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/ebitengine/debugui"
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/piston"
	"skewlab/scene"
)

// The Nodes window: the scene's source (and a glTF file's scene
// chooser), a filter, the hierarchy as a collapsible tree whose rows
// open each node's sliders, and the file row (desktop only).

// maxTreeRows is the most node rows the Nodes window shows at once
// (open tree rows, or filter matches): a file of 10^5 nodes stays
// responsive, and the filter reaches the rest.
const maxTreeRows = 200

// moreRows is the line under a tree cut at maxTreeRows.
var moreRows = fmt.Sprintf("(showing %d rows: type in the filter to find the others)", maxTreeRows)

// maxParentChoices is the most nodes for which a node's row offers the
// parent dropdown (a list of every node); larger scenes re-parent with
// report -reparent.
const maxParentChoices = 300

// tree is what the Nodes window's tree binds to, rebuilt by init.
type tree struct {
	roots     []int
	kids      [][]int
	ids       []string // per node, its ID scope (the index as text)
	labels    []string // per node, its row label
	lower     []string // per node, its name in lower case, for the filter
	filter    string
	matchOf   string // the filter the matches were found for
	matches   []int
	matchText string // "N of M nodes match", made with the matches
	sceneSel  int
	scenes    []string
	source    string
}

// initTree rebuilds the tree from the model's scene.
func (w *windowState) initTree(m *piston.Model) {
	t := &w.tree
	n := len(m.Scene.Nodes)
	t.roots = t.roots[:0]
	t.kids = make([][]int, n)
	t.ids, t.labels, t.lower = make([]string, n), make([]string, n), make([]string, n)
	for i, nd := range m.Scene.Nodes {
		if nd.Parent < 0 {
			t.roots = append(t.roots, i)
		} else {
			t.kids[nd.Parent] = append(t.kids[nd.Parent], i)
		}
		t.ids[i] = strconv.Itoa(i)
		t.labels[i] = nodeLabel(&m.Scene.Nodes[i])
		t.lower[i] = strings.ToLower(nd.Name)
	}
	t.matchOf = "\x00" // find the matches again
	t.scenes = m.SceneLabels()
	t.sceneSel = 0
	t.source = "preset " + m.Preset
	if m.File != nil {
		t.sceneSel = m.File.Scene
		t.source = m.File.Name
	}
	t.source = fmt.Sprintf("%s: %d nodes", t.source, n)
}

// nodeLabel is a node's row: its name, with what it draws.
func nodeLabel(nd *scene.Node) string {
	s := nd.Name
	if nd.Mesh != nil {
		s += "  (mesh " + nd.Mesh.Name + ")"
	}
	if nd.Sheared() {
		s += "  [matrix, not a TRS]"
	}
	return s
}

func (v *view) nodesWindow(ctx *debugui.Context, r image.Rectangle) {
	m, w := v.M, &v.win
	t := &w.tree
	ctx.Window("Nodes", r, func(layout debugui.ContainerLayout) {
		v.nodesAt = layout.Bounds
		ctx.SetGridLayout([]int{-1}, nil)
		ctx.Text(t.source)
		if len(t.scenes) > 1 {
			ctx.SetGridLayout([]int{50, -1}, nil)
			ctx.Text("scene")
			ctx.Dropdown(&t.sceneSel, t.scenes).On(func() {
				if err := m.ChooseScene(t.sceneSel); err != nil {
					w.fileMsg, w.openErr = err.Error(), err.Error()
					t.sceneSel = m.File.Scene
					m.Touch() // redraw the notes with the error
					return
				}
				w.openErr = ""
				w.init(m)
			})
		}
		ctx.SetGridLayout([]int{50, -1}, nil)
		ctx.Text("filter")
		ctx.TextField(&t.filter)
		ctx.SetGridLayout([]int{-1}, nil)
		if t.filter == "" {
			budget := maxTreeRows
			for _, i := range t.roots {
				v.treeRow(ctx, i, &budget)
			}
			if budget <= 0 {
				ctx.Text(moreRows)
			}
		} else {
			v.filterRows(ctx)
		}
		ctx.SetGridLayout([]int{-1}, nil)
		if m.Residual != "" {
			ctx.Text(m.Residual)
		}
		ctx.Button("Reset scene").On(func() { m.Reset(); w.init(m) })
		if runtime.GOOS != "js" {
			v.fileRows(ctx)
		} else {
			ctx.Text("Drop a .gltf or .glb file (with its .bin) onto the page to open it; it stays in this page.")
		}
	})
}

// treeRow is node i's row and, when open, its sliders and its children's
// rows; budget counts the rows still allowed (maxTreeRows).
func (v *view) treeRow(ctx *debugui.Context, i int, budget *int) {
	if *budget <= 0 {
		return
	}
	*budget--
	t := &v.win.tree
	ctx.IDScope(t.ids[i], func() {
		ctx.TreeNode(t.labels[i], func() {
			v.nodeRows(ctx, i)
			for _, c := range t.kids[i] {
				v.treeRow(ctx, c, budget)
			}
		})
	})
}

// filterRows lists the nodes whose name contains the filter (any case),
// at most maxTreeRows, each opening its sliders.
func (v *view) filterRows(ctx *debugui.Context) {
	t := &v.win.tree
	if t.matchOf != t.filter {
		t.matchOf = t.filter
		t.matches = matchNodes(t.matches[:0], t.lower, t.filter)
		t.matchText = fmt.Sprintf("%d of %d nodes match", len(t.matches), len(t.lower))
	}
	ctx.Text(t.matchText)
	for _, i := range t.matches[:min(len(t.matches), maxTreeRows)] {
		ctx.IDScope(t.ids[i], func() {
			ctx.TreeNode(t.labels[i], func() { v.nodeRows(ctx, i) })
		})
	}
}

// matchNodes appends to dst the indices of the names (in lower case)
// that contain filter in any case, in order.
func matchNodes(dst []int, lower []string, filter string) []int {
	f := strings.ToLower(filter)
	for i, name := range lower {
		if strings.Contains(name, f) {
			dst = append(dst, i)
		}
	}
	return dst
}

// nodeRows are node i's sliders, its parent and rule, and a button that
// shows its readouts.
func (v *view) nodeRows(ctx *debugui.Context, i int) {
	m, w := v.M, &v.win
	if i >= len(m.Edits) {
		return
	}
	e := &m.Edits[i]
	v.vecRows(ctx, "pos ", &e.Position, posRange, 0.01, 2)
	v.vecRows(ctx, "rot ", &e.Euler, eulerRange, 1, 1)
	v.vecRows(ctx, "scl ", &e.Scale, scaleRange, 0.01, 2)
	ctx.SetGridLayout([]int{-1, -2}, nil)
	ctx.Text("parent")
	if len(w.parentNames) <= maxParentChoices+1 {
		ctx.Dropdown(&w.parentSel[i], w.parentNames).On(func() {
			_ = m.Reparent(i, w.parentSel[i]-1)
			w.init(m)
		})
	} else {
		ctx.Text("(large scene: skewlab report -reparent)")
	}
	ctx.Text("rule")
	ctx.Dropdown(&w.ruleSel[i], w.ruleNames).On(func() {
		m.SetRule(i, scene.Rule(w.ruleSel[i]))
	})
	ctx.SetGridLayout([]int{-1}, nil)
	if m.Scene.Nodes[i].Sheared() {
		ctx.Text("Its glTF matrix is not a TRS: the sliders edit its polar fit; matrix-based rules keep the shear.")
	}
	ctx.Button("Show its readouts").On(func() {
		m.Picked = i
		m.Touch()
	})
}

// sliderRange returns the slider range for vec: rng, or a round number
// (1, 2 or 5 times a power of ten) past 1.5 times its largest
// component, so that binding the slider never clamps a loaded value
// (debugui's sliders clamp what they are bound to).
func sliderRange(vec mgl64.Vec3, rng float64) float64 {
	big := 1.5 * max(math.Abs(vec[0]), math.Abs(vec[1]), math.Abs(vec[2]))
	if !(big > rng) || math.IsInf(big, 0) {
		return rng
	}
	p := math.Pow(10, math.Floor(math.Log10(big)))
	for _, k := range []float64{1, 2, 5, 10} {
		if k*p >= big {
			return k * p
		}
	}
	return 10 * p
}

// fileRows are the desktop's file row: a path, Open (a glTF file or a
// skewlab scene) and Save (the nodes as a skewlab scene file).
func (v *view) fileRows(ctx *debugui.Context) {
	m, w := v.M, &v.win
	ctx.SetGridLayout([]int{-1}, nil)
	ctx.TextField(&w.path)
	ctx.SetGridLayout([]int{-1, -1}, nil)
	ctx.Button("Open").On(func() {
		dir, base := filepath.Split(w.path)
		if dir == "" {
			dir = "."
		}
		fsys, done, err := piston.Folder(dir)
		if err != nil {
			w.fileMsg, w.openErr = w.path+": "+err.Error(), w.path+": "+err.Error()
			m.Touch()
			return
		}
		defer done()
		v.open(fsys, base, w.path)
	})
	ctx.Button("Save").On(func() {
		m.ApplyEdits()
		if err := m.Scene.Save(w.path); err != nil {
			w.fileMsg = err.Error()
		} else {
			w.fileMsg = "saved " + w.path
		}
	})
	if w.fileMsg != "" {
		ctx.SetGridLayout([]int{-1}, nil)
		ctx.Text(w.fileMsg)
	}
}

// Open opens the scene file name in fsys (see piston.Model.Open): the
// app calls it for a file dropped onto the window or the page. The
// error is also shown in the Nodes window and over the picture.
func (v *view) Open(fsys fs.FS, name, diskPath string) error {
	return v.open(fsys, name, diskPath)
}

func (v *view) open(fsys fs.FS, name, diskPath string) error {
	m, w := v.M, &v.win
	if err := m.Open(fsys, name, diskPath); err != nil {
		w.fileMsg, w.openErr = err.Error(), err.Error()
		m.Touch() // redraw the notes with the error
		return err
	}
	w.init(m)
	w.openErr = ""
	w.fileMsg = fmt.Sprintf("opened %s: %d nodes", m.File.Name, len(m.Scene.Nodes))
	if d := m.File.GLTF; d != nil && len(d.Scenes) > 1 {
		w.fileMsg += fmt.Sprintf(", scene %d of %d", m.File.Scene+1, len(d.Scenes))
	}
	return nil
}
