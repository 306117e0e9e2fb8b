package main

import (
	"strings"
	"testing"
)

func TestWebState(t *testing.T) {
	for _, tc := range []struct {
		search string
		mode   string
		sets   int
		msgs   []string // substrings, one per expected message
	}{
		{"", "accumulate-trs", 0, nil},
		{"?", "accumulate-trs", 0, nil},
		{"?mode=accumulate-matrices&set=Root.scale=3,1,1", "accumulate-matrices", 1, nil},
		{"?mode=nonsense&set=Root.scale=3,1,1", "accumulate-trs", 1, []string{"mode"}},
		{"?mode=accumulate-matrices&set=Nope.scale=1,1,1&ui=loud", "accumulate-matrices", 0, []string{"ui", "Nope"}},
		{"?mode=accumulate-matrices&x=%zz", "accumulate-matrices", 0, []string{"URL: invalid URL escape"}},
		{"?set=Root.scale=NaN,1,1&camera=1,2", "accumulate-trs", 0, []string{"set", "camera"}},
		{"?aa=sometimes", "accumulate-trs", 0, []string{"aa"}},
		// URL syntax in the URL's messages; a preset of another lab is
		// dropped with its mode (skew's accumulate-matrices).
		{"?preset=crash", "accumulate-trs", 0, []string{"preset=crash belongs to lab dynamics, not piston (show it with lab=dynamics)"}},
		{"?lab=dynamics&preset=skew", "accumulate-trs", 0, []string{"preset=skew belongs to lab piston, not dynamics (show it with lab=piston;"}},
	} {
		st, msgs := webState(tc.search)
		if st.Mode != tc.mode || len(st.Sets) != tc.sets {
			t.Errorf("webState(%q): mode %q with %d sets, want %q with %d", tc.search, st.Mode, len(st.Sets), tc.mode, tc.sets)
		}
		if len(msgs) != len(tc.msgs) {
			t.Errorf("webState(%q): messages %q, want %d", tc.search, msgs, len(tc.msgs))
			continue
		}
		for _, want := range tc.msgs {
			found := false
			for _, m := range msgs {
				found = found || strings.Contains(m, want)
			}
			if !found {
				t.Errorf("webState(%q): messages %q, want one mentioning %q", tc.search, msgs, want)
			}
		}
	}
}

// TestWebStateShareRoundTrip: the Share query of a parsed URL parses back
// to the same state without messages.
func TestWebStateShareRoundTrip(t *testing.T) {
	st, msgs := webState("?mode=skew-stripping&set=Root.scale=3,1,1&ui=min&camera=30,20,12&aa=off")
	if len(msgs) != 0 {
		t.Fatalf("messages %q", msgs)
	}
	q := st.Query()
	back, msgs := webState("?" + q)
	if len(msgs) != 0 || back.Query() != q {
		t.Errorf("share query %q parses back to %q with messages %q", q, back.Query(), msgs)
	}
}

// TestFrameRecord: the bytes index.html's skewlab.frame() decodes, laid
// out by hand (little-endian uint32 ticks, draws, flags).
func TestFrameRecord(t *testing.T) {
	b := make([]byte, frameRecordSize)
	frameRecord(b, 0x01020304, 300, true, false)
	want := []byte{4, 3, 2, 1, 0x2c, 1, 0, 0, 1, 0, 0, 0}
	if string(b) != string(want) {
		t.Errorf("settled, not anti-aliased: % x, want % x", b, want)
	}
	frameRecord(b, 1<<32+5, 7, false, true)
	want = []byte{5, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0}
	if string(b) != string(want) {
		t.Errorf("anti-aliased, ticks past uint32: % x, want % x", b, want)
	}
}

// FuzzWebState: no URL makes the page panic, and whatever it accepts
// round-trips through Share.
func FuzzWebState(f *testing.F) {
	for _, s := range []string{"", "?mode=accumulate-trs&set=Root.scale=3,1,1", "?set=%", "?camera=1,2,3,4,5,6,7&ui=off", "?set=Root.rotation=0,0,0,0", "?play=0&preset=stretchy-arm&wall=none", "?preset=stretchy-arm&set=Upper.scale=1,2,1&anim=stretch&t=1", "?lab=dynamics&preset=skew&wall=none", "?preset=crash&mode=maya-ssc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, search string) {
		st, _ := webState(search)
		q := st.Query()
		back, msgs := webState("?" + q)
		if len(msgs) != 0 || back.Query() != q {
			t.Errorf("%q: share query %q parses back to %q with messages %q", search, q, back.Query(), msgs)
		}
	})
}
