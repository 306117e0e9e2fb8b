//go:build !js

package main

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
)

// Time on every command (issue 29): report, compare, export and audit
// evaluate a file at an animation time. Two files: turn.gltf, made here
// by hand, and internal/gltfgen's stretchy arm.

// turnGLTF returns a glTF file written here by hand: Parent (a root) >
// Child > Tip at (0, 1, 0), no meshes, and one animation "stretch and
// turn" with LINEAR keys at 0 and 2 s: Parent's scale (1, 1, 1) to
// (3, 1, 1), so (1+t, 1, 1) at time t, and Child's rotation from the
// identity to 180 degrees about z ([x, y, z, w] = [0, 0, 1, 0]), so
// 90t degrees about z (slerp turns at a constant rate). Every number
// is exact in float32.
//
// Tip's origin, by hand, with s = 1+t, θ = 90t°, D = diag(s, 1, 1):
// accumulate-matrices places it at D Rz(θ) (0, 1, 0) = (-s sin θ, cos θ,
// 0); accumulate-trs at Rz(θ) ((s, 1, 1) ∘ (0, 1, 0)) = (-sin θ, cos θ,
// 0) (Child's world scale is Parent's, along Child's own axes). They are
// (s-1) |sin θ| = t |sin(πt/2)| apart (tipApart), largest where tan u =
// -u, u = πt/2 (worstTime: t* = 1.2916 s). Child's origin is Parent's
// under both.
func turnGLTF(t *testing.T) string {
	t.Helper()
	floats := []float32{0, 2, 1, 1, 1, 3, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0}
	buf := make([]byte, 4*len(floats))
	for i, f := range floats {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(f))
	}
	doc := fmt.Sprintf(`{"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
 "nodes": [{"name": "Parent", "children": [1]}, {"name": "Child", "children": [2]}, {"name": "Tip", "translation": [0, 1, 0]}],
 "buffers": [{"byteLength": %d, "uri": "data:application/octet-stream;base64,%s"}],
 "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 8}, {"buffer": 0, "byteOffset": 8, "byteLength": 24}, {"buffer": 0, "byteOffset": 32, "byteLength": 32}],
 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [2]},
   {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC3"}, {"bufferView": 2, "componentType": 5126, "count": 2, "type": "VEC4"}],
 "animations": [{"name": "stretch and turn", "channels": [{"sampler": 0, "target": {"node": 0, "path": "scale"}}, {"sampler": 1, "target": {"node": 1, "path": "rotation"}}],
   "samplers": [{"input": 0, "output": 1, "interpolation": "LINEAR"}, {"input": 0, "output": 2, "interpolation": "LINEAR"}]}]}`,
		len(buf), base64.StdEncoding.EncodeToString(buf))
	path := filepath.Join(t.TempDir(), "turn.gltf")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func tipApart(t float64) float64 { return t * math.Abs(math.Sin(math.Pi*t/2)) }

// worstTime is the root of sin u + u cos u = 0 in (π/2, π), by
// bisection, as 2u/π seconds.
func worstTime() float64 {
	lo, hi := math.Pi/2, math.Pi
	for range 200 {
		mid := (lo + hi) / 2
		if math.Sin(mid)+mid*math.Cos(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo * 2 / math.Pi
}

// armGLTF writes internal/gltfgen's stretchy arm (its documentation
// derives what is checked here) and returns its path.
func armGLTF(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range gltfgen.StretchyArm() {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "stretchy-arm.gltf")
}

// auditTimeJSON is the part of audit's JSON the tests read.
type auditTimeJSON struct {
	Agrees      bool    `json:"agrees"`
	BakeCommand *string `json:"bakeCommand"`
	Scenes      []struct {
		FPS     float64 `json:"fps"`
		Samples int     `json:"samples"`
		Worst   *struct {
			Node          string   `json:"node"`
			Time          float64  `json:"time"`
			Animation     int      `json:"animation"`
			AnimationName string   `json:"animationName"`
			Disagreement  float64  `json:"disagreement"`
			Rules         []string `json:"rules"`
		} `json:"worst"`
		Nodes []struct {
			Name                 string   `json:"name"`
			Joint                string   `json:"joint"`
			Time                 *float64 `json:"time"`
			Animation            *int     `json:"animation"`
			MeshDisagreement     *float64 `json:"meshDisagreement"`
			PositionDisagreement *float64 `json:"positionDisagreement"`
			Agrees               bool     `json:"agrees"`
		} `json:"nodes"`
	} `json:"scenes"`
}

func decodeAudit(t *testing.T, out string) auditTimeJSON {
	t.Helper()
	var doc auditTimeJSON
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Scenes) != 1 {
		t.Fatalf("audit JSON: %v (%d scenes)\n%s", err, len(doc.Scenes), out)
	}
	return doc
}

// audit -anim on turn.gltf: Tip is the worst node, at the sample of the
// 30-per-second grid nearest to where the hand derivation puts the
// maximum (within 1/30 s of t* = 1.2916 s: 39/30 = 1.3 s), as far apart
// as tipApart says there; with -fps 4 the grid's best is 1.25 s
// (tipApart 1.1548, against 1.0607 at 1.5 s and 1 at 1 s). The pose as
// stored agrees (exit 0).
func TestAuditOverTimeByHand(t *testing.T) {
	path := turnGLTF(t)
	rules := "accumulate-matrices,accumulate-trs"
	ts := worstTime()
	if math.Abs(ts-1.2916) > 1e-4 {
		t.Fatalf("hand derivation: t* = %v", ts)
	}
	for _, c := range []struct {
		fps  string
		want float64 // the grid's best time, by hand
	}{{"", 1.3}, {"4", 1.25}} {
		args := []string{"audit", "-anim", "0", "-rules", rules, "-format", "json", path}
		if c.fps != "" {
			args = append(args, "-fps", c.fps)
		}
		code, out, errs := runCmd(t, args...)
		if code != 1 || errs != "" {
			t.Fatalf("%v: exit %d, stderr %q; want 1", args, code, errs)
		}
		doc := decodeAudit(t, out)
		w := doc.Scenes[0].Worst
		if w == nil || w.Node != "Tip" || w.Animation != 0 || w.AnimationName != "stretch and turn" || math.Abs(w.Time-c.want) > 1e-9 {
			t.Fatalf("%v: worst %+v; want Tip at %v s", args, w, c.want)
		}
		step := 1.0 / 30
		if c.fps == "4" {
			step = 0.25
		}
		if math.Abs(w.Time-ts) > step {
			t.Errorf("%v: worst at %v s, more than a sample (%v s) from t* = %v", args, w.Time, step, ts)
		}
		if math.Abs(w.Disagreement-tipApart(w.Time)) > 1e-6 || !slicesEqual(w.Rules, []string{"accumulate-matrices", "accumulate-trs"}) {
			t.Errorf("%v: worst %v apart (%v), want %v", args, w.Disagreement, w.Rules, tipApart(w.Time))
		}
		for _, n := range doc.Scenes[0].Nodes {
			if n.Time == nil || n.Animation == nil {
				t.Errorf("%v: node %s has no time or animation", args, n.Name)
			}
			if n.Name == "Tip" && (*n.Time != w.Time || n.Agrees) {
				t.Errorf("%v: Tip at %v, agrees %v", args, *n.Time, n.Agrees)
			}
		}
	}
	code, out, _ := runCmd(t, "audit", "-anim", "stretch and turn", "-rules", rules, path)
	if code != 1 || !strings.Contains(out, "\nworst: Tip at t = 1.3 s of animation 0 \"stretch and turn\", ") ||
		!regexp.MustCompile(`\nTip +.* t = 1\.3 s\n`).MatchString(out) {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	if code, out, _ := runCmd(t, "audit", "-rules", rules, path); code != 0 || strings.Contains(out, "worst") {
		t.Errorf("the pose as stored: exit %d\n%s", code, out)
	}
}

func slicesEqual(a, b []string) bool { return strings.Join(a, "\x00") == strings.Join(b, "\x00") }

// The stretchy arm, as internal/gltfgen's StretchyArm derives it: the
// pose as stored agrees (exit 0); over time (-anim all) the rules
// disagree (exit 1), worst at the skinned mesh Arm, most by joint Hand,
// at t = 1 s of "stretch" (the derivation's worst time; the samples
// include it, so within a sample of it), at least 1.3 (s - a) sin θ =
// 1.6552 apart (the fingertip centre, under accumulate-matrices against
// accumulate-trs; s = 2, a = 1/√2, θ = 100°); Hand's origin is 2 cos 50°
// = 1.2856 apart there and Fore's s - u = 2 - cbrt(a·s·a) = 1. "shrug"
// moves Root only, which every rule applies alike: exit 0.
func TestAuditStretchyArm(t *testing.T) {
	path := armGLTF(t)
	if code, out, errs := runCmd(t, "audit", path); code != 0 || errs != "" {
		t.Errorf("static: exit %d, stderr %q\n%s", code, errs, out)
	}
	code, out, errs := runCmd(t, "audit", "-anim", "all", path)
	if code != 1 || errs != "" || !strings.Contains(out, "\nworst: Arm at t = 1 s of animation 0 \"stretch\", ") {
		t.Fatalf("-anim all: exit %d, stderr %q\n%s", code, errs, out)
	}
	if !strings.Contains(out, "run: skewlab bake "+path+" -anim -o ") {
		t.Errorf("-anim all: the advice is not the animated bake:\n%s", out)
	}
	code, out, _ = runCmd(t, "audit", "-anim", "all", "-format", "json", path)
	doc := decodeAudit(t, out)
	s := doc.Scenes[0]
	w := s.Worst
	if code != 1 || doc.Agrees || w == nil || w.Node != "Arm" || w.AnimationName != "stretch" || math.Abs(w.Time-1) > 1.0/30 || s.FPS != 30 || doc.BakeCommand == nil || !strings.Contains(*doc.BakeCommand, " -anim -o ") {
		t.Fatalf("-anim all JSON: exit %d, worst %+v, fps %v", code, w, s.FPS)
	}
	a, th := 1/math.Sqrt2, 100*math.Pi/180
	if tip := 1.3 * (2 - a) * math.Sin(th); w.Disagreement < tip-1e-5 {
		t.Errorf("Arm %v apart, less than the fingertip centre's %v", w.Disagreement, tip)
	}
	want := map[string]float64{"Hand": 2 * math.Cos(50*math.Pi/180), "Fore": 1}
	for _, n := range s.Nodes {
		if n.Name == "Arm" && n.Joint != "Hand" {
			t.Errorf("Arm: joint %q, want Hand", n.Joint)
		}
		if d, ok := want[n.Name]; ok {
			if n.PositionDisagreement == nil || math.Abs(*n.PositionDisagreement-d) > 1e-5 || *n.Time != 1 || *n.Animation != 0 {
				t.Errorf("%s: position %v at %v; want %v at 1 s", n.Name, n.PositionDisagreement, *n.Time, d)
			}
		}
	}
	if code, out, _ := runCmd(t, "audit", "-anim", "shrug", path); code != 0 || !strings.Contains(out, "\nworst: ") {
		t.Errorf("-anim shrug: exit %d\n%s", code, out)
	}
}

// audit's time flags: each mistake is one line and exit 2, nothing on
// stdout.
func TestAuditTimeBadInput(t *testing.T) {
	arm := armGLTF(t)
	static := filepath.Join("assets", "presets", "piston.json")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-anim", "all", static}, "-anim all: " + static + " has no animation"},
		{[]string{"-anim", "0", static}, "has no animation"},
		{[]string{"-fps", "10", arm}, "-fps 10 needs -anim"},
		{[]string{"-anim", "all", "-fps", "0", arm}, "above 0 and at most 1000"},
		{[]string{"-anim", "all", "-fps", "1001", arm}, "above 0 and at most 1000"},
		{[]string{"-anim", "all", "-fps", "-3", arm}, "above 0 and at most 1000"},
		{[]string{"-anim", "all", "-fps", "NaN", arm}, "-fps"},
		{[]string{"-anim", "2", arm}, `the scene's animations: 0 "stretch", 1 "shrug"`},
		{[]string{"-anim", "wave", arm}, `anim "wave": no such animation`},
		{[]string{"-anim=", arm}, "empty animation choice"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, append([]string{"audit"}, c.args...)...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, "skewlab: audit: ") || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("audit %v: exit %d, stdout %q, stderr %q; want 2 and one line with %q", c.args, code, out, errs, c.want)
		}
	}
	code, out, _ := runCmd(t, "audit", "-h")
	if code != 0 || !strings.Contains(out, "-anim CHOICE") || !strings.Contains(out, "-fps N") {
		t.Errorf("audit -h: exit %d\n%s", code, out)
	}
}

// reportTimeJSON is the part of report's JSON (one mode) the tests read.
type reportTimeJSON struct {
	Animation     *int     `json:"animation"`
	AnimationName string   `json:"animationName"`
	Time          *float64 `json:"time"`
	Nodes         []struct {
		Name  string `json:"name"`
		Local struct {
			Position [3]float64 `json:"position"`
			Rotation [4]float64 `json:"rotation"`
			Scale    [3]float64 `json:"scale"`
		} `json:"local"`
		World struct {
			Position *[3]float64 `json:"position"`
		} `json:"world"`
	} `json:"nodes"`
}

func (r *reportTimeJSON) node(t *testing.T, name string) int {
	t.Helper()
	for i, n := range r.Nodes {
		if n.Name == name {
			return i
		}
	}
	t.Fatalf("no node %s", name)
	return -1
}

func near(a, b []float64, tol float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return len(a) == len(b)
}

// report -t 0.6 on the stretchy arm, between keys, against locals
// interpolated here by hand: Upper's scale between (1, 1, 1) at 0 s and
// (1/√2, 2, 1/√2) at 1 s is (1 + 0.6(1/√2 - 1), 1.6, same); Fore's
// rotation between its keys at 0.5 s (50°) and 0.75 s (75°) about z is
// 60° by slerp, (w, x, y, z) = (cos 30°, 0, 0, sin 30°). Hand's world
// position under accumulate-matrices: Root turns (x, y, z) into (y, -x,
// z), Upper scales by D = diag(a, s, a), Fore at (0, 1, 0), Hand (0, 1,
// 0) from Fore turned 60°: R D (-sin 60°, 1 + cos 60°, 0) = (1.5 s, a sin
// 60°, 0). -anim stretch and -anim 0 give the same; the JSON says
// animation 0 "stretch" at 0.6 s; the text says so in its header.
// Animation 1 "shrug" at 0.25 s puts Root at y = 0.1375 (its CUBICSPLINE,
// worked by hand in StretchyArm's documentation). Values are float32 in
// the file: tolerance 1e-6.
func TestReportAtTime(t *testing.T) {
	path := armGLTF(t)
	const tol = 1e-6
	a, s := 1+0.6*(1/math.Sqrt2-1), 1.6
	var first string
	for _, anim := range [][]string{nil, {"-anim", "0"}, {"-anim", "stretch"}} {
		args := append([]string{"report", "-scene", path, "-mode", "accumulate-matrices", "-format", "json", "-t", "0.6"}, anim...)
		code, out, errs := runCmd(t, args...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: exit %d, %s", args, code, errs)
		}
		if first == "" {
			first = out
		} else if out != first {
			t.Errorf("%v differs from -t 0.6 alone", args)
		}
		var r reportTimeJSON
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if r.Animation == nil || *r.Animation != 0 || r.AnimationName != "stretch" || r.Time == nil || *r.Time != 0.6 {
			t.Errorf("%v: animation %v %q at %v", args, r.Animation, r.AnimationName, r.Time)
		}
		up, fore, hand := r.Nodes[r.node(t, "Upper")], r.Nodes[r.node(t, "Fore")], r.Nodes[r.node(t, "Hand")]
		if !near(up.Local.Scale[:], []float64{a, s, a}, tol) {
			t.Errorf("Upper scale %v, want (%v, %v, %v)", up.Local.Scale, a, s, a)
		}
		if q := fore.Local.Rotation; !near(q[:], []float64{math.Cos(math.Pi / 6), 0, 0, math.Sin(math.Pi / 6)}, tol) {
			t.Errorf("Fore rotation %v, want 60° about z", q)
		}
		if p := hand.World.Position; p == nil || !near(p[:], []float64{1.5 * s, a * math.Sin(math.Pi/3), 0}, tol) {
			t.Errorf("Hand world %v, want (%v, %v, 0)", p, 1.5*s, a*math.Sin(math.Pi/3))
		}
	}
	code, out, _ := runCmd(t, "report", "-scene", path, "-mode", "accumulate-matrices", "-t", "0.6")
	if code != 0 || !strings.Contains(out, "\nanimation 0 \"stretch\" at t = 0.6 s\n") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "report", "-scene", path, "-mode", "accumulate-matrices", "-format", "json", "-anim", "1", "-t", "0.25")
	var r reportTimeJSON
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil {
		t.Fatalf("shrug: exit %d, %v", code, err)
	}
	if p := r.Nodes[r.node(t, "Root")].Local.Position; !near(p[:], []float64{0, 0.1375, 0}, tol) || r.AnimationName != "shrug" {
		t.Errorf("shrug at 0.25 s: Root at %v (%q), want (0, 0.1375, 0)", p, r.AnimationName)
	}
}

// compare -t 0.6 -node Hand: accumulate-trs places Hand (s - a) sin 60°
// from accumulate-matrices (TestReportAtTime's s, a: under TRS Fore's
// world scale (a, s, a) acts along Fore's own axes, so Hand's offset is
// s (-sin θ, cos θ) instead of (-a sin θ, s cos θ)); the JSON carries the
// animation and time, the caption says them.
func TestCompareAtTime(t *testing.T) {
	path := armGLTF(t)
	a, s := 1+0.6*(1/math.Sqrt2-1), 1.6
	code, out, errs := runCmd(t, "compare", "-scene", path, "-t", "0.6", "-node", "Hand", "-rules", "accumulate-matrices,accumulate-trs", "-format", "json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, %s", code, errs)
	}
	var tb struct {
		Animation     *int     `json:"animation"`
		AnimationName string   `json:"animationName"`
		Time          *float64 `json:"time"`
		Rows          []struct {
			Mode             string   `json:"mode"`
			PositionDistance *float64 `json:"positionDistance"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &tb); err != nil {
		t.Fatal(err)
	}
	if tb.Animation == nil || *tb.Animation != 0 || tb.AnimationName != "stretch" || tb.Time == nil || *tb.Time != 0.6 || len(tb.Rows) != 2 {
		t.Fatalf("table %+v", tb)
	}
	if d := tb.Rows[1].PositionDistance; tb.Rows[1].Mode != "accumulate-trs" || d == nil || math.Abs(*d-(s-a)*math.Sin(math.Pi/3)) > 1e-6 {
		t.Errorf("accumulate-trs at Hand: %v, want %v", d, (s-a)*math.Sin(math.Pi/3))
	}
	code, out, _ = runCmd(t, "compare", "-scene", path, "-t", "0.6", "-node", "Hand")
	if code != 0 || !strings.HasPrefix(out, "Hand (scene "+path+", animation 0 \"stretch\" at t = 0.6 s): ") {
		t.Errorf("caption: exit %d\n%s", code, out)
	}
}

// svgNumbers returns the numbers of an SVG document in order, and the
// text with each replaced by #.
func svgNumbers(svg string) ([]float64, string) {
	re := regexp.MustCompile(`-?[0-9]+(\.[0-9]+)?`)
	var nums []float64
	shape := re.ReplaceAllStringFunc(svg, func(s string) string {
		v, _ := strconv.ParseFloat(s, 64)
		nums = append(nums, v)
		return "#"
	})
	return nums, shape
}

// stillArm writes the stretchy arm without its animations, with Upper's
// scale and Fore's rotation ([x, y, z, w] in the file) set as given: a
// static file in a pose chosen by hand.
func stillArm(t *testing.T, scale [3]float64, rot [4]float64) string {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(gltfgen.StretchyArm()[0].Data, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "animations")
	nodes := doc["nodes"].([]any)
	nodes[1].(map[string]any)["scale"] = scale[:]
	nodes[2].(map[string]any)["rotation"] = rot[:]
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "still-arm.gltf")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// export -t 0.6 draws the stretchy arm (skinned, as render draws it)
// as export draws a static copy of it posed by hand (stillArm: Upper's
// scale and Fore's rotation interpolated as in TestReportAtTime, 60°
// about z = [0, 0, sin 30°, cos 30°]). The SVGs have the same elements
// and numbers within 0.02 px (the file's keys are float32), leaving out
// the skew arc and its label (drawn in render.Warning's colour, #ffaa28),
// which mark the node the readouts pick when the file opens, not the
// pose; the arm at its stored pose draws differently.
func TestExportAtTime(t *testing.T) {
	path := armGLTF(t)
	dir := t.TempDir()
	a, s := 1+0.6*(1/math.Sqrt2-1), 1.6
	still := stillArm(t, [3]float64{a, s, a}, [4]float64{0, 0, math.Sin(math.Pi / 6), math.Cos(math.Pi / 6)})
	svg := func(file, name string, args ...string) string {
		t.Helper()
		out := filepath.Join(dir, name)
		code, _, errs := runCmd(t, append([]string{"export", "-scene", file, "-o", out}, args...)...)
		if code != 0 {
			t.Fatalf("export %s %v: exit %d, %s", file, args, code, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	noArc := func(svg string) string {
		var keep []string
		for _, line := range strings.Split(svg, "\n") {
			if !strings.Contains(line, `"#ffaa28"`) {
				keep = append(keep, line)
			}
		}
		return strings.Join(keep, "\n")
	}
	// One camera for both: an animated scene is framed for its whole
	// animation, a still one for its one pose (piston.Model.FrameNext).
	const cam = "-camera=30,30,5,1.5,0,0"
	timed := noArc(svg(path, "t.svg", "-t", "0.6", cam))
	byHand := noArc(svg(still, "hand.svg", cam))
	n1, s1 := svgNumbers(timed)
	n2, s2 := svgNumbers(byHand)
	if s1 != s2 || len(n1) != len(n2) {
		t.Fatalf("export -t 0.6 and the pose set by hand differ in shape (%d and %d numbers)", len(n1), len(n2))
	}
	for i := range n1 {
		if math.Abs(n1[i]-n2[i]) > 0.02 {
			t.Fatalf("number %d: %v at -t 0.6, %v by hand", i, n1[i], n2[i])
		}
	}
	stored := noArc(svg(stillArm(t, [3]float64{1, 1, 1}, [4]float64{0, 0, 0, 1}), "stored.svg", cam))
	if stored == timed {
		t.Error("export -t 0.6 draws the pose as stored")
	}
	if code, out, errs := runCmd(t, "export", "-scene", path, "-o", filepath.Join(dir, "x.svg"), "-anim", "7"); code != 2 || out != "" || !strings.Contains(errs, `0 "stretch", 1 "shrug"`) {
		t.Errorf("-anim 7: exit %d, %q, %q", code, out, errs)
	}
}

// A file without animations looks the same at every time: -t 0 and
// -t 5 give exactly what no -t gives, in report (text and JSON),
// compare and export (SVG), for a preset and a glTF file; -anim, which
// names an animation it lacks, is one line and exit 2. Each command
// lists -anim and -t in its -h.
func TestStaticFileAtTime(t *testing.T) {
	dir := writeFixtures(t, 100)
	rig := filepath.Join(dir, "rig.gltf")
	for _, src := range [][]string{{"-preset", "piston"}, {"-scene", rig}} {
		for _, cmd := range [][]string{{"report"}, {"report", "-format", "json"}, {"compare", "-format", "json"}, {"export", "-o", filepath.Join(dir, "fig.svg")}} {
			run := func(extra ...string) (int, string, string) {
				args := append(append(append([]string{}, cmd...), src...), extra...)
				code, out, errs := runCmd(t, args...)
				if cmd[0] == "export" {
					b, err := os.ReadFile(filepath.Join(dir, "fig.svg"))
					if err != nil {
						t.Fatal(err)
					}
					out += string(b)
				}
				return code, out, errs
			}
			code, want, _ := run()
			if code != 0 {
				t.Fatalf("%v %v: exit %d", cmd, src, code)
			}
			for _, tm := range []string{"0", "5"} {
				if code, got, errs := run("-t", tm); code != 0 || got != want || errs != "" {
					t.Errorf("%v %v -t %s: exit %d, stderr %q, same output %v", cmd, src, tm, code, errs, got == want)
				}
			}
			if code, got, errs := run("-anim", "0"); code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "the scene has no animation") ||
				!strings.HasPrefix(errs, "skewlab: "+cmd[0]+": ") || cmd[0] != "export" && got != "" {
				t.Errorf("%v %v -anim 0: exit %d, stderr %q", cmd, src, code, errs)
			}
		}
	}
	for _, cmd := range []string{"report", "compare", "export"} {
		code, out, _ := runCmd(t, cmd, "-h")
		if code != 0 || !strings.Contains(out, "-anim N|NAME") || !strings.Contains(out, "-t SECONDS") || !strings.Contains(out, "[-anim N|NAME] [-t SECONDS]") {
			t.Errorf("%s -h: exit %d, lacks -anim or -t:\n%s", cmd, code, out)
		}
	}
	// -anim belongs to scenes: not with another lab.
	if code, _, errs := runCmd(t, "export", "-lab", "dynamics", "-preset", "crash", "-anim", "0", "-o", filepath.Join(dir, "d.png")); code != 2 || !strings.Contains(errs, "the dynamics lab has no animations") {
		t.Errorf("export -lab dynamics -anim 0: exit %d, %q", code, errs)
	}
}

// -preset stretchy-arm is the same arm: report -t 0.6 gives the file's
// nodes, animation and time, with the preset named instead of the file.
func TestPresetAtTime(t *testing.T) {
	path := armGLTF(t)
	decode := func(args ...string) map[string]any {
		t.Helper()
		code, out, errs := runCmd(t, append([]string{"report", "-mode", "accumulate-matrices", "-format", "json", "-t", "0.6"}, args...)...)
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil {
			t.Fatalf("report %v: exit %d, %v, %s", args, code, err, errs)
		}
		return v
	}
	p, f := decode("-preset", "stretchy-arm"), decode("-scene", path)
	if p["preset"] != "stretchy-arm" || f["scene"] != path || p["time"] != 0.6 || p["animation"] != 0.0 || p["animationName"] != "stretch" {
		t.Errorf("preset %v, time %v, animation %v %v", p["preset"], p["time"], p["animation"], p["animationName"])
	}
	if err := sameNumbers(p["nodes"], f["nodes"], 0, "nodes"); err != nil {
		t.Error(err)
	}
}
