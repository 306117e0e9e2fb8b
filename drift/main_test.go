package drift

import (
	"net/url"
	"os"
	"testing"

	"skewlab/state"
)

// TestMain installs the drift lab's state (LabState), as package main
// does, so its settings parse.
func TestMain(m *testing.M) {
	state.UseLabs(LabState)
	os.Exit(m.Run())
}

// TestLabStateNormalize: the lab's own setting parses from a URL and
// rejects a name NormNames lacks.
func TestLabStateNormalize(t *testing.T) {
	st, errs := state.FromQuery(url.Values{"lab": {"drift"}, "normalize": {"float32"}})
	if len(errs) != 0 || st.Lab != "drift" || st.Normalize != "float32" {
		t.Errorf("lab=drift&normalize=float32: %q %q %v", st.Lab, st.Normalize, errs)
	}
	if _, errs := state.FromQuery(url.Values{"normalize": {"float16"}}); len(errs) != 1 {
		t.Errorf("normalize=float16: errors %v, want one", errs)
	}
}
