package pistonlab

import (
	"testing"

	"skewlab/piston"
	"skewlab/ui/internal/uitest"
)

// TestMain installs the piston lab's state (its presets and the modes'
// names the default state needs) and runs the tests in the game loop
// (uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m, piston.Lab) }
