//go:build !js

package pistonlab

import (
	"os"
	"path/filepath"
	"strings"
)

// copyMarkdown writes md to skewlab-compare-NODE.md in the current
// directory (where the P key's screenshots go: ebiten has no clipboard on
// the desktop) and reports what it did, for the Rules window: the file's
// absolute path, or the error. Characters of the node name other than ASCII
// letters, digits, '-' and '_' become '_' in the file name.
func copyMarkdown(md, node string, report func(msg string)) {
	path := "skewlab-compare-" + fileSafe(node) + ".md"
	if err := os.WriteFile(path, []byte(md), 0o644); err != nil {
		report("could not write the table: " + err.Error())
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	report("no clipboard on the desktop: the Markdown table is in " + path)
}

// fileSafe maps name to a file-name part: ASCII letters, digits, '-' and
// '_' kept, every other character '_'; "node" for an empty name.
func fileSafe(name string) string {
	if name == "" {
		return "node"
	}
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, name)
}
