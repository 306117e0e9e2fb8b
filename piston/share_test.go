package piston

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/internal/gltfgen"

	"skewlab/state"
)

// modelState is the state a Share link of m carries when the page was
// opened with opened: the default state with opened's UI level, scale and
// lab, and m's part written by Share.
func modelState(m *Model, opened state.State) state.State {
	st := state.Default()
	st.UI, st.UIScale, st.Lab = opened.UI, opened.UIScale, opened.Lab
	m.Share(&st)
	return st
}

// TestModelStateRoundTrip: the Share query of a model, opened again, gives
// a model with the same sliders, mode, comparison and camera.
func TestModelStateRoundTrip(t *testing.T) {
	for _, search := range []string{
		"",
		"?mode=accumulate-matrices&set=Root.scale=3,1,1",
		"?preset=skew&mode=skew-stripping&compare=accumulate-trs&split=1&spin=1",
		"?set=A.euler=0,45,0&set=B.position=1,2,3&camera=30,20,12,1,0,0,45&ui=min&uiscale=2",
	} {
		opened, msgs := state.FromSearch(search)
		if len(msgs) != 0 {
			t.Fatalf("%q: %q", search, msgs)
		}
		m, err := NewModel(opened)
		if err != nil {
			t.Fatal(err)
		}
		q := modelState(m, opened).Query()
		again, msgs := state.FromSearch("?" + q)
		if len(msgs) != 0 {
			t.Fatalf("%q: share query %q gives messages %q", search, q, msgs)
		}
		m2, err := NewModel(again)
		if err != nil {
			t.Fatal(err)
		}
		if q2 := modelState(m2, again).Query(); q2 != q {
			t.Errorf("%q: share query %q reopens as %q", search, q, q2)
		}
		if m2.Mode != m.Mode || m2.Compare != m.Compare || m2.Split != m.Split || m2.Spin != m.Spin || !sameCamera(m2.Camera, m.Camera) {
			t.Errorf("%q: share query %q reopens a different model", search, q)
		}
		for i := range m.Edits {
			a, b := m.Edits[i], m2.Edits[i]
			if !vecNear(a.Position, b.Position) || !vecNear(a.Euler, b.Euler) || !vecNear(a.Scale, b.Scale) {
				t.Errorf("%q: node %d edits %v reopen as %v", search, i, a, b)
			}
		}
		if again.UI != opened.UI || again.UIScale != opened.UIScale {
			t.Errorf("%q: UI level or scale lost in %q", search, q)
		}
	}
}

// TestModelStateFollowsSliders: a slider moved after opening is in the
// share query; untouched sliders are not.
func TestModelStateFollowsSliders(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	if q := modelState(m, state.Default()).Query(); q != "" {
		t.Errorf("untouched default model shares %q, want an empty query", q)
	}
	root := m.Scene.Index("Root")
	m.Edits[root].Scale[0] = 3.0200000000000005
	m.Camera.Yaw += 10
	q := modelState(m, state.Default()).Query()
	for _, want := range []string{"set=Root.scale%3D3.02%2C1%2C1", "camera="} {
		if !strings.Contains(q, want) {
			t.Errorf("share query %q lacks %q", q, want)
		}
	}
}

// TestShareWritesOnlyItsPart: Share replaces the piston lab's fields of a
// state that had others (a scene file, a camera, a comparison) with the
// model's, and leaves the fields of the UI and of other labs alone.
func TestShareWritesOnlyItsPart(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	st, msgs := state.FromSearch("?preset=skew&mode=accumulate-matrices&compare=accumulate-trs&camera=30,20,12&set=Child.scale=2,2,2&ui=min&aa=off")
	if len(msgs) != 0 {
		t.Fatal(msgs)
	}
	st.ScenePath, st.Normalize = "x.json", "other"
	m.Share(&st)
	if st.Preset != "piston" || st.ScenePath != "" || st.Mode != state.Default().Mode || st.Compare != "" ||
		st.Camera != nil || len(st.Sets) != 0 || st.Split || st.Spin {
		t.Errorf("Share kept the old piston part: %+v", st)
	}
	if st.UI != "min" || st.AntiAlias != "off" || st.Normalize != "other" {
		t.Errorf("Share changed another part: %+v", st)
	}
}

// TestShareReopensTheSamePicture: a Share link opened in a band of the
// same size shows the same camera, whether the camera is the framed
// default (left out of the link, so a page of another size frames for its
// own screen), the framing of the scene before a slider moved (written,
// since the reopened page would frame the changed scene), a standard view
// with orthographic projection (view= and ortho=, no camera), or a zoomed
// top view (camera with pitch 90).
func TestShareReopensTheSamePicture(t *testing.T) {
	const x, w, h = 300.0, 900.0, 600.0
	for _, c := range []struct {
		name, search string
		act          func(m *Model)
		want, lack   []string
	}{
		{"untouched", "", func(m *Model) {}, nil, []string{"camera=", "view=", "ortho="}},
		{"slider after framing", "?mode=accumulate-matrices", func(m *Model) {
			m.Edits[m.Scene.Index("Root")].Scale = [3]float64{3, 1, 1}
		}, []string{"camera=", "set=Root.scale"}, []string{"view="}},
		{"top ortho", "", func(m *Model) {
			m.SetView(ViewTop)
			m.ToggleOrtho()
			m.Recompute(x, w, h) // the framing happens here
		}, []string{"view=top", "ortho="}, []string{"camera="}},
		{"top zoomed", "", func(m *Model) {
			m.SetView(ViewTop)
			m.Recompute(x, w, h)
			m.Camera.Zoom(0.5)
		}, []string{"view=top", "camera=0%2C90%2C"}, nil},
		{"split", "?compare=accumulate-matrices&split=1&set=Root.scale=3,1,1", func(m *Model) {}, []string{"split="}, []string{"camera="}},
	} {
		opened, msgs := state.FromSearch(c.search)
		if len(msgs) != 0 {
			t.Fatalf("%s: %q", c.name, msgs)
		}
		m, err := NewModel(opened)
		if err != nil {
			t.Fatal(err)
		}
		m.Recompute(x, w, h)
		c.act(m)
		m.Recompute(x, w, h)
		q := modelState(m, opened).Query()
		for _, s := range c.want {
			if !strings.Contains(q, s) {
				t.Errorf("%s: share query %q lacks %q", c.name, q, s)
			}
		}
		for _, s := range c.lack {
			if strings.Contains(q, s) {
				t.Errorf("%s: share query %q has %q", c.name, q, s)
			}
		}
		again, msgs := state.FromSearch("?" + q)
		if len(msgs) != 0 {
			t.Fatalf("%s: share query %q gives %q", c.name, q, msgs)
		}
		m2, err := NewModel(again)
		if err != nil {
			t.Fatal(err)
		}
		m2.Recompute(x, w, h)
		if !sameCamera(m2.Camera, m.Camera) {
			t.Errorf("%s: share query %q reopens camera %+v, shared %+v", c.name, q, m2.Camera, m.Camera)
		}
	}
}

// Share of a file scene: a file on disk is written as its path with the
// edits against it; a dropped file (no path) cannot be carried, so no
// set names its nodes (they would be refused against the preset).
func TestShareFileScene(t *testing.T) {
	dir := t.TempDir()
	for _, f := range gltfgen.Rig() {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	st := state.Default()
	st.ScenePath = filepath.Join(dir, "rig.gltf")
	m, err := NewModel(st)
	if err != nil {
		t.Fatal(err)
	}
	m.Edits[m.Scene.Index("Spine")].Scale = mgl64.Vec3{2, 1, 1}
	var got state.State
	m.Share(&got)
	if got.ScenePath != st.ScenePath || len(got.Sets) != 1 || got.Sets[0].String() != "Spine.scale=2,1,1" {
		t.Errorf("shared scene %q sets %v, want the path and Spine.scale=2,1,1", got.ScenePath, got.Sets)
	}
	if err := m.Open(os.DirFS(dir), "rig.gltf", ""); err != nil {
		t.Fatal(err)
	}
	m.Edits[0].Scale = mgl64.Vec3{3, 1, 1}
	got = state.State{}
	m.Share(&got)
	if got.ScenePath != "" || len(got.Sets) != 0 {
		t.Errorf("a dropped file shared as scene %q sets %v, want neither", got.ScenePath, got.Sets)
	}
}

// A file that cannot be read is named as the user gave it: its disk path
// when there is one, else its name.
func TestOpenErrorNamesThePath(t *testing.T) {
	m, err := NewModel(state.Default())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	err = m.Open(os.DirFS(dir), "gone.glb", filepath.Join(dir, "gone.glb"))
	if err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "gone.glb")+": cannot read: ") {
		t.Errorf("error %v, want it to start with the disk path", err)
	}
	if err := m.Open(os.DirFS(dir), "gone.glb", ""); err == nil || !strings.HasPrefix(err.Error(), "gone.glb: ") {
		t.Errorf("error %v, want it to start with the name", err)
	}
}
