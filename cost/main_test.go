package cost

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"skewlab/state"
)

// TestMain installs the cost lab's state (LabState), as package main
// does, so its setting parses.
func TestMain(m *testing.M) {
	state.UseLabs(LabState)
	os.Exit(m.Run())
}

// The lab's own setting parses from a URL, writes back only when not the
// default, and rejects a name Shapes lacks, naming the setting.
func TestLabStateHierarchy(t *testing.T) {
	st, errs := state.FromQuery(url.Values{"lab": {"cost"}, "hierarchy": {"chain"}})
	// The only lab installed here is the default one, which a query leaves out.
	if len(errs) != 0 || st.Lab != "cost" || st.Hierarchy != "chain" || st.Query() != "hierarchy=chain" {
		t.Errorf("lab=cost&hierarchy=chain: %q %q %v, query %q", st.Lab, st.Hierarchy, errs, st.Query())
	}
	st.Hierarchy = "4ary"
	if q := st.Query(); q != "" {
		t.Errorf("the default hierarchy writes %q", q)
	}
	if _, errs := state.FromQuery(url.Values{"hierarchy": {"tree"}}); len(errs) != 1 || !strings.Contains(errs[0].Error(), "hierarchy") {
		t.Errorf("hierarchy=tree: errors %v, want one naming hierarchy", errs)
	}
}
