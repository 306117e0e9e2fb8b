package scene

import "testing"

// TestSetParentRenumbersAnimations: a move that reorders the nodes keeps
// every animation channel on its node (by name), in a copy: a clone made
// before the move keeps the old numbering.
func TestSetParentRenumbersAnimations(t *testing.T) {
	s, err := NewPreset("piston")
	if err != nil {
		t.Fatal(err)
	}
	b := s.Index("B")
	s.Animations = []*Animation{{Name: "slide", Channels: []Channel{
		{Node: b, Path: PathTranslation, Times: []float64{0, 1}, Values: []float64{0, 0, 0, 1, 0, 0}, Width: 3},
		{Node: s.Index("A"), Path: PathScale, Times: []float64{0}, Values: []float64{1, 2, 1}, Width: 3},
	}}}
	before := s.Clone()
	if _, err := s.SetParent(b, -1); err != nil { // B becomes a root
		t.Fatal(err)
	}
	if _, err := s.SetParent(s.Index("Root"), s.Index("B")); err != nil { // Root under B: B comes first
		t.Fatal(err)
	}
	if s.Index("B") != 0 {
		t.Fatalf("B is at %d after the moves, want 0 (the test needs a reorder)", s.Index("B"))
	}
	ch := s.Animations[0].Channels
	if got := s.Nodes[ch[0].Node].Name; got != "B" {
		t.Errorf("translation channel now targets %q, want B", got)
	}
	if got := s.Nodes[ch[1].Node].Name; got != "A" {
		t.Errorf("scale channel now targets %q, want A", got)
	}
	if err := s.CheckAnimations(); err != nil {
		t.Error(err)
	}
	if got := before.Animations[0].Channels[0].Node; got != b {
		t.Errorf("the clone's channel moved to %d, want %d (its own numbering)", got, b)
	}
}
