//go:build !js

package main

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"skewlab/modes"
)

func TestCompareBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string // part of the message
	}{
		{[]string{"-node", "Q"}, "unknown node \"Q\" (valid: Root, A, B)"},
		{[]string{"-rules", "nope"}, "blender-fix-shear"},
		{[]string{"-rules", "maya-ssc,,blender-none"}, "empty rule name"},
		{[]string{"-rules", "maya-ssc,maya-ssc"}, "listed twice"},
		{[]string{"-rules", ""}, "empty rule name"},
		{[]string{"-scope", "some"}, "valid: node, all"},
		{[]string{"-format", "xml"}, "valid: text, markdown, csv, json"},
		{[]string{"-preset", "nope"}, "piston"},
		{[]string{"-set", "Q.scale=1,1,1"}, "valid: Root, A, B"},
		{[]string{"-bogus"}, "not defined"},
		{[]string{"-node", "B", "extra"}, "unexpected argument"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, append([]string{"compare"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: compare: ") {
			t.Errorf("compare %v: code %d, stdout %q, stderr %q; want 2, nothing, one line containing %q", c.args, code, out, errs, c.want)
		}
	}
	code, out, errs := runCmd(t, "compare", "-h")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: skewlab compare") || !strings.Contains(out, "-scope") {
		t.Errorf("compare -h: code %d, stdout %q, stderr %q", code, out, errs)
	}
}

// compareRow is a row of compare's JSON, the keys spelled as docs/compare.md
// documents them.
type compareRow struct {
	Mode                string
	Seed                bool
	SkewDegrees         *float64
	Volume              *float64
	VolumeChangePercent *float64
	LossyScale          *[3]float64
	PolarStretch        *[3]float64
	PositionDistance    *float64
	TRSRepresentable    *bool
	Engines             []string
	Undefined           string
}

type compareTable struct {
	Preset, Scene, Node, Scope string
	Rows                       []compareRow
}

func compareJSON(t *testing.T, args ...string) compareTable {
	t.Helper()
	code, out, errs := runCmd(t, append([]string{"compare", "-format", "json"}, args...)...)
	if code != 0 || errs != "" {
		t.Fatalf("compare %v: %d %s", args, code, errs)
	}
	var tb compareTable
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&tb); err != nil {
		t.Fatalf("compare %v: bad JSON: %v\n%s", args, err, out)
	}
	return tb
}

func rowOf(t *testing.T, tb compareTable, mode string) compareRow {
	t.Helper()
	for _, r := range tb.Rows {
		if r.Mode == mode {
			return r
		}
	}
	t.Fatalf("no row %q", mode)
	return compareRow{}
}

// The piston with Root scale (3,1,1) and A at 90 degrees about y (its
// preset rotation), node B, by hand. A's world linear part is
// P3 = diag(3,1,1) Ry(90) diag(.25,.25,2), columns (0,0,-.25), (0,.25,0),
// (6,0,0), det 0.375; B's local scale is (4,4,.5), no rotation; the
// accumulated rotation R_w is Ry(90), columns (0,0,-1), (0,1,0), (1,0,0).
//   - accumulate-matrices: P3 diag(4,4,.5), columns (0,0,-1), (0,1,0),
//     (3,0,0): volume 3, lossy scale diag(R_w^T W3) = (1,1,3).
//   - blender-none: Ry(90) diag(4,4,.5): volume 8 (+166.67%), lossy (4,4,.5).
//   - maya-ssc: P3 diag(4,4,2) diag(4,4,.5), columns (0,0,-4), (0,4,0),
//     (1.5,0,0): volume 24 (+700%), lossy and stretch (4,4,1.5).
//   - blender-average: cbrt(.375) Ry(90) diag(4,4,.5): volume .375*8 = 3,
//     lossy cbrt(.375)*(4,4,.5).
//   - accumulate-trs: B's position is A's (2.5,3,4.5) plus
//     Ry(90) ((.75,.25,2) * (0,0,.5)) = (1,0,0): (3.5,3,4.5), 2 from the
//     matrices' (5.5,3,4.5).
//   - Every engine rule puts B at P (t,1) = (5.5,3,4.5): distance 0.
func TestComparePistonByHand(t *testing.T) {
	const tol = 1e-9
	tb := compareJSON(t, "-preset", "piston", "-set", "Root.scale=3,1,1")
	if tb.Node != "B" || tb.Scope != "node" || tb.Preset != "piston" || len(tb.Rows) != len(modes.All) {
		t.Fatalf("header: node %q scope %q preset %q, %d rows; want B, node, piston, %d", tb.Node, tb.Scope, tb.Preset, len(tb.Rows), len(modes.All))
	}
	for i, r := range tb.Rows { // -rules all: modes.All order
		if r.Mode != modes.All[i].Name || r.Seed != (i < modes.SeedCount) || len(r.Engines) == 0 {
			t.Errorf("row %d: mode %q seed %v engines %v; want %q", i, r.Mode, r.Seed, r.Engines, modes.All[i].Name)
		}
	}
	k := math.Cbrt(0.375)
	for _, c := range []struct {
		mode         string
		vol, change  float64
		lossy        [3]float64
		dist         float64
		checkStretch bool
		stretch      [3]float64
	}{
		{"accumulate-matrices", 3, 0, [3]float64{1, 1, 3}, 0, true, [3]float64{3, 1, 1}},
		{"accumulate-trs", 3, 0, [3]float64{3, 1, 1}, 2, true, [3]float64{3, 1, 1}},
		{"blender-none", 8, 500.0 / 3, [3]float64{4, 4, 0.5}, 0, true, [3]float64{4, 4, 0.5}},
		{"blender-none-legacy", 8, 500.0 / 3, [3]float64{4, 4, 0.5}, 0, false, [3]float64{}},
		{"maya-ssc", 24, 700, [3]float64{4, 4, 1.5}, 0, true, [3]float64{4, 4, 1.5}},
		{"blender-average", 3, 0, [3]float64{4 * k, 4 * k, 0.5 * k}, 0, false, [3]float64{}},
		{"blender-fix-shear", 3, 0, [3]float64{1, 1, 3}, 0, false, [3]float64{}},
		{"blender-aligned", 3, 0, [3]float64{1, 1, 3}, 0, false, [3]float64{}},
	} {
		r := rowOf(t, tb, c.mode)
		if r.Volume == nil || !(math.Abs(*r.Volume-c.vol) <= tol) {
			t.Errorf("%s: volume %v, want %g", c.mode, r.Volume, c.vol)
		}
		if r.VolumeChangePercent == nil || !(math.Abs(*r.VolumeChangePercent-c.change) <= 1e-6) {
			t.Errorf("%s: volume change %v, want %g%%", c.mode, r.VolumeChangePercent, c.change)
		}
		if r.PositionDistance == nil || !(math.Abs(*r.PositionDistance-c.dist) <= tol) {
			t.Errorf("%s: position distance %v, want %g", c.mode, r.PositionDistance, c.dist)
		}
		if r.SkewDegrees == nil || !(*r.SkewDegrees <= 1e-9) || r.TRSRepresentable == nil || !*r.TRSRepresentable {
			t.Errorf("%s: skew %v, TRS %v; want 0 and representable", c.mode, r.SkewDegrees, r.TRSRepresentable)
		}
		for j := 0; j < 3; j++ {
			if r.LossyScale == nil || !(math.Abs(r.LossyScale[j]-c.lossy[j]) <= tol) {
				t.Errorf("%s: lossy scale %v, want %v", c.mode, r.LossyScale, c.lossy)
				break
			}
			if c.checkStretch && (r.PolarStretch == nil || !(math.Abs(r.PolarStretch[j]-c.stretch[j]) <= tol)) {
				t.Errorf("%s: polar stretch %v, want %v", c.mode, r.PolarStretch, c.stretch)
				break
			}
		}
	}
}

// Scope all: the rule governs every node. maya-ssc then cancels Root's
// (3,1,1) in A, A3 = Ry(90) diag(.25,.25,2), and A's (.25,.25,2) in B:
// B3 = Ry(90) diag(4,4,.5), volume 8 (24 with the rule on B only); B sits
// at A's (2.5,3,4.5) + A3 (0,0,.5) = (3.5,3,4.5), 2 from the matrices'
// B. blender-none gives the same (no parent is sheared).
func TestCompareScopeAll(t *testing.T) {
	const tol = 1e-9
	tb := compareJSON(t, "-set", "Root.scale=3,1,1", "-scope", "all", "-rules", "maya-ssc,blender-none")
	if tb.Scope != "all" || len(tb.Rows) != 2 {
		t.Fatalf("scope %q, %d rows", tb.Scope, len(tb.Rows))
	}
	for _, r := range tb.Rows {
		if r.Volume == nil || !(math.Abs(*r.Volume-8) <= tol) || r.PositionDistance == nil || !(math.Abs(*r.PositionDistance-2) <= tol) {
			t.Errorf("%s scope all: volume %v distance %v; want 8 and 2", r.Mode, r.Volume, r.PositionDistance)
		}
	}
}

// -rules keeps the order given, and -node picks another node: at A (a
// child of the root, whose parent is Root with no rotation and scale
// (3,1,1)) maya-ssc cancels Root's scale: volume .25*.25*2 = .125 against
// 3*.125 = .375 (-66.7%).
func TestCompareRulesOrderAndNode(t *testing.T) {
	want := []string{"maya-ssc", "accumulate-trs", "blender-none"}
	tb := compareJSON(t, "-set", "Root.scale=3,1,1", "-rules", strings.Join(want, ","), "-node", "A")
	if tb.Node != "A" || len(tb.Rows) != len(want) {
		t.Fatalf("node %q, %d rows", tb.Node, len(tb.Rows))
	}
	for i, r := range tb.Rows {
		if r.Mode != want[i] {
			t.Errorf("row %d is %q, want %q", i, r.Mode, want[i])
		}
	}
	r := tb.Rows[0]
	if r.Volume == nil || !(math.Abs(*r.Volume-0.125) <= 1e-12) || r.VolumeChangePercent == nil || !(math.Abs(*r.VolumeChangePercent+200.0/3) <= 1e-9) {
		t.Errorf("maya-ssc at A: volume %v change %v; want 0.125 and -66.67%%", r.Volume, r.VolumeChangePercent)
	}
}

// A zero parent scale leaves maya-ssc undefined at B: null in JSON, "-"
// elsewhere, and no NaN in any format.
func TestCompareUndefined(t *testing.T) {
	args := []string{"-set", "A.scale=0,1,1", "-rules", "maya-ssc,accumulate-matrices"}
	tb := compareJSON(t, args...)
	r := tb.Rows[0]
	if r.Volume != nil || r.SkewDegrees != nil || r.PositionDistance != nil || r.TRSRepresentable != nil || r.Undefined != modes.ReasonUndefined {
		t.Errorf("maya-ssc under a zero parent scale: %+v; want every value null, undefined %q", r, modes.ReasonUndefined)
	}
	if m := tb.Rows[1]; m.Volume == nil || *m.Volume != 0 || m.SkewDegrees != nil || m.VolumeChangePercent != nil {
		t.Errorf("accumulate-matrices, A flat: %+v; want volume 0, skew and change null", m)
	}
	for _, f := range []string{"text", "markdown", "csv", "json"} {
		code, out, _ := runCmd(t, append([]string{"compare", "-format", f}, args...)...)
		if code != 0 || strings.Contains(strings.ToLower(out), "nan") || strings.Contains(out, "Inf") {
			t.Errorf("%s: code %d, NaN or Inf in\n%s", f, code, out)
		}
		if f != "json" && !strings.Contains(out, "-") {
			t.Errorf("%s: no '-' for the undefined values", f)
		}
	}
}

// Every format parses: CSV with encoding/csv (a header and one record per
// rule, the same field count), Markdown as a GitHub table (a separator
// row under the header, every row with the header's cell count), text
// with one line per rule in order.
func TestCompareFormats(t *testing.T) {
	args := []string{"-set", "Root.scale=3,1,1"}
	_, out, _ := runCmd(t, append([]string{"compare", "-format", "csv"}, args...)...)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 1+len(modes.All) {
		t.Fatalf("csv: %v, %d records", err, len(recs))
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for i, rec := range recs[1:] {
		if rec[col["mode"]] != modes.All[i].Name || rec[col["node"]] != "B" {
			t.Errorf("csv record %d: %v", i, rec)
		}
	}
	if v, err := strconv.ParseFloat(recs[len(recs)-1][col["volume"]], 64); err != nil || math.Abs(v-24) > 1e-9 {
		t.Errorf("csv maya-ssc volume %q, want 24", recs[len(recs)-1][col["volume"]])
	}

	_, out, _ = runCmd(t, append([]string{"compare", "-format", "markdown"}, args...)...)
	var table []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "|") {
			table = append(table, l)
		}
	}
	sep := regexp.MustCompile(`^\|(\s*:?-{3,}:?\s*\|)+$`)
	if len(table) != 2+len(modes.All) || !sep.MatchString(table[1]) {
		t.Fatalf("markdown: %d table lines, separator %q\n%s", len(table), table[min(1, len(table)-1)], out)
	}
	cells := func(l string) int { return strings.Count(strings.ReplaceAll(l, `\|`, ""), "|") }
	for i, l := range table {
		if cells(l) != cells(table[0]) {
			t.Errorf("markdown line %d has %d bars, the header %d: %q", i, cells(l), cells(table[0]), l)
		}
		if i >= 2 && !strings.HasPrefix(l, "| "+modes.All[i-2].Name+" |") {
			t.Errorf("markdown row %d: %q, want mode %s", i-2, l, modes.All[i-2].Name)
		}
	}

	_, out, _ = runCmd(t, append([]string{"compare"}, args...)...)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 2+len(modes.All) || !strings.HasPrefix(lines[1], "mode ") {
		t.Fatalf("text: %d lines\n%s", len(lines), out)
	}
	for i, l := range lines[2:] {
		if f := strings.Fields(l); len(f) == 0 || f[0] != modes.All[i].Name {
			t.Errorf("text row %d: %q", i, l)
		}
	}
}
