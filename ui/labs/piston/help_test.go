package pistonlab

import (
	"strings"
	"testing"

	"skewlab/modes"
	"skewlab/scene"
)

// TestHelpListsRealKeys: the help overlay names every mode and preset
// with its digit, says how many digits there are, and no line is longer
// than the overlay.
func TestHelpListsRealKeys(t *testing.T) {
	all := strings.Join(pistonHelp, "\n")
	for i, n := range modes.Names() {
		if !strings.Contains(all, " "+string(rune('0'+(i+1)%10))+" "+n) {
			t.Errorf("help does not give key %d for mode %s:\n%s", i+1, n, all)
		}
	}
	for i, n := range scene.PresetNames() {
		if !strings.Contains(all, " "+string(rune('1'+i))+" "+n) {
			t.Errorf("help does not give Shift+%d for preset %s:\n%s", i+1, n, all)
		}
	}
	if last := string(rune('0' + len(modes.All)%10)); !strings.Contains(all, "1.."+last) || len(modes.All) != 9 && strings.Contains(all, "1..9 ") {
		t.Errorf("help does not say 1..%s:\n%s", last, all)
	}
	if !strings.Contains(all, " 0 maya-ssc") {
		t.Errorf("help does not give key 0 for maya-ssc:\n%s", all)
	}
	for _, l := range pistonHelp {
		if len(l) > helpWidth {
			t.Errorf("help line %q longer than %d", l, helpWidth)
		}
	}
}
