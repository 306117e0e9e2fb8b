package costlab

import (
	"testing"

	"skewlab/ui/internal/uitest"
)

// TestMain installs the cost lab's state and runs the tests in the game
// loop (uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m, Lab.State) }
