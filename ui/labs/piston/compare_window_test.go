package pistonlab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ebitengine/debugui"

	"skewlab/modes"
	"skewlab/ui/internal/uitest"
	"skewlab/ui/kit"
)

// The Rules window shows compare's table for the picked node (B) and
// follows the sliders and the scope. By hand (Root scale (3,1,1), A at 90
// degrees about y): B's volume is 3 under accumulate-matrices and 24 under
// maya-ssc on B only, 8 with maya-ssc on every node; with Root back at
// scale 1, accumulate-matrices gives .25*.25*2 * 4*4*.5 = 1.
func TestRulesWindow(t *testing.T) {
	uitest.NeedLoop(t)
	m := pistonModel(t, "accumulate-matrices", 3)
	v := newView(m)
	in := kit.Input{Width: 1280, Height: 720, DeviceScale: 1, UIScale: 1, Level: kit.LevelFull}
	in.ViewX, in.ViewW = kit.FreeBand(&in)
	var ui debugui.DebugUI
	frames := func() {
		t.Helper()
		if err := v.Update(&in); err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 3; k++ {
			if _, err := ui.Update(func(ctx *debugui.Context) error {
				ctx.SetScale(kit.UIPixels(&in))
				v.Windows(ctx, &in)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	frames()
	if v.rules.made {
		t.Fatal("the table was made while the window is closed")
	}
	v.rules.open = true
	frames()
	vol := func(mode string) string {
		i := modes.Index(mode)
		if len(v.rules.cells) != len(modes.All) || i < 0 {
			t.Fatalf("%d rows, want %d", len(v.rules.cells), len(modes.All))
		}
		if got := v.rules.cells[i][0]; got != mode {
			t.Fatalf("row %d is %q, want %q", i, got, mode)
		}
		return v.rules.cells[i][3]
	}
	on := func(mode string) string { return v.rules.cells[modes.Index(mode)][1] }
	if !strings.HasPrefix(v.rules.title, "B (preset piston") {
		t.Errorf("title %q, want B's", v.rules.title)
	}
	if a, b := vol("accumulate-matrices"), vol("maya-ssc"); a != "3.0000" || b != "24.0000" {
		t.Errorf("volumes %s and %s, want 3.0000 and 24.0000", a, b)
	}
	// Each row says where its rule applies: an engine rule on B only, a
	// seed mode on every node.
	if a, b := on("accumulate-trs"), on("maya-ssc"); a != "all nodes" || b != "on B only" {
		t.Errorf("scope node: rows on %q and %q, want all nodes and on B only", a, b)
	}
	// Nothing changed: the table is not remade, and nothing is allocated.
	if n := testing.AllocsPerRun(10, func() { v.rules.update(v) }); n != 0 {
		t.Errorf("an unchanged table allocates %v per frame", n)
	}
	v.rules.scopeAll = true
	frames()
	if got := vol("maya-ssc"); got != "8.0000" || !strings.Contains(v.rules.title, "edited in the app") {
		t.Errorf("scope all: maya-ssc volume %s (want 8.0000), title %q", got, v.rules.title)
	}
	if got := on("maya-ssc"); got != "all nodes" {
		t.Errorf("scope all: maya-ssc on %q, want all nodes", got)
	}
	m.Edits[m.Scene.Index("Root")].Scale[0] = 1
	m.Touch()
	frames()
	if got := vol("accumulate-matrices"); got != "1.0000" {
		t.Errorf("Root scale 1: volume %s, want 1.0000", got)
	}

	// The desktop copy writes the Markdown table next to the screenshots
	// (the current directory) and says where.
	t.Chdir(t.TempDir())
	copyMarkdown(v.rules.table.Markdown(), "B/1 x", v.rules.setMsg)
	data, err := os.ReadFile("skewlab-compare-B_1_x.md")
	if err != nil || !strings.Contains(string(data), "|---|") || !strings.Contains(string(data), "| maya-ssc |") {
		t.Fatalf("copy: %v\n%s", err, data)
	}
	if abs, _ := filepath.Abs("skewlab-compare-B_1_x.md"); !strings.Contains(v.rules.msg, abs) {
		t.Errorf("message %q does not name %s", v.rules.msg, abs)
	}
}
