//go:build !js

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"skewlab/internal/gltfgen"
	"skewlab/state"
)

// cliBadValues are, per command, command lines with a bad value (or a bad
// file, directory or address) that each must be refused with exit 2.
// Every command in main's table needs an entry; a bad flag, a stray argument
// and -h are added for each command by TestCommandLineConventions.
func cliBadValues(dir string) map[string][][]string {
	missing := filepath.Join(dir, "missing.json")
	png := filepath.Join(dir, "x.png")
	rig := filepath.Join(dir, "rig.gltf")
	// Every bad glTF fixture, and a good one with a scene it lacks, on
	// every command that takes -scene.
	var bad [][]string
	for _, f := range gltfgen.All(100) {
		os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644)
	}
	for _, fx := range gltfgen.Fixtures() {
		if !fx.Good {
			bad = append(bad, []string{"-scene", filepath.Join(dir, fx.Name)})
		}
	}
	bad = append(bad, []string{"-scene", filepath.Join(dir, "rig.glb"), "-gltf-scene", "7"}, []string{"-gltf-scene", "0"},
		[]string{"-scene", filepath.Join(dir, "rig.glb"), "-gltf-scene="})
	withO := func(rows [][]string) [][]string {
		var out [][]string
		for _, r := range rows {
			out = append(out, append([]string{"-o", png}, r...))
		}
		return out
	}
	rows := map[string][][]string{
		"app": {
			{"-size", "100x100junk"}, {"-size", "100x100x5"}, {"-size", " 1280x720"}, {"-size", "+1280x+720"},
			{"-measure", "0x1p-2"}, {"-uiscale", "+2"}, {"-mode", "nope"}, {"-scene="}, {"-screenshot="},
			{"-set", "Z.scale=1,1,1"}, {"-scene", missing}, {"-scene", dir}, {"-preset", "crash"},
			{"-lab", "drift", "-set", "Z.scale=1,1,1"}, {"-lab", "drift", "-scene", missing},
			{"-lab", "dynamics", "-preset", "crash", "-scene", dir}, {"-lab", "dynamics", "-set", "A.scale=1_000,1,1"},
			{"-lab", "cost", "-hierarchy", "tree"},
		},
		"report": {
			{"-format", "x"}, {"-scene="}, {"-scene", missing}, {"-preset", "crash"}, {"-set", "A.scale=1_000,1,1"},
			{"-set", "A.scale=0x1p-2,1,1"}, {"-set", "A.scale=1, 1,1"},
		},
		"compare": {
			{"-node", "Q"}, {"-rules", "nope"}, {"-rules", "maya-ssc,"}, {"-scope", "x"}, {"-format", "x"}, {"-scene", missing},
			{"-preset", "crash"}, {"-set", "A.scale=1_000,1,1"},
		},
		"export": {
			{"-o", png, "-size", "+1280x+720"}, {"-o", png, "-size", "100x100junk"}, {"-o", png, "-preset", "turntable"},
			{"-o", png, "-scene="}, {"-o", png, "-camera", "0x10,0,10"}, {"-o", "x.jpg"},
			{"-o", png, "-tour", "0"}, {"-o", png, "-tour", "99"}, {"-o", png, "-tour", "-1"}, {"-o", png, "-tour", "x"},
			{"-o", png, "-tour", "2", "-mode", "accumulate-trs"}, {"-o", png, "-lab", "cost", "-hierarchy", "tree"},
		},
		"audit": {
			{}, {rig, rig}, {""}, {missing}, {dir}, {"-format", "x", rig}, {rig, "-tolerance", "0"}, {rig, "-tolerance", "-1"},
			{rig, "-tolerance", "Inf"}, {rig, "-tolerance", "1_0"}, {rig, "-rules", "nope"}, {rig, "-rules", "maya-ssc,"},
			{rig, "-gltf-scene", "7"}, {rig, "-gltf-scene="}, {filepath.Join("assets", "presets", "piston.json"), "-gltf-scene", "0"},
		},
		"tour": {
			{"-export="}, {"-size", "10x10", "-export", missing}, {"-size", "1280x720"}, {"-md", "x.md"},
		},
		"drift": {
			{"-frames", "1_000"}, {"-frames", "0x10"}, {"-step", "0x1p-2"}, {"-step", "0x10"}, {"-step", "+1"},
			{"-axis", "1, 2,3"}, {"-scale", "Inf"}, {"-format", "xml"},
		},
		"dynamics": {
			{"-t", "0x1p-2"}, {"-t", " 1"}, {"-t", "1_0"}, {"-t", "NaN"}, {"-t", "-1"}, {"-preset", "piston"},
		},
		"cost": {
			// Refused before anything is measured (a row that slipped
			// through would measure for 20 s, then exit 0 and fail).
			{"-sizes", "1_000"}, {"-sizes", "0x10"}, {"-sizes", "1e3, 1e4"}, {"-sizes", "+1000"}, {"-sizes", "1e9"},
			{"-shapes", "tree"}, {"-shapes", "4ary,"}, {"-workers", "+1"}, {"-workers", "-2"}, {"-format", "xml"},
		},
		"serve": {
			// Only addresses no listener could take: a row that slipped
			// through must fail, not serve forever (TestCheckLoopback has
			// the rest).
			{"-addr", "127.0.0.1:99999"}, {"-addr", "0.0.0.0:0"}, {"-dir", missing, "-addr", "127.0.0.1:99999"},
		},
	}
	for _, c := range []string{"app", "report", "compare"} {
		rows[c] = append(rows[c], bad...)
	}
	rows["export"] = append(rows["export"], withO(bad)...)
	// bake takes FILE and -o OUT.glb: the bad fixtures, a file that is
	// not glTF, the input as output, no or a wrong -o, two files.
	glb, rig := filepath.Join(dir, "out.glb"), filepath.Join(dir, "rig.glb")
	sceneJSON := filepath.Join(dir, "scene.json")
	os.WriteFile(sceneJSON, []byte(`{"nodes":[{"name":"A"}]}`), 0o644)
	rows["bake"] = [][]string{
		{"-o", glb}, {rig}, {rig, "-o", png}, {rig, "-o="}, {rig, "-o", rig}, {"-o", rig, rig}, {rig, rig, "-o", glb},
		{missing, "-o", glb}, {dir, "-o", glb}, {sceneJSON, "-o", glb}, {"-o", glb, "--", "-x.gltf"},
	}
	for _, fx := range gltfgen.Fixtures() {
		if !fx.Good {
			rows["bake"] = append(rows["bake"], []string{filepath.Join(dir, fx.Name), "-o", glb})
			rows["audit"] = append(rows["audit"], []string{filepath.Join(dir, fx.Name)})
		}
	}
	return rows
}

// commandList returns the names of the commands in main's table that
// this build has.
func commandList() []string {
	var names []string
	for _, c := range commands {
		if c.Run != nil {
			names = append(names, c.Name)
		}
	}
	return names
}

// TestCommandLineConventions runs dispatch for every command with a bad
// flag, bad values, a stray argument and -h (findings 11-14): an error is
// exactly one line on stderr, "skewlab: COMMAND: ..." ("skewlab: ..." for
// the app), exit 2, nothing on stdout; -h prints the usage on stdout and
// exits 0. The app's rows never reach a window: its flags and scene are
// checked first, and with no display a row that slipped through would exit
// 1, not hang.
func TestCommandLineConventions(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := t.TempDir()
	bad := cliBadValues(dir)
	for _, name := range commandList() {
		values, ok := bad[name]
		if !ok {
			t.Errorf("command %s has no rows in cliBadValues", name)
		}
		prefix := "skewlab: " + name + ": "
		if name == "app" {
			prefix = "skewlab: "
		}
		rows := append([][]string{{"-bogus"}, {"extra"}, {"--nope=1"}}, values...)
		for _, args := range rows {
			code, out, errs := runCmd(t, append([]string{name}, args...)...)
			if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") ||
				!strings.HasPrefix(errs, prefix) || strings.HasPrefix(errs, prefix+"skewlab") {
				t.Errorf("%s %q: exit %d, stdout %q, stderr %q; want 2, nothing, one line starting %q", name, args, code, out, errs, prefix)
			}
		}
		for _, h := range []string{"-h", "-help", "--help"} {
			code, out, errs := runCmd(t, name, h)
			if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: skewlab") || !strings.Contains(out, "\nflags:\n  -") {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want 0 and the usage on stdout only", name, h, code, out, errs)
			}
		}
	}
	// The dispatcher itself: an unknown command, and the command list.
	if code, out, errs := runCmd(t, "nosuch"); code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "skewlab: unknown command") {
		t.Errorf("nosuch: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	for _, h := range []string{"-h", "help", "--help"} {
		if code, out, errs := runCmd(t, h); code != 0 || errs != "" || !strings.Contains(out, "commands:") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", h, code, out, errs)
		}
	}
}

// flagMention finds "-name" in a help text where a flag is meant: after
// the start, a space or an opening bracket, parenthesis or bar.
var flagMention = regexp.MustCompile(`(?:^|[\s\[(|])-([a-z][a-z0-9]*)\b`)

// definedFlag finds the flag lines of PrintDefaults ("  -name ...").
var definedFlag = regexp.MustCompile(`(?m)^  -([a-z][a-z0-9]*)`)

// TestHelpOffersOnlyWhatWorks (finding 15): every flag a command's -h
// mentions (in the synopsis or any flag's text) is one the command
// defines, and every preset its -preset line offers runs.
func TestHelpOffersOnlyWhatWorks(t *testing.T) {
	dir := t.TempDir()
	for _, name := range commandList() {
		_, help, _ := runCmd(t, name, "-h")
		defined := map[string]bool{"h": true}
		for _, m := range definedFlag.FindAllStringSubmatch(help, -1) {
			defined[m[1]] = true
		}
		if len(defined) == 1 {
			t.Errorf("%s -h lists no flags: %q", name, help)
		}
		for _, m := range flagMention.FindAllStringSubmatch(help, -1) {
			if !defined[m[1]] {
				t.Errorf("%s -h mentions -%s, which %s does not define", name, m[1], name)
			}
		}
	}
	// Commands that can run here: each preset offered must run (exit 0).
	run := map[string]func(preset string) []string{
		"report": func(p string) []string { return []string{"report", "-preset", p, "-mode", "accumulate-trs"} },
		"export": func(p string) []string {
			return []string{"export", "-preset", p, "-o", filepath.Join(dir, p+".svg"), "-size", "64x64"}
		},
		"dynamics": func(p string) []string { return []string{"dynamics", "-preset", p, "-t", "0.5"} },
		"compare":  func(p string) []string { return []string{"compare", "-preset", p} },
	}
	for name, args := range run {
		_, help, _ := runCmd(t, name, "-h")
		_, line, _ := strings.Cut(help, "\n  -preset ")
		line, _, _ = strings.Cut(line, "\n  -")
		offered := 0
		for _, lab := range state.Labs() {
			for _, p := range lab.Presets {
				if !regexp.MustCompile(`\b` + p + `\b`).MatchString(line) {
					continue
				}
				offered++
				if code, _, errs := runCmd(t, args(p)...); code != 0 {
					t.Errorf("%s -h offers preset %s, which fails: exit %d, %q", name, p, code, errs)
				}
			}
		}
		if offered == 0 {
			t.Errorf("%s -h offers no preset: %q", name, line)
		}
	}
	os.RemoveAll(dir)
}
