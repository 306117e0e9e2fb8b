package pistonlab

import (
	"testing"

	"skewlab/piston"
	"skewlab/state"
	"skewlab/ui/internal/uitest"
)

// TestMain installs the piston lab's state (its presets and the modes'
// names the default state needs), then runs the tests inside ebiten's
// game loop when a display is available (uitest.Main).
func TestMain(m *testing.M) {
	state.UseLabs(piston.Lab)
	uitest.Main(m)
}

// needLoop skips or fails t without the game loop (uitest.NeedLoop).
func needLoop(t testing.TB) { t.Helper(); uitest.NeedLoop(t) }
