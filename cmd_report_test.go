package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if code != 0 || json.Unmarshal([]byte(out), &all) != nil || len(all) != 4 {
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
