package state

import (
	"strings"
	"testing"
)

// TestURLAnimNeedsTheAnimation: a page's anim= naming an animation its
// preset lacks is dropped with one message, and the other parameters
// still apply, so the page opens; t= and play= alone on a preset without
// animations are accepted (its one pose).
func TestURLAnimNeedsTheAnimation(t *testing.T) {
	for _, c := range []struct {
		search string
		msgs   int
	}{
		{"?anim=walk&t=1&mode=accumulate-matrices", 1},
		{"?anim=0&mode=accumulate-matrices", 1},
		{"?t=0.5&play=1&mode=accumulate-matrices", 0},
	} {
		st, errs := FromSearch(c.search)
		if len(errs) != c.msgs || c.msgs == 1 && (!strings.HasPrefix(errs[0].Error(), "URL parameter anim: ") || !strings.Contains(errs[0].Error(), "no animation")) {
			t.Errorf("%s: messages %v, want %d (anim: the scene has no animation)", c.search, errs, c.msgs)
		}
		if st.Anim != "" {
			t.Errorf("%s: anim %q stayed", c.search, st.Anim)
		}
		if st.Mode != "accumulate-matrices" {
			t.Errorf("%s: mode %q, want the other parameters applied", c.search, st.Mode)
		}
	}
}
