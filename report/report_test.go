package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/modes"
	"skewlab/scene"
	"skewlab/state"
)

// The streamed JSON is byte for byte what MarshalIndent gives for the
// whole report (the schema the command's tests pin), one mode and all
// modes, with edits: the piston with -set Root.scale=3,1,1 -set
// A.euler=0,38,0 -reparent B=Root -fold.
func TestStreamMatchesMarshalIndent(t *testing.T) {
	for _, posed := range []*Posed{nil, {Animation: 1, Name: "walk", Time: 0.25}, {Animation: 0, Time: 0}} {
		for _, one := range []bool{true, false} {
			sc, edits := streamScene(t)
			list := modes.All
			if one {
				m, _ := modes.ByName("accumulate-trs")
				list = []modes.Mode{m}
			}
			var b bytes.Buffer
			w := bufio.NewWriter(&b)
			if err := New(sc).WriteJSON(w, list, Source{Preset: "piston", Posed: posed}, edits); err != nil || w.Flush() != nil {
				t.Fatal(err)
			}
			if out, want := b.String(), marshalWhole(t, one, posed); out != want {
				t.Errorf("one mode %v, posed %+v: streamed JSON differs from MarshalIndent:\n%s\nwant\n%s", one, posed, out, want)
			}
		}
	}
}

// pistonScene returns the piston with -set Root.scale=3,1,1 -set
// A.euler=0,38,0 -set A.rule=blender-none, made as the command makes it
// (the preset, then each set applied in order).
func pistonScene(t *testing.T) *scene.Scene {
	t.Helper()
	sc, err := scene.NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []state.Set{
		{Node: "Root", Field: "scale", Values: []float64{3, 1, 1}},
		{Node: "A", Field: "euler", Values: []float64{0, 38, 0}},
		{Node: "A", Field: "rule", Rule: scene.RuleBlenderNone},
	} {
		if err := set.Apply(sc); err != nil {
			t.Fatal(err)
		}
	}
	return sc
}

// streamScene returns the scene and edits of TestStreamMatchesMarshalIndent
// made as the command makes them (marshalWhole makes them by hand).
func streamScene(t *testing.T) (*scene.Scene, Edits) {
	t.Helper()
	sc := pistonScene(t)
	var edits Edits
	if err := edits.ApplyReparent(sc, "B", "Root"); err != nil {
		t.Fatal(err)
	}
	edits.ApplyFold(sc)
	return sc, edits
}

// marshalWhole builds every node report in memory and MarshalIndents it,
// as report did before it streamed, with the edits of
// TestStreamMatchesMarshalIndent and the animation time posed (nil:
// the pose as stored).
func marshalWhole(t *testing.T, one bool, posed *Posed) string {
	t.Helper()
	sc := pistonScene(t)
	res, _, err := modes.Reparent(sc, sc.Index("B"), sc.Index("Root"))
	if err != nil {
		t.Fatal(err)
	}
	root := "Root"
	f := modes.FoldResiduals(sc)
	edits := Edits{Reparent: []Reparented{{Node: "B", NewParent: &root, Residual: res}}, FoldResidual: &f.Residual}
	list := modes.All
	if one {
		m, _ := modes.ByName("accumulate-trs")
		list = []modes.Mode{m}
	}
	r := New(sc)
	var reports []ModeReport
	for _, m := range list {
		r.Compute(m)
		rep := ModeReport{Preset: "piston", Mode: m.Name, Edits: edits}
		if posed != nil {
			a, tm := posed.Animation, posed.Time
			rep.Animation, rep.AnimationName, rep.Time = &a, posed.Name, &tm
		}
		if !m.PerNode() {
			rep.Note = "per-node rules do not apply under " + m.Name
		}
		for i := range sc.Nodes {
			rep.Nodes = append(rep.Nodes, r.Node(i))
		}
		reports = append(reports, rep)
	}
	var v any = reports
	if one {
		v = reports[0]
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// A finite number always prints as a finite number: rounding to 12
// decimals used to multiply by 1e12 and overflow from 1.8e296 on.
func TestCleanStaysFinite(t *testing.T) {
	for _, x := range []float64{0, math.Copysign(0, -1), 1e-13, 0.1 + 0.2, 9007, 9008, 1e15, 1e296, 1e300, -1e307, math.MaxFloat64, -math.MaxFloat64, 5e-324} {
		c := Clean(x)
		if math.IsInf(c, 0) || math.IsNaN(c) || !(math.Abs(c-x) <= 1e-12*math.Max(1, math.Abs(x))) || math.Signbit(c) && c == 0 {
			t.Errorf("Clean(%g) = %g", x, c)
		}
	}
}

// appendNode writes what MarshalIndent writes, on node reports with every
// kind of value: nulls (an overflowed chain), exponent-form floats (tiny
// and huge), negative zero rounded away, and names that JSON escapes.
func TestAppendNodeMatchesMarshalIndent(t *testing.T) {
	sc := benchReportScene(300, false)
	names := []string{`a"b`, `back\slash`, "<tag>&", "tab\there", "é ünï", "line\u2028sep", "bad\xffutf8"}
	for i, n := range names {
		sc.Nodes[i+1].Name = n
	}
	for i := 100; i < 160; i++ { // a long chain of scales 1e6 and 1e-6 in the middle
		sc.Nodes[i].Parent = i - 1
		sc.Nodes[i].Local.Scale = mgl64.Vec3{1e6, 1e-6, 1e6}
	}
	sc.Nodes[200].Local.Scale = mgl64.Vec3{1e-7, 3e-9, 0}
	r := New(sc)
	for _, m := range modes.All {
		r.Compute(m)
		for i := range sc.Nodes {
			n := r.Node(i)
			for _, prefix := range []string{"", "    ", "      "} {
				want, err := json.MarshalIndent(n, prefix, "  ")
				if err != nil {
					t.Fatal(err)
				}
				if got := appendNode(nil, &n, prefix); string(got) != string(want) {
					t.Fatalf("%s node %d:\n%s\nwant\n%s", m.Name, i, got, want)
				}
			}
		}
	}
}
