package kit

import (
	"testing"

	"skewlab/ui/internal/uitest"
)

// TestMain runs the tests inside ebiten's game loop when a display is
// available (uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m) }
