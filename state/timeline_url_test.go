package state

import (
	"strings"
	"testing"
)

// TestURLTimelineNeedsAnAnimation: a page's anim=, t= and play= on a
// preset without animations are dropped with one message naming the
// parameter (anim before t before play), and the other parameters still
// apply, so the page opens.
func TestURLTimelineNeedsAnAnimation(t *testing.T) {
	for _, c := range []struct{ search, param string }{
		{"?t=0.5&mode=accumulate-matrices", "t"},
		{"?anim=walk&t=1&play=1&mode=accumulate-matrices", "anim"},
		{"?play=1&mode=accumulate-matrices", "play"},
	} {
		st, errs := FromSearch(c.search)
		if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "URL parameter "+c.param+": ") || !strings.Contains(errs[0].Error(), "no animation") {
			t.Errorf("%s: messages %v, want one about %s: the scene has no animation", c.search, errs, c.param)
		}
		if st.Animated() || st.Time != 0 {
			t.Errorf("%s: the timeline settings stayed: %+v", c.search, st)
		}
		if st.Mode != "accumulate-matrices" {
			t.Errorf("%s: mode %q, want the other parameters applied", c.search, st.Mode)
		}
	}
}
