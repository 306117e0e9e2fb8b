package scene

import (
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/transform"
)

func TestPistonIsSeed000(t *testing.T) {
	const tol = 1e-15
	s, err := NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Names(), ","); got != "Root,A,B" {
		t.Fatalf("names %s", got)
	}
	a := s.Nodes[1]
	// (0.71, 0, 0.71, 0) normalized is (1/sqrt2, 0, 1/sqrt2, 0): 90 degrees about y.
	h := 1 / math.Sqrt2
	if d := math.Abs(a.Local.Rotation.W-h) + math.Abs(a.Local.Rotation.V[1]-h); !(d <= tol) {
		t.Errorf("A rotation %v", a.Local.Rotation)
	}
	if a.Parent != 0 || s.Nodes[2].Parent != 1 || a.Color != Magenta || s.Nodes[2].Color != Cyan {
		t.Error("piston structure or colours differ from the seed")
	}
	if s.Nodes[0].Local.Position != (mgl64.Vec3{2.5, 3, 3}) || s.Nodes[2].Local.Scale != (mgl64.Vec3{4, 4, 0.5}) {
		t.Error("piston values differ from the seed")
	}
}

func TestValidation(t *testing.T) {
	ok := Node{Name: "a", Parent: -1, Local: transform.Identity()}
	bad := []struct {
		nodes []Node
		field string
	}{
		{[]Node{{Name: "", Parent: -1, Local: transform.Identity()}}, "name"},
		{[]Node{ok, ok}, "name"},
		{[]Node{{Name: "a", Parent: 0, Local: transform.Identity()}}, "parent"},
		{[]Node{ok, {Name: "b", Parent: 5, Local: transform.Identity()}}, "parent"},
		{[]Node{{Name: "a", Parent: -1, Local: transform.TRS{Scale: mgl64.Vec3{1, 1, 1}}}}, "rotation"},
		{[]Node{{Name: "a", Parent: -1, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{math.NaN(), 1, 1}}}}, "scale"},
		{[]Node{{Name: "a", Parent: -1, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Position: mgl64.Vec3{2e6, 0, 0}}}}, "position"},
		{[]Node{{Name: "a", Parent: -1, Local: transform.Identity(), Color: Color{2, 0, 0}}}, "color"},
		{[]Node{{Name: "a", Parent: -1, Local: transform.Identity(), Shape: 9}}, "shape"},
	}
	for i, c := range bad {
		_, err := New(c.nodes)
		var e *Error
		if !errors.As(err, &e) || e.Field != c.field {
			t.Errorf("case %d: error %v, want field %s", i, err, c.field)
		}
	}
	// Zero and negative scales are accepted.
	if _, err := New([]Node{{Name: "a", Parent: -1, Local: transform.TRS{Rotation: mgl64.QuatIdent(), Scale: mgl64.Vec3{0, -1, 1e6}}}}); err != nil {
		t.Errorf("zero/negative scale rejected: %v", err)
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	for _, p := range Presets {
		name := p.Name
		if p.GLTF {
			continue // not a scene file
		}
		s, err := NewPreset(name)
		if err != nil {
			t.Fatal(err)
		}
		s.Nodes[0].Local.Scale = mgl64.Vec3{0.1, -2, 1.0 / 3}
		path := filepath.Join(t.TempDir(), name+".json")
		if err := s.Save(path); err != nil {
			t.Fatal(err)
		}
		back, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(back.Nodes) != len(s.Nodes) {
			t.Fatal("node count changed")
		}
		for i := range s.Nodes {
			if !back.Nodes[i].Equal(&s.Nodes[i]) {
				t.Errorf("%s node %d: %+v != %+v", name, i, back.Nodes[i], s.Nodes[i])
			}
		}
	}
}

func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		`{`:                             "not a scene file",
		`{"format":"other","nodes":[]}`: "format",
		`{"format":"skewlab-scene/1","nodes":[]}`: "at least one node",
		`{"format":"skewlab-scene/1","nodes":[{"name":"A","position":[0,0],"rotation":[1,0,0,0],"scale":[1,1,1]}]}`:                  `node "A": field position: needs 3 numbers, got 2`,
		`{"format":"skewlab-scene/1","nodes":[{"name":"A","rotation":[1,0,0,0],"scale":[1,1,1]}]}`:                                   `node "A": field position: is required`,
		`{"format":"skewlab-scene/1","nodes":[{"name":"A","parent":"Z","position":[0,0,0],"rotation":[1,0,0,0],"scale":[1,1,1]}]}`:   `field parent`,
		`{"format":"skewlab-scene/1","nodes":[{"name":"A","position":[0,0,0],"rotation":[0,0,0,0],"scale":[1,1,1]}]}`:                `field rotation`,
		`{"format":"skewlab-scene/1","nodes":[{"name":"A","position":[0,0,0],"rotation":[1,0,0,0],"scale":[1,1,1],"shape":"cone"}]}`: `field shape`,
		`{"format":"skewlab-scene/1","nodes":[{"name":"A","position":[0,0,0],"rotation":[1,0,0,0],"scale":[1,1,1],"extra":1}]}`:      `unknown field`,
		`{"format":"skewlab-scene/1","nodes":[{"name":"A","position":[0,0,0],"rotation":[1,0,0,0],"scale":[1,1,1e9]}]}`:              `field scale`,
	}
	for text, want := range cases {
		path := filepath.Join(dir, "s.json")
		os.WriteFile(path, []byte(text), 0o644)
		s, err := Load(path)
		if s != nil || err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: got %v, want an error naming the file and %q", text, err, want)
		}
	}
}

func TestSetParentKeepsParentsFirst(t *testing.T) {
	s, _ := NewPreset("piston")
	// Make Root a child of B: a cycle, refused.
	if _, err := s.SetParent(0, 2); err == nil {
		t.Error("cycle accepted")
	}
	idx, err := s.SetParent(2, -1) // B becomes a root
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range s.Nodes {
		if n.Parent >= i {
			t.Errorf("node %s has parent %d after itself", n.Name, n.Parent)
		}
	}
	if s.Nodes[idx[2]].Name != "B" || s.Nodes[idx[2]].Parent != -1 {
		t.Error("B not a root at its new index")
	}
	// Moving Root under a later root reorders: Root must come after its new parent.
	idx, err = s.SetParent(idx[0], idx[2])
	if err != nil {
		t.Fatal(err)
	}
	if s.Nodes[0].Name != "B" || s.Nodes[idx[0]].Parent != 0 {
		t.Errorf("order after move: %v", s.Names())
	}
}

// quadraticPreorder is the readable reference for preorder: for each
// parent, scan every node for its children.
func quadraticPreorder(parent []int) []int {
	var order []int
	var visit func(p int)
	visit = func(p int) {
		for k := range parent {
			if parent[k] == p {
				order = append(order, k)
				visit(k)
			}
		}
	}
	visit(-1)
	return order
}

// TestPreorderMatchesReference compares the linear preorder with the
// reference on random forests, including ones where a parent comes after
// its child (as SetParent produces before reordering).
func TestPreorderMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := range 300 {
		n := 1 + rng.IntN(40)
		perm := rng.Perm(n) // a random forest in parents-first order of perm
		parent := make([]int, n)
		for j, k := range perm {
			parent[k] = -1
			if j > 0 && rng.IntN(5) > 0 {
				parent[k] = perm[rng.IntN(j)]
			}
		}
		got, want := preorder(parent), quadraticPreorder(parent)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d, parents %v: got %v, want %v", trial, parent, got, want)
		}
	}
}
