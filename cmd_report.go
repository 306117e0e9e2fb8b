package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/cli"
	"skewlab/modes"
	"skewlab/scene"
	"skewlab/state"
)

// reportCommand is `skewlab report`; main.go's command table lists it.
var reportCommand = cli.Command{
	Name:    "report",
	Summary: "print world transforms and their analysis per mode (for slides and checks)",
	Run:     runReport,
}

// reparentArg is one -reparent NODE=NEWPARENT (NEWPARENT "-" or "none"
// makes the node a root).
type reparentArg struct{ node, parent string }

type reparentList []reparentArg

func (r *reparentList) String() string { return "" }
func (r *reparentList) Set(v string) error {
	n, p, ok := strings.Cut(v, "=")
	if !ok || n == "" || p == "" {
		return fmt.Errorf("reparent %q: want NODE=NEWPARENT (NEWPARENT - for a root)", v)
	}
	*r = append(*r, reparentArg{n, p})
	return nil
}

// reportEdits are the edits report applies after -set, with what they
// reported.
type reportEdits struct {
	Reparent []reparentResult `json:"reparent,omitempty"`
	// FoldResidual is the largest residual among the children -fold
	// folded; FoldUnfolded names the children it left as they were (their
	// folded value would exceed 1e6). The fold is exact only when both are
	// empty or zero.
	FoldResidual *float64 `json:"foldResidual,omitempty"`
	FoldUnfolded []string `json:"foldUnfolded,omitempty"`
}

type reparentResult struct {
	Node      string  `json:"node"`
	NewParent *string `json:"newParent"`
	Residual  float64 `json:"residual"`
}

func runReport(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := cli.NewFlagSet("report", "skewlab report [-preset NAME | -scene FILE] [-mode NAME|all] [-set NODE.FIELD=a,b,c]... [-reparent NODE=NEWPARENT]... [-fold] [-format text|json]")
	state.RegisterFlags(fs, &st, true, []state.Param{state.ScenePreset}, state.Pick("set"))
	modeName := fs.String("mode", "all", "accumulation mode, or all: "+strings.Join(modes.Names(), ", "))
	var reparents reparentList
	fs.Var(&reparents, "reparent", "NODE=NEWPARENT: re-parent keeping the world matrix (under accumulate-matrices); repeatable")
	fold := fs.Bool("fold", false, "re-author for uniform-inner-scale by folding each scale residual into the children")
	format := fs.String("format", "text", "output format: text or json")
	if code := cli.ParseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int { return cli.UsageError(stderr, "report", err) }
	if *format != "text" && *format != "json" {
		return fail(fmt.Errorf("unknown format %q (valid: text, json)", *format))
	}
	var list []modes.Mode
	if *modeName == "all" {
		list = modes.All
	} else {
		m, err := modes.ByName(*modeName)
		if err != nil {
			return fail(fmt.Errorf("%v, or all", err))
		}
		list = []modes.Mode{m}
	}
	sc, err := st.Scene()
	if err != nil {
		return fail(err)
	}
	var edits reportEdits
	for _, r := range reparents {
		i := sc.Index(r.node)
		if i < 0 {
			return fail(fmt.Errorf("reparent: unknown node %q (valid: %s)", r.node, strings.Join(sc.Names(), ", ")))
		}
		p := -1
		if r.parent != "-" && r.parent != "none" {
			if p = sc.Index(r.parent); p < 0 {
				return fail(fmt.Errorf("reparent: unknown new parent %q (valid: %s, or - for a root)", r.parent, strings.Join(sc.Names(), ", ")))
			}
		}
		res, _, err := modes.Reparent(sc, i, p)
		if err != nil {
			return fail(err)
		}
		rr := reparentResult{Node: r.node, Residual: res}
		if p >= 0 {
			name := r.parent
			rr.NewParent = &name
		}
		edits.Reparent = append(edits.Reparent, rr)
	}
	if *fold {
		f := modes.FoldResiduals(sc)
		edits.FoldResidual = &f.Residual
		for _, c := range f.Unfolded {
			edits.FoldUnfolded = append(edits.FoldUnfolded, sc.Nodes[c].Name)
		}
	}
	src := reportSource{Preset: st.Preset}
	if st.ScenePath != "" {
		src = reportSource{Scene: st.ScenePath}
	}
	// Streamed node by node through one buffer: memory stays bounded by
	// the scene and one mode's world matrices, whatever the output size.
	out := bufio.NewWriterSize(stdout, 64<<10)
	r := newReporter(sc)
	if *format == "json" {
		err = r.writeJSON(out, list, src, edits)
	} else {
		err = r.writeText(out, list, src, edits)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		// The command line was right; the output could not be written.
		return cli.RunFailure(stderr, "report", fmt.Errorf("writing the report: %v", err))
	}
	return 0
}

// reportSource is where the scene came from: a preset or a file.
type reportSource struct{ Preset, Scene string }

// modeReport is the JSON shape of one mode's report (see README).
type modeReport struct {
	Preset string       `json:"preset,omitempty"`
	Scene  string       `json:"scene,omitempty"`
	Mode   string       `json:"mode"`
	Nodes  []nodeReport `json:"nodes"`
	Edits  reportEdits  `json:"edits,omitzero"`
}

// modeHead is modeReport with the nodes left out, for streaming: Nodes
// holds a placeholder that writeJSON replaces by the streamed array.
type modeHead struct {
	Preset string          `json:"preset,omitempty"`
	Scene  string          `json:"scene,omitempty"`
	Mode   string          `json:"mode"`
	Nodes  json.RawMessage `json:"nodes"`
	Edits  reportEdits     `json:"edits,omitzero"`
}

type nodeReport struct {
	Name   string      `json:"name"`
	Parent *string     `json:"parent"`
	Local  localReport `json:"local"`
	World  worldReport `json:"world"`
	flags  string
}

type localReport struct {
	Position [3]float64 `json:"position"`
	Rotation [4]float64 `json:"rotation"`
	Scale    [3]float64 `json:"scale"`
}

// worldReport holds a node's world values; each is null when undefined
// (modes.Readout's ok flags), and Undefined then names the reasons
// ("overflow", "zero scale").
type worldReport struct {
	Matrix           *[4][4]float64 `json:"matrix"`
	Position         *[3]float64    `json:"position"`
	SkewDegrees      *float64       `json:"skewDegrees"`
	Volume           *float64       `json:"volume"`
	LossyScale       *[3]float64    `json:"lossyScale"`
	PolarStretch     *[3]float64    `json:"polarStretch"`
	TRSRepresentable *bool          `json:"trsRepresentable"`
	Undefined        string         `json:"undefined,omitempty"`
}

// cleanMax is the magnitude from which clean leaves x alone: 2^53/1e12,
// where x*1e12 is already a whole number (rounding to 12 decimals is a
// no-op, and multiplying by 1e12 could overflow).
const cleanMax = 9007.199254740992

// clean rounds to 12 decimals so that rounding noise (and -0) does not
// show in reports. Magnitudes from cleanMax on, which have no digits at
// 1e-12, are returned as they are (so a finite x always gives a finite
// result), as are NaN and Inf.
func clean(x float64) float64 {
	if !(math.Abs(x) < cleanMax) {
		return x
	}
	r := math.Round(x*1e12) / 1e12
	if r == 0 {
		return 0
	}
	return r
}

func clean3(v mgl64.Vec3) [3]float64 { return [3]float64{clean(v[0]), clean(v[1]), clean(v[2])} }

// reporter computes the report of one scene mode by mode, node by node.
// The accumulated rotations do not depend on the mode and are computed
// once, parents first, so a report is O(n) (modes.WorldRotations).
type reporter struct {
	sc    *scene.Scene
	rw    []mgl64.Mat3
	world []mgl64.Mat4
	ws    modes.Workspace
}

func newReporter(sc *scene.Scene) *reporter {
	r := &reporter{sc: sc, rw: make([]mgl64.Mat3, len(sc.Nodes)), world: make([]mgl64.Mat4, len(sc.Nodes))}
	modes.WorldRotations(sc.Nodes, r.rw)
	return r
}

// ifOK returns a pointer to v when ok and nil otherwise: an undefined
// readout value is null in JSON and "-" in text.
func ifOK[T any](ok bool, v T) *T {
	if !ok {
		return nil
	}
	return &v
}

// mode computes the world matrices of m; node then reports on them.
func (r *reporter) mode(m modes.Mode) { m.World(r.sc.Nodes, &r.ws, r.world) }

// node returns the report of node i under the last mode computed.
func (r *reporter) node(i int) nodeReport {
	n := &r.sc.Nodes[i]
	rd := modes.AnalyzeWorld(r.world[i], r.rw[i])
	q := n.Local.Rotation
	nr := nodeReport{Name: n.Name, Local: localReport{
		Position: clean3(n.Local.Position),
		Rotation: [4]float64{clean(q.W), clean(q.V[0]), clean(q.V[1]), clean(q.V[2])},
		Scale:    clean3(n.Local.Scale),
	}}
	if n.Parent >= 0 {
		nr.Parent = &r.sc.Nodes[n.Parent].Name
	}
	var m [4][4]float64
	for row := 0; row < 4; row++ {
		for c := 0; c < 4; c++ {
			m[row][c] = clean(rd.World.At(row, c))
		}
	}
	w := &nr.World
	w.Matrix = ifOK(rd.WorldOK, m)
	w.Position = ifOK(rd.PositionOK, clean3(rd.Position))
	w.SkewDegrees = ifOK(rd.SkewOK, clean(rd.SkewDeg))
	w.Volume = ifOK(rd.VolumeOK, clean(rd.Volume))
	w.LossyScale = ifOK(rd.LossyOK, clean3(rd.LossyScale))
	w.PolarStretch = ifOK(rd.StretchOK, clean3(rd.Stretch))
	w.TRSRepresentable = ifOK(rd.RepresentableOK, rd.Representable)
	w.Undefined = rd.Undefined
	var flags []string
	if rd.Skewed() {
		flags = append(flags, "SKEW")
	}
	if rd.Flat() {
		flags = append(flags, "FLAT")
	} else if rd.VolumeOK && rd.Volume < 0 {
		flags = append(flags, "MIRROR")
	}
	if rd.LossyFlipped() {
		flags = append(flags, "LOSSY<=0")
	}
	if rd.Undefined != "" {
		flags = append(flags, "(undefined: "+rd.Undefined+")")
	}
	nr.flags = strings.Join(flags, " ")
	return nr
}

// writeJSON writes the reports of list as MarshalIndent would write one
// modeReport (one mode) or an array of them, node by node. Any encoding
// or write error is returned (what was written before it stays written).
func (r *reporter) writeJSON(w *bufio.Writer, list []modes.Mode, src reportSource, edits reportEdits) error {
	base := "" // indentation of each mode's object
	if len(list) > 1 {
		base = "  "
		w.WriteString("[\n")
	}
	for k, m := range list {
		head, err := json.MarshalIndent(modeHead{Preset: src.Preset, Scene: src.Scene, Mode: m.Name, Nodes: json.RawMessage("0"), Edits: edits}, base, "  ")
		if err != nil {
			return err
		}
		// The first "nodes": 0 is the key: inside a string the quotes would
		// be escaped.
		const key = `"nodes": 0`
		cut := bytes.Index(head, []byte(key))
		if cut < 0 {
			return fmt.Errorf("internal: no nodes key in %s", head)
		}
		w.WriteString(base)
		w.Write(head[:cut+len(key)-1])
		if err := r.writeNodesJSON(w, m, base+"  "); err != nil {
			return err
		}
		w.Write(head[cut+len(key):])
		if k < len(list)-1 {
			w.WriteString(",")
		}
		w.WriteString("\n")
	}
	if len(list) > 1 {
		w.WriteString("]\n")
	}
	return nil
}

// writeNodesJSON writes mode m's nodes as an indented JSON array whose
// closing bracket is at indent.
func (r *reporter) writeNodesJSON(w *bufio.Writer, m modes.Mode, indent string) error {
	if len(r.sc.Nodes) == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	r.mode(m)
	elem := indent + "  "
	w.WriteString("[\n")
	var b []byte
	for i := range r.sc.Nodes {
		n := r.node(i)
		if err := checkFinite(&n); err != nil {
			return err
		}
		b = appendNode(b[:0], &n, elem)
		w.WriteString(elem)
		w.Write(b)
		if i < len(r.sc.Nodes)-1 {
			w.WriteString(",")
		}
		if _, err := w.WriteString("\n"); err != nil {
			return err
		}
	}
	_, err := w.WriteString(indent + "]")
	return err
}

// checkFinite returns an error naming the node when a number in n is not
// finite: JSON has no such numbers. The readouts make undefined values
// null, so this is a guard, not a path.
func checkFinite(n *nodeReport) error {
	v := append(append(append([]float64{}, n.Local.Position[:]...), n.Local.Rotation[:]...), n.Local.Scale[:]...)
	w := &n.World
	if w.Matrix != nil {
		for r := range w.Matrix {
			v = append(v, w.Matrix[r][:]...)
		}
	}
	for _, p := range []*[3]float64{w.Position, w.LossyScale, w.PolarStretch} {
		if p != nil {
			v = append(v, p[:]...)
		}
	}
	for _, p := range []*float64{w.SkewDegrees, w.Volume} {
		if p != nil {
			v = append(v, *p)
		}
	}
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("node %q: %g cannot be written as JSON", n.Name, x)
		}
	}
	return nil
}

// bigNum is the magnitude from which text reports print numbers in
// exponent form (%.4g), so a line stays short: %7.3f of 1e300 is 300
// digits.
const bigNum = 1e6

// num formats x with format below bigNum and as %.4g (four significant
// digits, exponent form) from it on.
func num(format string, x float64) string {
	if math.Abs(x) < bigNum {
		return fmt.Sprintf(format, x)
	}
	return fmt.Sprintf("%.4g", x)
}

func fmt3(v *[3]float64) string {
	if v == nil {
		return "-"
	}
	return "(" + num("%7.3f", v[0]) + ", " + num("%7.3f", v[1]) + ", " + num("%7.3f", v[2]) + ")"
}

// maxListed is how many unfolded children the text report names.
const maxListed = 10

func writeFoldText(w io.Writer, res float64, unfolded []string) {
	if len(unfolded) == 0 {
		fmt.Fprintf(w, "fold: largest residual %s (0 = exact)\n", num("%.6f", res))
		return
	}
	names := strings.Join(unfolded[:min(len(unfolded), maxListed)], ", ")
	if len(unfolded) > maxListed {
		names += fmt.Sprintf(", and %d more", len(unfolded)-maxListed)
	}
	what := "children"
	if len(unfolded) == 1 {
		what = "child"
	}
	fmt.Fprintf(w, "fold: NOT exact: %d %s left unfolded (a folded value would exceed 1e6): %s; largest residual of the folded %s\n",
		len(unfolded), what, names, num("%.6f", res))
}

func (r *reporter) writeText(w *bufio.Writer, list []modes.Mode, src reportSource, edits reportEdits) error {
	if src.Scene != "" {
		fmt.Fprintf(w, "scene %s\n", src.Scene)
	} else {
		fmt.Fprintf(w, "preset %s\n", src.Preset)
	}
	for _, rp := range edits.Reparent {
		p := "- (root)"
		if rp.NewParent != nil {
			p = *rp.NewParent
		}
		fmt.Fprintf(w, "reparent %s under %s: residual %s (0 = the world matrix is kept exactly)\n", rp.Node, p, num("%.6f", rp.Residual))
	}
	if edits.FoldResidual != nil {
		writeFoldText(w, *edits.FoldResidual, edits.FoldUnfolded)
	}
	for _, m := range list {
		fmt.Fprintf(w, "\nmode %s\n", m.Name)
		r.mode(m)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "node\tparent\tworld position\tskew deg\tvolume\tlossy scale\tpolar stretch\tTRS\tflags")
		for i := range r.sc.Nodes {
			n := r.node(i)
			parent := "-"
			if n.Parent != nil {
				parent = *n.Parent
			}
			skew := "-"
			if n.World.SkewDegrees != nil {
				skew = fmt.Sprintf("%.4f", *n.World.SkewDegrees)
			}
			vol := "-"
			if n.World.Volume != nil {
				vol = num("%.4f", *n.World.Volume)
			}
			trs := "-"
			if n.World.TRSRepresentable != nil {
				trs = "no"
				if *n.World.TRSRepresentable {
					trs = "yes"
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", n.Name, parent, fmt3(n.World.Position), skew,
				vol, fmt3(n.World.LossyScale), fmt3(n.World.PolarStretch), trs, n.flags)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
