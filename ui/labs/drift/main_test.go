package driftlab

import (
	"testing"

	"skewlab/ui/internal/uitest"
)

// TestMain installs the drift lab's state and runs the tests in the game
// loop (uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m, Lab.State) }
