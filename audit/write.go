package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/report"
)

// File is the audit of a file: each of its scenes checked with the same
// rules and tolerance, in the file's order.
type File struct {
	// Name is the file as the user gave it.
	Name string
	// GLTF reports a glTF file, which skewlab bake reads (BakeCommand);
	// false for a skewlab scene file.
	GLTF bool
	// Notes say what the file holds that the scenes leave out or changed
	// (gltfio.File.Notes: ignored animations, renamed nodes, fitted
	// matrices), one sentence each.
	Notes []string
	// Scenes are the scenes audited.
	Scenes []Scene
}

// Scene is the audit of one scene of a file.
type Scene struct {
	// Label is the glTF scene's label (gltfio.Scene.Label); "" for a
	// skewlab scene file, which has one scene.
	Label string
	// Index maps the report's node indices (Node.Index) to the file's:
	// Index[i] is the glTF node index of the scene's node i
	// (gltfio.Scene.Index). Nil for a skewlab scene file, whose nodes
	// are in the file's order.
	Index []int
	// Instance[i] is the EXT_mesh_gpu_instancing instance number of the
	// scene's node i, -1 for a node of the file itself
	// (gltfio.Built.Instance); nil when the file has no instances.
	Instance []int
	Report
}

// FileIndex returns the index in the file of node n: Index[n.Index], or
// n.Index without an Index.
func (s *Scene) FileIndex(n *Node) int {
	if n.Index >= 0 && n.Index < len(s.Index) {
		return s.Index[n.Index]
	}
	return n.Index
}

// Agrees reports whether every rule agrees within the tolerance at every
// node of every scene.
func (f *File) Agrees() bool {
	for i := range f.Scenes {
		if !f.Scenes[i].Agrees() {
			return false
		}
	}
	return true
}

// Formats are the output formats of WriteFormat, the default first.
var Formats = []string{"text", "json"}

// CheckFormat returns an error naming the valid formats unless name is
// one of Formats.
func CheckFormat(name string) error {
	for _, f := range Formats {
		if f == name {
			return nil
		}
	}
	return fmt.Errorf("unknown format %q (valid: %s)", name, strings.Join(Formats, ", "))
}

// WriteFormat writes f in the named format (Formats): WriteText or
// WriteJSON. An unknown format is CheckFormat's error.
func WriteFormat(w io.Writer, format string, f *File) error {
	if err := CheckFormat(format); err != nil {
		return err
	}
	if format == "json" {
		return WriteJSON(w, f)
	}
	return WriteText(w, f)
}

// rules returns the names of the rules f's scenes were checked with
// and their tolerance (those of the first scene; nil and 0 without one).
func (f *File) rules() (names []string, tol float64) {
	if len(f.Scenes) == 0 {
		return nil, 0
	}
	r := &f.Scenes[0].Report
	for _, m := range r.Rules {
		names = append(names, m.Name)
	}
	return names, r.Tolerance
}

// pairNames returns the names of the rules of d's pair, or nil when it
// has none or its distance rounds to 0 (report.Clean: below 5e-13
// units, rounding noise).
func (r *Report) pairNames(d Disagreement) []string {
	if !d.OK || report.Clean(d.Distance) == 0 || d.Pair[0] < 0 || d.Pair[1] < 0 || d.Pair[0] >= len(r.Rules) || d.Pair[1] >= len(r.Rules) {
		return nil
	}
	return []string{r.Rules[d.Pair[0]].Name, r.Rules[d.Pair[1]].Name}
}

// sizeText says where the size came from, for the text header (over
// every sample, in an audit over time).
func (r *Report) sizeText() string {
	over := ""
	if r.Animated() {
		over = ", over every sample"
	}
	switch {
	case !r.SizeOK:
		return "size undefined (overflow): no node can agree"
	case r.SizeFrom == SizeFromUnit:
		return "size 1 unit (the bounding box of the model has zero size" + over + ")"
	case r.SizeFrom == SizeFromPositions:
		return "size " + g4(r.Size) + " units (no node draws a mesh: the bounding box of the node positions under accumulate-matrices" + over + ")"
	}
	return "size " + g4(r.Size) + " units (the bounding box of the mesh vertices under accumulate-matrices" + over + ")"
}

// g4 formats x with 4 significant digits, after report.Clean.
func g4(x float64) string { return strconv.FormatFloat(report.Clean(x), 'g', 4, 64) }

// WriteText writes f as text: the file, its notes and the rules; then per
// scene a header (label, node count, size, tolerance in units), a table
// with one line per node, worst first (name, skew in degrees, whether a
// TRS holds the world, the mesh and position disagreements in units and
// in % of the size, the two rules farthest apart, agrees), and a line
// saying how many nodes disagree. An undefined value is "-"; a node
// without a mesh shows "no mesh". With several scenes a last line counts
// the scenes that disagree.
func WriteText(w io.Writer, f *File) error {
	names, tol := f.rules()
	var b strings.Builder
	fmt.Fprintf(&b, "file %s\n", f.Name)
	for _, n := range f.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	fmt.Fprintf(&b, "rules (%d): %s\n", len(names), strings.Join(names, ", "))
	var engines []string
	for _, n := range names {
		if e := modes.EngineShortNames(n); len(e) > 0 {
			engines = append(engines, n+" = "+strings.Join(e, ", "))
		}
	}
	if len(engines) > 0 {
		fmt.Fprintf(&b, "engines: %s\n", strings.Join(engines, "; "))
	}
	fmt.Fprintf(&b, "tolerance: %s of the size\n", strconv.FormatFloat(tol, 'g', -1, 64))
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	bad := 0
	for i := range f.Scenes {
		s := &f.Scenes[i]
		if err := writeSceneText(w, s); err != nil {
			return err
		}
		if !s.Agrees() {
			bad++
		}
	}
	if len(f.Scenes) > 1 {
		line := fmt.Sprintf("\nthe rules disagree in %d of %d scenes\n", bad, len(f.Scenes))
		if bad == 0 {
			line = fmt.Sprintf("\nevery rule agrees within the tolerance in all %d scenes\n", len(f.Scenes))
		}
		if _, err := io.WriteString(w, line); err != nil {
			return err
		}
	}
	if a := f.Advice(); a != "" {
		if _, err := io.WriteString(w, "\n"+a+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// writeSceneText writes one scene's header, table and summary line.
func writeSceneText(w io.Writer, s *Scene) error {
	r := &s.Report
	label := "scene"
	if s.Label != "" {
		label = "scene " + strconv.Quote(s.Label)
	}
	limit := "-"
	if r.SizeOK {
		limit = g4(r.Limit())
	}
	if _, err := fmt.Fprintf(w, "\n%s: %s, %s, tolerance %s units\n", label, count(len(r.Nodes), "node"), r.sizeText(), limit); err != nil {
		return err
	}
	if err := writeClipsText(w, r); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "node\tskew deg\tTRS\tmesh units\tmesh % size\tposition units\tposition % size\tfarthest apart\tagrees"
	if r.Animated() {
		head += "\tworst at"
	}
	fmt.Fprintln(tw, head)
	for i := range r.Nodes {
		n := &r.Nodes[i]
		skew, trs := "-", "-"
		if n.SkewOK {
			skew = strconv.FormatFloat(report.Clean(n.SkewDeg), 'f', 4, 64)
		}
		if n.RepresentableOK {
			trs = yesNo(n.Representable)
		}
		mesh, meshPct := r.distanceText(n.Mesh)
		if n.Vertices == 0 {
			mesh, meshPct = "no mesh", "no mesh"
		}
		pos, posPct := r.distanceText(n.Position)
		pair := "-"
		if d := n.Worst(); d.OK {
			pair = "(all equal)"
			if p := r.pairNames(d); p != nil {
				pair = p[0] + " vs " + p[1]
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s", n.Name, skew, trs, mesh, meshPct, pos, posPct, pair, yesNo(n.Agrees))
		if r.Animated() {
			fmt.Fprintf(tw, "\t%s", r.momentText(n.At))
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	line := fmt.Sprintf("every rule agrees within the tolerance at all %d nodes\n", len(r.Nodes))
	if len(r.Nodes) == 1 {
		line = "every rule agrees within the tolerance at the scene's one node\n"
	}
	if !r.Agrees() {
		line = fmt.Sprintf("the rules disagree beyond the tolerance at %d of %s\n", r.Disagreeing, count(len(r.Nodes), "node"))
	}
	if r.Animated() && len(r.Nodes) > 0 {
		line += r.worstText() + "\n"
	}
	if _, err := io.WriteString(w, line); err != nil {
		return err
	}
	return writeWhy(w, r)
}

// writeClipsText writes, for an audit over time, one line per animation
// sampled: its index, name, keys' span and samples.
func writeClipsText(w io.Writer, r *Report) error {
	var b strings.Builder
	for _, c := range r.Clips {
		fmt.Fprintf(&b, "animation %s: %s to %s s, %s (every key time and %s per second)\n", clipName(c), secs(c.Start), secs(c.End),
			count(c.Samples, "sample"), strconv.FormatFloat(r.FPS, 'g', -1, 64))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// clipName is `0 "walk"`, or `0` for an animation without a name.
func clipName(c Clip) string {
	if c.Name == "" {
		return strconv.Itoa(c.Index)
	}
	return strconv.Itoa(c.Index) + " " + strconv.Quote(c.Name)
}

// secs formats a time in seconds with 6 significant digits, after
// report.Clean.
func secs(t float64) string { return strconv.FormatFloat(report.Clean(t), 'g', 6, 64) }

// momentText says when m is: "t = 1.3 s", with the animation when
// several were sampled ("t = 1.3 s of 1 \"walk\"").
func (r *Report) momentText(m Moment) string {
	s := "t = " + secs(m.Time) + " s"
	if len(r.Clips) > 1 {
		if c, ok := r.ClipOf(m.Animation); ok {
			s += " of " + clipName(c)
		}
	}
	return s
}

// worstText is the line of an audit over time that names the worst
// node, when its disagreement is worst and how far apart.
func (r *Report) worstText() string {
	n := &r.Nodes[0]
	d := n.Worst()
	s := "worst: " + n.Name + " at t = " + secs(n.At.Time) + " s"
	if c, ok := r.ClipOf(n.At.Animation); ok {
		s += " of animation " + clipName(c)
	}
	switch f, ok := r.Fraction(d); {
	case !d.OK:
		s += ", undefined (" + n.Undefined + ")"
	case ok:
		s += ", " + pct(f) + " of the size apart"
	default:
		s += ", " + g4(d.Distance) + " units apart"
	}
	if p := r.pairNames(d); p != nil {
		s += " (" + p[0] + " vs " + p[1] + ")"
	}
	return s
}

// writeWhy writes, for each node that disagrees, worst first, a line
// with how far apart and between which rules and engines, then its
// causes one per line ("- ..."); nothing when every node agrees.
func writeWhy(w io.Writer, r *Report) error {
	if r.Agrees() {
		return nil
	}
	var b strings.Builder
	b.WriteString("\nwhy:\n")
	for i := range r.Nodes {
		n := &r.Nodes[i]
		if n.Agrees {
			continue
		}
		d := n.Worst()
		b.WriteString(n.Name + ": ")
		if p := r.PairText(d); p != "" {
			b.WriteString(p + ", ")
		}
		switch f, ok := r.Fraction(d); {
		case !d.OK:
			b.WriteString("undefined (" + n.Undefined + ")")
		case ok:
			b.WriteString(pct(f) + " of the size apart")
		default:
			b.WriteString(g4(d.Distance) + " units apart")
		}
		if n.JointName != "" {
			b.WriteString(", skinned: most by joint " + n.JointName)
		}
		if r.Animated() {
			b.WriteString(", at " + r.momentText(n.At))
		}
		b.WriteString(", because of:\n")
		texts := r.causeTexts(n)
		if len(texts) == 0 {
			texts = []string{"no cause found in the hierarchy"}
		}
		for _, t := range texts {
			b.WriteString("  - " + t + "\n")
		}
		if b.Len() >= 32<<10 {
			if _, err := io.WriteString(w, b.String()); err != nil {
				return err
			}
			b.Reset()
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// distanceText formats d in units and in % of the size; "-" when
// undefined.
func (r *Report) distanceText(d Disagreement) (units, pct string) {
	if !d.OK {
		return "-", "-"
	}
	units = g4(d.Distance)
	pct = "-"
	if f, ok := r.Fraction(d); ok {
		pct = g4(100*f) + "%"
	}
	return units, pct
}

// count returns "1 node" or "N nodes".
func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// The JSON document; see WriteJSON.
type (
	jsonFile struct {
		File        string      `json:"file"`
		Notes       []string    `json:"notes"`
		Tolerance   float64     `json:"tolerance"`
		Rules       []string    `json:"rules"`
		Engines     [][]string  `json:"engines"`
		Scenes      []jsonScene `json:"scenes"`
		Agrees      bool        `json:"agrees"`
		BakeCommand string      `json:"bakeCommand,omitempty"`
		Advice      string      `json:"advice,omitempty"`
	}
	jsonScene struct {
		Scene       string     `json:"scene,omitempty"`
		Size        *float64   `json:"size"`
		SizeFrom    string     `json:"sizeFrom"`
		Limit       *float64   `json:"limit"`
		Animations  []jsonClip `json:"animations,omitempty"`
		FPS         *float64   `json:"fps,omitempty"`
		Samples     int        `json:"samples,omitempty"`
		Worst       *jsonWorst `json:"worst,omitempty"`
		Disagreeing int        `json:"disagreeing"`
		Agrees      bool       `json:"agrees"`
		Nodes       []jsonNode `json:"nodes"`
	}
	jsonClip struct {
		Index   int     `json:"index"`
		Name    string  `json:"name"`
		Start   float64 `json:"start"`
		End     float64 `json:"end"`
		Samples int     `json:"samples"`
	}
	jsonWorst struct {
		Node                 string   `json:"node"`
		Index                int      `json:"index"`
		Time                 float64  `json:"time"`
		Animation            int      `json:"animation"`
		AnimationName        string   `json:"animationName"`
		Disagreement         *float64 `json:"disagreement"`
		DisagreementFraction *float64 `json:"disagreementFraction"`
		Rules                []string `json:"rules"`
	}
	jsonNode struct {
		Name                         string      `json:"name"`
		Index                        int         `json:"index"`
		Instance                     *int        `json:"instance,omitempty"`
		Joint                        string      `json:"joint,omitempty"`
		SkewDeg                      *float64    `json:"skewDeg"`
		Representable                *bool       `json:"representable"`
		Vertices                     int         `json:"vertices"`
		MeshDisagreement             *float64    `json:"meshDisagreement"`
		MeshDisagreementFraction     *float64    `json:"meshDisagreementFraction"`
		MeshRules                    []string    `json:"meshRules"`
		PositionDisagreement         *float64    `json:"positionDisagreement"`
		PositionDisagreementFraction *float64    `json:"positionDisagreementFraction"`
		PositionRules                []string    `json:"positionRules"`
		MeshEngines                  [][]string  `json:"meshEngines"`
		PositionEngines              [][]string  `json:"positionEngines"`
		Agrees                       bool        `json:"agrees"`
		Undefined                    string      `json:"undefined,omitempty"`
		Time                         *float64    `json:"time,omitempty"`
		Animation                    *int        `json:"animation,omitempty"`
		Causes                       []jsonCause `json:"causes"`
	}
	jsonCause struct {
		Kind       string      `json:"kind"`
		Text       string      `json:"text"`
		Node       string      `json:"node"`
		Parent     bool        `json:"parent,omitempty"`
		Scale      *[3]float64 `json:"scale,omitempty"`
		Turned     string      `json:"turned,omitempty"`
		TurnDeg    *float64    `json:"turnDeg,omitempty"`
		Axis       *[3]float64 `json:"axis,omitempty"`
		Shears     bool        `json:"shears,omitempty"`
		Mirror     bool        `json:"mirror,omitempty"`
		Origin     string      `json:"origin,omitempty"`
		OriginNode string      `json:"originNode,omitempty"`
		Rule       string      `json:"rule,omitempty"`
		Rules      []string    `json:"rules"`
	}
)

// WriteJSON writes f as one indented JSON object with camelCase keys:
//
//	{"file", "notes", "tolerance", "rules", "scenes": [{"scene" (left out
//	for a skewlab scene file), "size", "sizeFrom" ("mesh", "positions" or
//	"unit"), "limit" (tolerance times size, in units), "disagreeing",
//	"agrees", "nodes": [{"name", "index" (the glTF node index, or the
//	node's place in a skewlab scene file), "instance" (for an instance of
//	EXT_mesh_gpu_instancing, its number from 0, index being its node's;
//	left out otherwise), "joint" (for a skinned node whose vertices
//	disagree, the joint weighing most on the worst vertex; left out
//	otherwise), "skewDeg", "representable",
//	"vertices", "meshDisagreement" (units), "meshDisagreementFraction"
//	(of the size), "meshRules" (the two rules farthest apart; [] when all
//	agree exactly), "positionDisagreement", "positionDisagreementFraction",
//	"positionRules", "agrees", "undefined" (the reasons some value is
//	null; left out when none is)}]}], "agrees"}
//
// An audit over time (Report.Animated) adds to its scene "animations"
// ([{"index", "name", "start", "end" (seconds), "samples"}], the
// animations sampled), "fps", "samples" (in all) and "worst" ({"node",
// "index", "time", "animation" (index), "animationName",
// "disagreement", "disagreementFraction", "rules"}: the first node, at
// its worst sample), and to each node "time" and "animation", its worst
// sample; a static audit has none of these keys. "advice" and
// "bakeCommand" follow File.Advice: for an audit over time that
// disagrees, the animated bake's (File.AnimBakeCommand).
//
// Nodes are worst first. An undefined value is null, never NaN; numbers
// are rounded to 12 decimals (report.Clean).
func WriteJSON(w io.Writer, f *File) error {
	names, tol := f.rules()
	doc := jsonFile{File: f.Name, Notes: f.Notes, Tolerance: tol, Rules: names, Engines: [][]string{}, Agrees: f.Agrees(), Scenes: []jsonScene{},
		Advice: f.Advice()}
	if doc.Advice != "" {
		doc.BakeCommand = f.BakeCommand()
		if f.disagreesAnimated() {
			doc.BakeCommand = f.AnimBakeCommand()
		}
	}
	for _, n := range names {
		doc.Engines = append(doc.Engines, engineList(n))
	}
	if doc.Notes == nil {
		doc.Notes = []string{}
	}
	if doc.Rules == nil {
		doc.Rules = []string{}
	}
	for i := range f.Scenes {
		doc.Scenes = append(doc.Scenes, sceneJSON(&f.Scenes[i]))
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// sceneJSON converts one scene's audit for WriteJSON.
func sceneJSON(s *Scene) jsonScene {
	r := &s.Report
	js := jsonScene{Scene: s.Label, SizeFrom: r.SizeFrom, Disagreeing: r.Disagreeing, Agrees: r.Agrees(), Nodes: make([]jsonNode, len(r.Nodes))}
	if r.SizeOK {
		js.Size, js.Limit = num(r.Size), num(r.Limit())
	}
	for i := range r.Nodes {
		n := &r.Nodes[i]
		jn := jsonNode{Name: n.Name, Index: s.FileIndex(n), Vertices: n.Vertices, Agrees: n.Agrees, Undefined: n.Undefined,
			MeshRules: r.pairNames(n.Mesh), PositionRules: r.pairNames(n.Position)}
		if n.Index >= 0 && n.Index < len(s.Instance) && s.Instance[n.Index] >= 0 {
			k := s.Instance[n.Index]
			jn.Instance = &k
		}
		jn.Joint = n.JointName
		if n.SkewOK {
			jn.SkewDeg = num(n.SkewDeg)
		}
		if n.RepresentableOK {
			b := n.Representable
			jn.Representable = &b
		}
		if n.Mesh.OK {
			jn.MeshDisagreement = num(n.Mesh.Distance)
			if f, ok := r.Fraction(n.Mesh); ok {
				jn.MeshDisagreementFraction = num(f)
			}
		}
		if n.Position.OK {
			jn.PositionDisagreement = num(n.Position.Distance)
			if f, ok := r.Fraction(n.Position); ok {
				jn.PositionDisagreementFraction = num(f)
			}
		}
		if jn.MeshRules == nil {
			jn.MeshRules = []string{}
		}
		if jn.PositionRules == nil {
			jn.PositionRules = []string{}
		}
		jn.MeshEngines, jn.PositionEngines = [][]string{}, [][]string{}
		for _, m := range jn.MeshRules {
			jn.MeshEngines = append(jn.MeshEngines, engineList(m))
		}
		for _, m := range jn.PositionRules {
			jn.PositionEngines = append(jn.PositionEngines, engineList(m))
		}
		if r.Animated() {
			jn.Time, jn.Animation = num(n.At.Time), &n.At.Animation
		}
		jn.Causes = causesJSON(r, n)
		js.Nodes[i] = jn
	}
	if r.Animated() {
		js.FPS, js.Samples = num(r.FPS), r.Samples()
		for _, c := range r.Clips {
			js.Animations = append(js.Animations, jsonClip{Index: c.Index, Name: c.Name, Start: report.Clean(c.Start), End: report.Clean(c.End), Samples: c.Samples})
		}
		if len(r.Nodes) > 0 {
			n := &r.Nodes[0]
			d := n.Worst()
			jw := &jsonWorst{Node: n.Name, Index: s.FileIndex(n), Time: report.Clean(n.At.Time), Animation: n.At.Animation, Rules: r.pairNames(d)}
			if c, ok := r.ClipOf(n.At.Animation); ok {
				jw.AnimationName = c.Name
			}
			if d.OK {
				jw.Disagreement = num(d.Distance)
				if f, ok := r.Fraction(d); ok {
					jw.DisagreementFraction = num(f)
				}
			}
			if jw.Rules == nil {
				jw.Rules = []string{}
			}
			js.Worst = jw
		}
	}
	return js
}

// engineList returns the short names of the engines that use rule
// (modes.EngineShortNames), [] for none.
func engineList(rule string) []string {
	if e := modes.EngineShortNames(rule); e != nil {
		return e
	}
	return []string{}
}

// causesJSON converts node n's causes for WriteJSON ([] for none).
func causesJSON(r *Report, n *Node) []jsonCause {
	out := []jsonCause{}
	for i := range n.Causes {
		c := &n.Causes[i]
		jc := jsonCause{Kind: c.Kind, Text: r.CauseText(n, c), Node: c.AtName, Parent: c.Parent, Shears: c.Shears, Mirror: c.Mirror,
			Origin: c.Origin, OriginNode: c.OriginName, Rule: c.Rule, Turned: c.TurnedName, Rules: []string{}}
		if c.Kind != CauseOwnShear && c.Kind != CauseRule && (c.Kind != CauseShearedParent || c.Origin == CauseScaleAboveTurn) {
			jc.Scale = vec3(c.Scale)
		}
		if c.Turned >= 0 {
			jc.TurnDeg, jc.Axis = num(c.TurnDeg), vec3(c.Axis)
		}
		for _, m := range r.Affected(c) {
			jc.Rules = append(jc.Rules, m.Name)
		}
		out = append(out, jc)
	}
	return out
}

// vec3 returns v rounded by report.Clean, or nil when a component is not
// finite.
func vec3(v mgl64.Vec3) *[3]float64 {
	var out [3]float64
	for k := range v {
		p := num(v[k])
		if p == nil {
			return nil
		}
		out[k] = *p
	}
	return &out
}

// num returns a pointer to report.Clean(x), or nil when x is not finite
// (which the checks above rule out; JSON has no NaN).
func num(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	c := report.Clean(x)
	return &c
}
