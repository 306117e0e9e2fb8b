// Command blendercheck compares skewlab with real Blender (make
// blendercheck; docs/engines.md, "Checking against real Blender"). Blender
// writes what it computed as JSON (scripts in checks/blender); this
// program computes the same with skewlab and compares:
//
//	go run ./scripts/blendercheck armatures BONES.json
//	go run ./scripts/blendercheck anim FILE.gltf VERTS.json
//	go run ./scripts/blendercheck fixture DIR
//	go run ./scripts/blendercheck bakeanim ORIGINAL.gltf COPY.glb VERTS.json
//
// armatures reads checks/blender/armatures.py's bones, builds each
// armature as a skewlab scene with the mapping of docs/engines.md (a
// node per bone, Rest from Bone.matrix, the pose rotation as the
// rotation, the Inherit Scale mode as the node's rule) and compares every
// bone's world matrix under accumulate-matrices with per-node rules with
// Blender's pose_bone.matrix, within ArmatureTol (relative). It prints the
// bones and the worst error per mode, and the worst error of the folded
// mapping (no rest/pose split), which must miss on Fix Shear bones.
//
// anim reads checks/blender/anim.py's evaluated vertices of FILE.gltf at
// several times, computes the same vertices with skewlab (gltfio, the
// file's animation applied at each time, accumulate-matrices worlds,
// scene.Deformer) and compares them within AnimTol of the mesh's size.
//
// fixture writes blendercheck's own animated, skinned glTF file
// (FixtureName) into DIR.
//
// bakeanim reads anim.py's evaluated vertices of COPY.glb, which must be
// what skewlab bake -anim makes of ORIGINAL.gltf at its default rate,
// and compares them with skewlab's vertices of the ORIGINAL under
// accumulate-matrices: within the bake's stated error plus AnimTol
// (checkBakeAnim).
//
// armatures, anim and bakeanim print its table on stdout and exits 0 when everything is within
// tolerance, 1 when a check fails (each failure one line on stderr), 2 on
// a bad command line or an unreadable file (one "blendercheck: ..." line
// on stderr, nothing on stdout).
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage:
  blendercheck armatures BONES.json      compare Blender's pose bones with skewlab's worlds
  blendercheck anim FILE.gltf VERTS.json compare Blender's evaluated vertices with skewlab's
  blendercheck fixture DIR               write blendercheck's animated, skinned fixture into DIR
  blendercheck bakeanim ORIG.gltf COPY.glb VERTS.json
                                         compare Blender's vertices of bake -anim's copy with skewlab's of the original
`

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) >= 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprint(stdout, usage)
		return 0
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "blendercheck: %v\n", err)
		return 2
	}
	if len(args) == 0 {
		return fail(fmt.Errorf("no command (want armatures, anim, fixture or bakeanim; -h for usage)"))
	}
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			return fail(fmt.Errorf("%s: unknown flag %s (-h for usage)", args[0], a))
		}
	}
	var failures []string
	switch args[0] {
	case "armatures":
		if len(args) != 2 {
			return fail(fmt.Errorf("armatures: want one JSON file (-h for usage)"))
		}
		doc, err := readDoc(args[1])
		if err != nil {
			return fail(fmt.Errorf("armatures: %w", err))
		}
		rep, err := checkArmatures(doc)
		if err != nil {
			return fail(fmt.Errorf("armatures: %w", err))
		}
		printArmatures(stdout, rep)
		failures = rep.Failures
	case "fixture":
		if len(args) != 2 {
			return fail(fmt.Errorf("fixture: want one folder (-h for usage)"))
		}
		p, err := writeFixture(args[1])
		if err != nil {
			return fail(fmt.Errorf("fixture: %w", err))
		}
		fmt.Fprintf(stdout, "fixture: wrote %s\n", p)
		return 0
	case "anim":
		if len(args) != 3 {
			return fail(fmt.Errorf("anim: want a glTF file and a JSON file (-h for usage)"))
		}
		vd, err := readVerts(args[2])
		if err != nil {
			return fail(fmt.Errorf("anim: %w", err))
		}
		rep, err := checkAnim(args[1], vd)
		if err != nil {
			return fail(fmt.Errorf("anim: %w", err))
		}
		printAnim(stdout, rep)
		failures = rep.Failures
	case "bakeanim":
		if len(args) != 4 {
			return fail(fmt.Errorf("bakeanim: want the original, the copy and a JSON file (-h for usage)"))
		}
		vd, err := readVerts(args[3])
		if err != nil {
			return fail(fmt.Errorf("bakeanim: %w", err))
		}
		rep, err := checkBakeAnim(args[1], args[2], vd)
		if err != nil {
			return fail(fmt.Errorf("bakeanim: %w", err))
		}
		printBakeAnim(stdout, rep)
		failures = rep.Failures
	default:
		return fail(fmt.Errorf("unknown command %q (want armatures, anim, fixture or bakeanim; -h for usage)", args[0]))
	}
	for _, f := range failures {
		fmt.Fprintf(stderr, "blendercheck: %s: FAIL %s\n", args[0], f)
	}
	if len(failures) > 0 {
		return 1
	}
	fmt.Fprintf(stdout, "%s: ok\n", args[0])
	return 0
}
