package driftlab

import (
	"testing"

	"skewlab/state"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// TestMain installs the drift lab's state, then runs the tests inside
// ebiten's game loop when a display is available (uitest.Main).
func TestMain(m *testing.M) {
	state.UseLabs(kit.LabStates([]kit.Lab{Lab})...)
	uitest.Main(m)
}

// needLoop skips or fails t without the game loop (uitest.NeedLoop).
func needLoop(t testing.TB) { t.Helper(); uitest.NeedLoop(t) }
