package piston

// TEMPORARY stand-ins until the framing branch merges.
type ViewName int

const (
	ViewTop ViewName = iota
	ViewFront
	ViewSide
	ViewIso
)

func (m *Model) FrameView()         { m.Touch() }
func (m *Model) SetView(v ViewName) { m.Touch() }
