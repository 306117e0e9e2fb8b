package ui

import (
	"testing"

	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
	costlab "skewlab/ui/labs/cost"
	driftlab "skewlab/ui/labs/drift"
	dynamicslab "skewlab/ui/labs/dynamics"
	pistonlab "skewlab/ui/labs/piston"
)

// testLabs are the program's labs, as package main lists them.
var testLabs = []kit.Lab{pistonlab.Lab, driftlab.Lab, dynamicslab.Lab, costlab.Lab}

// TestMain installs testLabs, then runs the tests inside ebiten's game
// loop when a display is available (uitest.Main).
func TestMain(m *testing.M) { uitest.Main(m, kit.LabStates(testLabs)...) }
