package render

import "testing"

// A line becomes one label per non-space character, the i-th character
// at x + i*cw; fixed strings stay whole; End says where the line lies in
// Buf; once the storage has grown, a frame's text allocates nothing.
func TestLineText(t *testing.T) {
	var lt LineText
	frame := func() (int, int) {
		lt.Reset(7)
		lt.Str(1, 2, "fixed", White)
		lt.Buf = append(lt.Buf, "xx"...) // before the line: not part of it
		lt.Begin(10, 20, LabelGrey)
		lt.Buf = append(lt.Buf, "a b"...)
		return lt.End()
	}
	a, b := frame()
	if a != 2 || b != 5 || string(lt.Buf[a:b]) != "a b" {
		t.Fatalf("End returned [%d, %d) of %q, want [2, 5) holding \"a b\"", a, b, lt.Buf)
	}
	want := []Label{
		{At: [2]float64{1, 2}, Text: "fixed", Color: White},
		{At: [2]float64{10, 20}, Text: "a", Color: LabelGrey},
		{At: [2]float64{10 + 2*7, 20}, Text: "b", Color: LabelGrey},
	}
	if len(lt.Labels) != len(want) {
		t.Fatalf("%d labels, want %d: %+v", len(lt.Labels), len(want), lt.Labels)
	}
	for i := range want {
		if lt.Labels[i] != want[i] {
			t.Errorf("label %d: %+v, want %+v", i, lt.Labels[i], want[i])
		}
	}
	if n := testing.AllocsPerRun(20, func() { frame() }); n != 0 {
		t.Errorf("%v allocations per frame, want 0", n)
	}
}
