package ui

import (
	"os"
	"testing"

	"skewlab/scene"
)

// TestWriteStressScene writes the 1,000-piston scene to the file named by
// SKEWLAB_STRESS_OUT (for measuring the app's frame rate with -scene); it
// does nothing when the variable is unset.
func TestWriteStressScene(t *testing.T) {
	out := os.Getenv("SKEWLAB_STRESS_OUT")
	if out == "" {
		t.Skip("SKEWLAB_STRESS_OUT not set")
	}
	sc, err := scene.Pistons(1000)
	if err != nil {
		t.Fatal(err)
	}
	if err := sc.Save(out); err != nil {
		t.Fatal(err)
	}
}
