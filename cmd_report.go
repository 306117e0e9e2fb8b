package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/state"
)

func init() {
	register("report", "print world transforms and their analysis per mode (for slides and checks)", runReport)
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
	Reparent     []reparentResult `json:"reparent,omitempty"`
	FoldResidual *float64         `json:"foldResidual,omitempty"`
}

type reparentResult struct {
	Node      string  `json:"node"`
	NewParent *string `json:"newParent"`
	Residual  float64 `json:"residual"`
}

func runReport(args []string, stdout, stderr io.Writer) int {
	st := state.Default()
	fs := newFlagSet("report", "skewlab report [-preset NAME | -scene FILE] [-mode NAME|all] [-set NODE.FIELD=a,b,c]... [-reparent NODE=NEWPARENT]... [-fold] [-format text|json]")
	state.RegisterFlags(fs, &st, true, []state.Param{state.ScenePreset}, state.Pick("set"))
	modeName := fs.String("mode", "all", "accumulation mode, or all: "+strings.Join(modes.Names(), ", "))
	var reparents reparentList
	fs.Var(&reparents, "reparent", "NODE=NEWPARENT: re-parent keeping the world matrix (under accumulate-matrices); repeatable")
	fold := fs.Bool("fold", false, "re-author for uniform-inner-scale by folding each scale residual into the children")
	format := fs.String("format", "text", "output format: text or json")
	if code := parseFlags(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	fail := func(err error) int { return usageError(stderr, "report", err) }
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
		res := modes.FoldResiduals(sc)
		edits.FoldResidual = &res
	}
	preset := st.Preset
	if st.ScenePath != "" {
		preset = ""
	}
	reports := make([]modeReport, len(list))
	for k, m := range list {
		reports[k] = buildReport(sc, m, preset, st.ScenePath)
		reports[k].Edits = edits
	}
	if *format == "json" {
		var v any = reports[0]
		if len(reports) > 1 {
			v = reports
		}
		b, _ := json.MarshalIndent(v, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	writeReportText(stdout, reports, edits)
	return 0
}

// modeReport is the JSON shape of one mode's report (see README).
type modeReport struct {
	Preset string       `json:"preset,omitempty"`
	Scene  string       `json:"scene,omitempty"`
	Mode   string       `json:"mode"`
	Nodes  []nodeReport `json:"nodes"`
	Edits  reportEdits  `json:"edits,omitzero"`
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

type worldReport struct {
	Matrix           [4][4]float64 `json:"matrix"`
	Position         [3]float64    `json:"position"`
	SkewDegrees      *float64      `json:"skewDegrees"`
	Volume           float64       `json:"volume"`
	LossyScale       [3]float64    `json:"lossyScale"`
	PolarStretch     [3]float64    `json:"polarStretch"`
	TRSRepresentable bool          `json:"trsRepresentable"`
}

// clean rounds to 12 decimals so that rounding noise (and -0) does not
// show in reports.
func clean(x float64) float64 {
	r := math.Round(x*1e12) / 1e12
	if r == 0 {
		return 0
	}
	return r
}

func clean3(v mgl64.Vec3) [3]float64 { return [3]float64{clean(v[0]), clean(v[1]), clean(v[2])} }

func buildReport(sc *scene.Scene, m modes.Mode, preset, file string) modeReport {
	world := make([]mgl64.Mat4, len(sc.Nodes))
	var ws modes.Workspace
	m.World(sc.Nodes, &ws, world)
	rep := modeReport{Preset: preset, Scene: file, Mode: m.Name, Nodes: make([]nodeReport, len(sc.Nodes))}
	for i, n := range sc.Nodes {
		r := modes.Analyze(sc.Nodes, world, i)
		q := n.Local.Rotation
		nr := nodeReport{Name: n.Name, Local: localReport{
			Position: clean3(n.Local.Position),
			Rotation: [4]float64{clean(q.W), clean(q.V[0]), clean(q.V[1]), clean(q.V[2])},
			Scale:    clean3(n.Local.Scale),
		}}
		if n.Parent >= 0 {
			p := sc.Nodes[n.Parent].Name
			nr.Parent = &p
		}
		for row := 0; row < 4; row++ {
			for c := 0; c < 4; c++ {
				nr.World.Matrix[row][c] = clean(r.World.At(row, c))
			}
		}
		nr.World.Position = clean3(r.Position)
		if r.SkewOK {
			s := clean(r.SkewDeg)
			nr.World.SkewDegrees = &s
		}
		nr.World.Volume = clean(r.Volume)
		nr.World.LossyScale = clean3(r.LossyScale)
		nr.World.PolarStretch = clean3(r.Stretch)
		nr.World.TRSRepresentable = r.Representable
		var flags []string
		if r.Skewed() {
			flags = append(flags, "SKEW")
		}
		if r.Flat() {
			flags = append(flags, "FLAT")
		} else if r.Volume < 0 {
			flags = append(flags, "MIRROR")
		}
		if r.LossyFlipped() {
			flags = append(flags, "LOSSY<=0")
		}
		nr.flags = strings.Join(flags, " ")
		rep.Nodes[i] = nr
	}
	return rep
}

func fmt3(v [3]float64) string { return fmt.Sprintf("(%7.3f, %7.3f, %7.3f)", v[0], v[1], v[2]) }

func writeReportText(w io.Writer, reports []modeReport, edits reportEdits) {
	src := "preset " + reports[0].Preset
	if reports[0].Scene != "" {
		src = "scene " + reports[0].Scene
	}
	fmt.Fprintf(w, "%s\n", src)
	for _, r := range edits.Reparent {
		p := "- (root)"
		if r.NewParent != nil {
			p = *r.NewParent
		}
		fmt.Fprintf(w, "reparent %s under %s: residual %.6f (0 = the world matrix is kept exactly)\n", r.Node, p, r.Residual)
	}
	if edits.FoldResidual != nil {
		fmt.Fprintf(w, "fold: largest residual %.6f (0 = exact)\n", *edits.FoldResidual)
	}
	for _, rep := range reports {
		fmt.Fprintf(w, "\nmode %s\n", rep.Mode)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "node\tparent\tworld position\tskew deg\tvolume\tlossy scale\tpolar stretch\tTRS\tflags")
		for _, n := range rep.Nodes {
			parent := "-"
			if n.Parent != nil {
				parent = *n.Parent
			}
			skew := "-"
			if n.World.SkewDegrees != nil {
				skew = fmt.Sprintf("%.4f", *n.World.SkewDegrees)
			}
			trs := "no"
			if n.World.TRSRepresentable {
				trs = "yes"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%.4f\t%s\t%s\t%s\t%s\n", n.Name, parent, fmt3(n.World.Position), skew,
				n.World.Volume, fmt3(n.World.LossyScale), fmt3(n.World.PolarStretch), trs, n.flags)
		}
		tw.Flush()
	}
}
