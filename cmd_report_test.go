//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"skewlab/modes"
)

func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = dispatch(args, &o, &e)
	return code, o.String(), e.String()
}

func TestReportBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"format":"skewlab-scene/1","nodes":[{"name":"A","position":[0,0],"rotation":[1,0,0,0],"scale":[1,1,1]}]}`), 0o644)
	cases := []struct {
		args []string
		want string // part of the message
	}{
		{[]string{"-preset", "nope"}, "piston, skew"},
		{[]string{"-mode", "nope"}, "accumulate-matrices"},
		{[]string{"-set", "Q.scale=1,1,1"}, "valid: Root, A, B"},
		{[]string{"-set", "A.size=1,1,1"}, "unknown field"},
		{[]string{"-set", "A.scale=1,x,1"}, "not a plain decimal number"},
		{[]string{"-set", "A.scale=1,1"}, "takes 3 numbers, got 2"},
		{[]string{"-set", "A.scale=1,1,1e7"}, "out of range"},
		{[]string{"-set", "A.rotation=0,0,0,0"}, "zero quaternion"},
		{[]string{"-set", "A.position=NaN,0,0"}, "not a finite number"},
		{[]string{"-format", "xml"}, "valid: text, json"},
		{[]string{"-reparent", "B=Q"}, "unknown new parent"},
		{[]string{"-reparent", "A=B"}, "descendant"},
		{[]string{"-reparent", "A"}, "NODE=NEWPARENT"},
		{[]string{"-scene", bad}, "bad.json"},
		{[]string{"-scene", filepath.Join(dir, "missing.json")}, "cannot read"},
		{[]string{"-bogus"}, "not defined"},
		{[]string{"extra"}, "unexpected argument"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, append([]string{"report"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("report %v: code %d, stdout %q, stderr %q; want 2, nothing, one line containing %q", c.args, code, out, errs, c.want)
		}
	}
}

type jsonNode struct {
	Name  string
	World struct {
		Matrix           [4][4]float64
		Position         [3]float64
		SkewDegrees      *float64
		LossyScale       [3]float64
		PolarStretch     [3]float64
		TRSRepresentable bool
	}
}

type jsonReport struct {
	Preset, Mode string
	Nodes        []jsonNode
}

func reportJSON(t *testing.T, args ...string) jsonReport {
	t.Helper()
	code, out, errs := runCmd(t, append([]string{"report", "-format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("report %v: %d %s", args, code, errs)
	}
	var r jsonReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("report %v: bad JSON: %v", args, err)
	}
	return r
}

func colLen(m [4][4]float64, c int) float64 {
	return math.Sqrt(m[0][c]*m[0][c] + m[1][c]*m[1][c] + m[2][c]*m[2][c])
}

// The seed's facts through the command: with Root scale (3,1,1) B's
// columns are (1,1,3) long under matrices and (3,1,1) under TRS.
func TestReportJSONPiston(t *testing.T) {
	const tol = 1e-9
	for _, c := range []struct {
		mode string
		want [3]float64
	}{{"accumulate-matrices", [3]float64{1, 1, 3}}, {"accumulate-trs", [3]float64{3, 1, 1}}} {
		r := reportJSON(t, "-mode", c.mode, "-set", "Root.scale=3,1,1")
		if r.Mode != c.mode || r.Preset != "piston" || len(r.Nodes) != 3 {
			t.Fatalf("header %+v", r)
		}
		b := r.Nodes[2]
		for k := 0; k < 3; k++ {
			if d := math.Abs(colLen(b.World.Matrix, k) - c.want[k]); !(d <= tol) {
				t.Errorf("%s: B column %d length %g, want %g", c.mode, k, colLen(b.World.Matrix, k), c.want[k])
			}
		}
		if b.World.SkewDegrees == nil || !(*b.World.SkewDegrees <= 1e-9) || !b.World.TRSRepresentable {
			t.Errorf("%s: B should be orthogonal and representable", c.mode)
		}
	}
	// -mode all gives one object per mode.
	code, out, _ := runCmd(t, "report", "-format", "json")
	var all []jsonReport
	if code != 0 || json.Unmarshal([]byte(out), &all) != nil || len(all) != len(modes.All) {
		t.Fatalf("report -mode all: %d objects", len(all))
	}
}

func TestReportSkewAndUndefined(t *testing.T) {
	r := reportJSON(t, "-mode", "accumulate-matrices", "-set", "Root.scale=3,1,1", "-set", "A.euler=0,38,0")
	// Independent: the angle between diag(3,1,1)(cos,0,-sin) and diag(3,1,1)(sin,0,cos).
	a := 38 * math.Pi / 180
	c, s := math.Cos(a), math.Sin(a)
	want := 90 - math.Acos(8*s*c/math.Sqrt((9*c*c+s*s)*(9*s*s+c*c)))*180/math.Pi
	for _, n := range r.Nodes[1:] {
		if n.World.SkewDegrees == nil || !(math.Abs(*n.World.SkewDegrees-want) <= 1e-6) || n.World.TRSRepresentable {
			t.Errorf("%s skew %v, want %g and not representable", n.Name, n.World.SkewDegrees, want)
		}
	}
	// A zero scale: skew undefined, JSON null, never NaN.
	code, out, _ := runCmd(t, "report", "-format", "json", "-mode", "accumulate-matrices", "-set", "A.scale=0,1,1")
	if code != 0 || strings.Contains(out, "NaN") || !strings.Contains(out, `"skewDegrees": null`) {
		t.Errorf("zero scale: code %d, want null skew and no NaN", code)
	}
	code, out, _ = runCmd(t, "report", "-mode", "accumulate-matrices", "-set", "A.scale=0,1,1")
	if code != 0 || strings.Contains(out, "NaN") || !strings.Contains(out, "FLAT") {
		t.Errorf("zero scale text: code %d, output %s", code, out)
	}
}

// Folding re-authors the piston: under uniform-inner-scale B then has world
// scale (1,1,1) and sits one unit from A's centre (hand algebra: A's u is
// 0.5 and residual (.5,.5,4), so B's local becomes (0,0,2), scale (2,2,2)).
func TestReportFold(t *testing.T) {
	const tol = 1e-9
	r := reportJSON(t, "-mode", "uniform-inner-scale", "-fold")
	a, b := r.Nodes[1].World, r.Nodes[2].World
	for k := 0; k < 3; k++ {
		if d := math.Abs(colLen(b.Matrix, k) - 1); !(d <= tol) {
			t.Errorf("B column %d length %g, want 1", k, colLen(b.Matrix, k))
		}
	}
	d := math.Sqrt(math.Pow(b.Position[0]-a.Position[0], 2) + math.Pow(b.Position[1]-a.Position[1], 2) + math.Pow(b.Position[2]-a.Position[2], 2))
	if !(math.Abs(d-1) <= tol) {
		t.Errorf("B is %g from A, want 1", d)
	}
}

// Re-parenting B under Root keeps its world matrix (representable here),
// and re-parenting a skewed child reports a residual.
func TestReportReparent(t *testing.T) {
	const tol = 1e-9
	before := reportJSON(t, "-mode", "accumulate-matrices", "-set", "Root.scale=3,1,1")
	after := reportJSON(t, "-mode", "accumulate-matrices", "-set", "Root.scale=3,1,1", "-reparent", "B=Root")
	for row := 0; row < 4; row++ {
		for c := 0; c < 4; c++ {
			if d := math.Abs(before.Nodes[2].World.Matrix[row][c] - after.Nodes[2].World.Matrix[row][c]); !(d <= tol) {
				t.Fatalf("B's world matrix changed at (%d,%d) by %g", row, c, d)
			}
		}
	}
	code, out, _ := runCmd(t, "report", "-mode", "accumulate-matrices", "-set", "Root.scale=3,1,1", "-set", "A.euler=0,38,0", "-reparent", "B=-")
	if code != 0 || !strings.Contains(out, "reparent B under - (root): residual 0.") || strings.Contains(out, "residual 0.000000 ") {
		t.Errorf("skewed reparent should report a non-zero residual:\n%s", out)
	}
}

func TestReportText(t *testing.T) {
	code, out, _ := runCmd(t, "report", "-preset", "skew", "-mode", "accumulate-matrices")
	if code != 0 || !strings.Contains(out, "mode accumulate-matrices") || !strings.Contains(out, "SKEW") {
		t.Errorf("skew preset text report lacks the SKEW flag:\n%s", out)
	}
}

// writeChain writes a scene file of n nodes N0..N(n-1), each the child of
// the one before, with zero positions, no rotation and the given scale.
func writeChain(t *testing.T, n int, scale string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(`{"format":"skewlab-scene/1","nodes":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		parent := "null"
		if i > 0 {
			parent = `"N` + strconv.Itoa(i-1) + `"`
		}
		b.WriteString(`{"name":"N` + strconv.Itoa(i) + `","parent":` + parent + `,"position":[0,0,0],"rotation":[1,0,0,0],"scale":[` + scale + `],"shape":"box"}`)
	}
	b.WriteString("]}")
	path := filepath.Join(t.TempDir(), "chain.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

type jsonWorld struct {
	Matrix           *[4][4]float64
	Position         *[3]float64
	SkewDegrees      *float64
	Volume           *float64
	LossyScale       *[3]float64
	PolarStretch     *[3]float64
	TRSRepresentable *bool
	Undefined        string
}

type jsonNodeFull struct {
	Name  string
	World jsonWorld
}

// Finding 4: a 50-node chain of scales (1e6, 1, 1). Node i's x column is
// 1e6^(i+1), at most 1e300: every world value is finite and defined (the
// volume too: 1e300 * 1 * 1), except the skew from N2 on, where the y and
// z columns are 1e-18 of the x column or shorter: below 1e-12 they count
// as zero (transform.ZeroColumnRel). The JSON used to be an empty line (12
// decimals of rounding overflowed) and the text +Inf.
func TestReportLargeButFinite(t *testing.T) {
	path := writeChain(t, 50, "1e6,1,1")
	for _, m := range []string{"accumulate-matrices", "accumulate-trs", "skew-stripping"} {
		code, out, errs := runCmd(t, "report", "-format", "json", "-mode", m, "-scene", path)
		var r struct{ Nodes []jsonNodeFull }
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r.Nodes) != 50 {
			t.Fatalf("%s: code %d, stderr %q, output %.200q", m, code, errs, out)
		}
		for i, n := range r.Nodes {
			w := n.World
			wantWhy := map[bool]string{false: "", true: "zero scale"}[i >= 2]
			if w.Matrix == nil || w.Volume == nil || w.Undefined != wantWhy || w.PolarStretch == nil || w.LossyScale == nil ||
				(w.SkewDegrees == nil) != (i >= 2) || w.TRSRepresentable == nil || !*w.TRSRepresentable {
				t.Fatalf("%s %s: %+v; want everything defined but the skew from N2 on", m, n.Name, w)
			}
			want := math.Pow(10, 6*float64(i+1))
			if d := math.Abs(w.Matrix[0][0]/want - 1); !(d <= 1e-12) {
				t.Errorf("%s %s: x scale %g, want %g", m, n.Name, w.Matrix[0][0], want)
			}
		}
	}
	code, out, _ := runCmd(t, "report", "-scene", path)
	if code != 0 || strings.Contains(out, "Inf") || strings.Contains(out, "NaN") || !strings.Contains(out, "1e+300") {
		t.Errorf("text: code %d, want 1e+300 and no Inf or NaN", code)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 200 {
			t.Fatalf("text line of %d bytes: %.120s...", len(line), line)
		}
	}
}

// Findings 3 and 4: a 60-node chain of scales (1e6, 1e6, 1e6). Hand
// derivation (see modes.TestAnalyzeOverflowChain): under
// accumulate-matrices the world matrix of N51 on (1e6^52 = 1e312) is not
// finite, its volume from N17 on (1e6^54 = 1e324), and the position from
// N52 on (Inf times a zero position is NaN).
func TestReportOverflow(t *testing.T) {
	path := writeChain(t, 60, "1e6,1e6,1e6")
	code, out, errs := runCmd(t, "report", "-format", "json", "-mode", "accumulate-matrices", "-scene", path)
	var r struct{ Nodes []jsonNodeFull }
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r.Nodes) != 60 {
		t.Fatalf("code %d, stderr %q, output %.200q", code, errs, out)
	}
	for i, n := range r.Nodes {
		w := n.World
		if (w.Matrix != nil) != (i <= 50) || (w.Volume != nil) != (i <= 16) || (w.Position != nil) != (i <= 51) ||
			(w.SkewDegrees != nil) != (i <= 50) || (w.TRSRepresentable != nil) != (i <= 50) {
			t.Errorf("%s: defined matrix %v volume %v position %v skew %v TRS %v", n.Name, w.Matrix != nil, w.Volume != nil, w.Position != nil, w.SkewDegrees != nil, w.TRSRepresentable != nil)
		}
		if want := map[bool]string{true: "overflow", false: ""}[i >= 17]; w.Undefined != want {
			t.Errorf("%s: undefined %q, want %q", n.Name, w.Undefined, want)
		}
	}
	// Every mode, both formats: never empty, never Inf or NaN, short lines.
	code, out, _ = runCmd(t, "report", "-format", "json", "-scene", path)
	var all []struct{ Nodes []jsonNodeFull }
	if code != 0 || json.Unmarshal([]byte(out), &all) != nil || len(all) != len(modes.All) {
		t.Fatalf("-mode all JSON: code %d, %d reports", code, len(all))
	}
	code, out, _ = runCmd(t, "report", "-scene", path)
	if code != 0 || strings.Contains(out, "Inf") || strings.Contains(out, "NaN") || !strings.Contains(out, "- (undefined: overflow)") && !strings.Contains(out, "(undefined: overflow)") {
		t.Errorf("text: code %d, want the overflow reason and no Inf or NaN:\n%.2000s", code, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 200 {
			t.Fatalf("text line of %d bytes: %.120s...", len(line), line)
		}
	}
	// Finding 3 and 13: re-parenting an overflowed node is an error that
	// says so (it panicked, or blamed a zero scale).
	for _, arg := range []string{"N59=-", "N59=N0"} {
		code, out, errs := runCmd(t, "report", "-scene", path, "-reparent", arg)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, `"N59" has a world matrix that overflows`) || strings.Contains(errs, "zero scale") {
			t.Errorf("-reparent %s: code %d, stderr %q", arg, code, errs)
		}
	}
}

// Finding 13: the cycle is reported before the singular parent. B is A's
// child, and A's zero scale makes B singular: Root under B is a cycle.
func TestReportReparentCycleFirst(t *testing.T) {
	code, out, errs := runCmd(t, "report", "-set", "A.scale=0,1,1", "-reparent", "Root=B")
	if code != 2 || out != "" || !strings.Contains(errs, "descendant") {
		t.Errorf("code %d, stderr %q; want the cycle", code, errs)
	}
	code, _, errs = runCmd(t, "report", "-set", "A.scale=0,1,1", "-reparent", "Root=A")
	if code != 2 || !strings.Contains(errs, "descendant") {
		t.Errorf("code %d, stderr %q; want the cycle", code, errs)
	}
}

// Finding 10 through the command: Child's collapsed column counts as zero,
// so the skew is "-", the TRS column "yes" (the other two columns are
// orthogonal: see transform.TestFlatChildFromZeroParentScale), no SKEW.
func TestReportCollapsedColumn(t *testing.T) {
	code, out, _ := runCmd(t, "report", "-preset", "skew", "-mode", "accumulate-matrices",
		"-set", "Parent.euler=-23.701852,20.212539,88.529709", "-set", "Parent.scale=2.912823710771,0,2.81784970706",
		"-set", "Child.euler=-90,-180,-90", "-set", "Child.scale=1.609456624322,1.322880582017,3.70582362317")
	var child []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "Child ") {
			child = strings.Fields(line)
		}
	}
	// Child Parent ( x, y, z) skew volume (...) (...) TRS flags...
	if code != 0 || len(child) < 17 || child[6] != "-" || child[16] != "yes" || strings.Contains(out, "SKEW") || !strings.Contains(out, "zero scale") {
		t.Errorf("code %d, Child row %q; want skew -, yes, no SKEW:\n%s", code, child, out)
	}
}

// Finding 8: a child whose folded position would exceed 1e6 is left as it
// was, named, and the fold is not called exact. Root's scale (1e6, 1e-6,
// 1) has uniform part 1 and residual (1e6, 1e-6, 1): Far at x = 2 would
// move to 2e6; Near at x = 0.5 moves to 5e5.
func TestReportFoldUnfolded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fold.json")
	os.WriteFile(path, []byte(`{"format":"skewlab-scene/1","nodes":[
		{"name":"Root","parent":null,"position":[0,0,0],"rotation":[1,0,0,0],"scale":[1e6,1e-6,1]},
		{"name":"Far","parent":"Root","position":[2,0,0],"rotation":[1,0,0,0],"scale":[1,1,1]},
		{"name":"Near","parent":"Root","position":[0.5,0,0],"rotation":[1,0,0,0],"scale":[1,1,1]}]}`), 0o644)
	code, out, errs := runCmd(t, "report", "-scene", path, "-fold", "-mode", "uniform-inner-scale")
	if code != 0 || strings.Contains(out, "(0 = exact)") || !strings.Contains(out, "NOT exact: 1 child left unfolded") || !strings.Contains(out, ": Far;") {
		t.Errorf("text: code %d %q:\n%s", code, errs, out)
	}
	code, out, _ = runCmd(t, "report", "-scene", path, "-fold", "-mode", "uniform-inner-scale", "-format", "json")
	var r struct {
		Edits struct {
			FoldResidual *float64
			FoldUnfolded []string
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || len(r.Edits.FoldUnfolded) != 1 || r.Edits.FoldUnfolded[0] != "Far" || r.Edits.FoldResidual == nil {
		t.Errorf("json: code %d, edits %+v", code, r.Edits)
	}
	// The piston folds exactly and says so.
	code, out, _ = runCmd(t, "report", "-fold", "-mode", "uniform-inner-scale")
	if code != 0 || !strings.Contains(out, "fold: largest residual 0.000000 (0 = exact)") {
		t.Errorf("piston fold:\n%s", out)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A write error is one line and exit 1 (the run failed; the command line
// was right), never ignored.
func TestReportWriteError(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var e bytes.Buffer
		code := runReport([]string{"-format", format}, failWriter{}, &e)
		if code != 1 || strings.Count(e.String(), "\n") != 1 || !strings.HasPrefix(e.String(), "skewlab: report: ") || !strings.Contains(e.String(), "disk full") {
			t.Errorf("%s: code %d, stderr %q", format, code, e.String())
		}
	}
}
