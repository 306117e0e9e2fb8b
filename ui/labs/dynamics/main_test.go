package dynamicslab

import (
	"testing"

	"skewlab/ui/internal/uitest"
)

// TestMain installs the dynamics lab's state (lab=dynamics and its presets
// must parse) and runs the tests in the game loop (uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m, Lab.State) }
