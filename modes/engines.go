package modes

import "slices"

// Engine is one row of the engines table: an engine (or format) whose
// world transforms one of skewlab's modes reproduces, with a public
// source for the claim.
type Engine struct {
	// Engine names the engine and the object kind, such as "Unity
	// GameObject" or "Blender bone, Inherit Scale = Fix Shear".
	Engine string
	// Short is the engine's name in a few words for running text, such
	// as "Unity" or "Blender Fix Shear bones" (the audit's sentences;
	// EngineShortNames). Rows of one engine under one rule may share it.
	Short string
	// Mode is the mode's name (a Name in All).
	Mode string
	// Note qualifies the match in one sentence, or is "".
	Note string
	// Source is a public doc page (URL) or a source file path in the
	// engine's repository that shows the rule.
	Source string
}

// Engines is the engines table: which rule each engine uses, in the
// order of All's modes. docs/engines.md shows it with the same sources;
// the Mode window and the comparison wall name a mode's engines from it
// (EngineNames), and the audit names them in short (EngineShortNames).
var Engines = []Engine{
	{"Unity GameObject", "Unity", "accumulate-matrices", "Transform.localToWorldMatrix multiplies the parents' matrices; lossyScale is skew-stripping's scale.",
		"https://docs.unity3d.com/ScriptReference/Transform-localToWorldMatrix.html"},
	{"Godot Node3D", "Godot", "accumulate-matrices", "global_transform is the parent's Transform3D times the node's.",
		"https://docs.godotengine.org/en/stable/classes/class_node3d.html"},
	{"three.js Object3D", "three.js", "accumulate-matrices", "updateMatrixWorld: matrixWorld = parent.matrixWorld * matrix.",
		"mrdoob/three.js: src/core/Object3D.js"},
	{"Bevy", "Bevy", "accumulate-matrices", "GlobalTransform is an affine matrix; a child's is the parent's times its Transform.",
		"bevyengine/bevy: crates/bevy_transform/src/components/global_transform.rs"},
	{"Blender object", "Blender objects", "accumulate-matrices", "A child object's world matrix is the parent's times its own.",
		"blender/blender: source/blender/blenkernel/intern/object.cc"},
	{"Blender bone, Inherit Scale = Full", "Blender Full bones", "accumulate-matrices", "",
		"blender/blender: source/blender/blenkernel/intern/armature.cc (BKE_bone_parent_transform_calc_from_matrices)"},
	{"FBX, inherit type RSrs", "FBX RSrs", "accumulate-matrices", "The parent's scale applies after the child's rotation, in the parent's space.",
		"https://help.autodesk.com/view/FBX/2020/ENU/?guid=FBX_Developer_Help_cpp_ref_class_fbx_transform_html"},
	{"glTF 2.0", "glTF", "accumulate-matrices", "Global transforms are products of local matrices, but a node stores only TRS (or a TRS-representable matrix): a skewed world cannot be exported as TRS.",
		"https://registry.khronos.org/glTF/specs/2.0/glTF-2.0.html#transformations"},
	{"Unreal FTransform", "Unreal", "accumulate-trs", "Scales multiply per axis and rotations compose; shear cannot be stored.",
		"EpicGames/UnrealEngine: Engine/Source/Runtime/Core/Public/Math/TransformNonVectorized.h"},
	{"FBX, inherit type RrSs", "FBX RrSs", "accumulate-trs", "The parent's scale applies before the child's rotation, along the child's axes.",
		"https://help.autodesk.com/view/FBX/2020/ENU/?guid=FBX_Developer_Help_cpp_ref_class_fbx_transform_html"},
	{"Unity Entities, uniform LocalTransform scale", "Unity Entities", "uniform-inner-scale", "LocalTransform holds one uniform scale; a non-uniform PostTransformMatrix applies to the entity only and is not inherited by its children.",
		"https://docs.unity3d.com/Packages/com.unity.entities@1.0/manual/transforms-concepts.html"},
	{"Unity Transform.lossyScale", "Unity lossyScale", "skew-stripping", "Unity draws with the full matrix; lossyScale is the scale this recipe keeps.",
		"https://docs.unity3d.com/ScriptReference/Transform-lossyScale.html"},
	{"Blender bone, Inherit Scale = Fix Shear", "Blender Fix Shear bones", "blender-fix-shear", "",
		"https://docs.blender.org/manual/en/latest/animation/armatures/bones/properties/relations.html"},
	{"Blender bone, Inherit Scale = Average", "Blender Average bones", "blender-average", "",
		"https://docs.blender.org/manual/en/latest/animation/armatures/bones/properties/relations.html"},
	{"Blender bone, Inherit Scale = None", "Blender None bones", "blender-none", "",
		"https://docs.blender.org/manual/en/latest/animation/armatures/bones/properties/relations.html"},
	{"Blender bone, Inherit Scale = None (Legacy)", "Blender None Legacy bones", "blender-none-legacy", "",
		"https://docs.blender.org/manual/en/latest/animation/armatures/bones/properties/relations.html"},
	{"Blender bone, Inherit Scale = Aligned", "Blender Aligned bones", "blender-aligned", "",
		"https://docs.blender.org/manual/en/latest/animation/armatures/bones/properties/relations.html"},
	{"Maya joint, Segment Scale Compensate", "Maya SSC joints", "maya-ssc", "The joint's world matrix uses the inverse of its parent's own scale.",
		"https://help.autodesk.com/view/MAYAUL/2024/ENU/?guid=Maya_ReferenceGuide_Node_Reference_joint_html"},
	{"FBX, inherit type Rrs", "FBX Rrs", "maya-ssc", "The parent's own scale does not affect the child.",
		"https://help.autodesk.com/view/FBX/2020/ENU/?guid=FBX_Developer_Help_cpp_ref_class_fbx_transform_html"},
	{"Houdini object, Scale Inheritance = Offset Only", "Houdini Offset Only", "maya-ssc", "The parent's scale moves the child but does not scale it.",
		"https://www.sidefx.com/docs/houdini/nodes/obj/geo.html"},
}

// EngineNames returns the names of the engines whose rule is the mode
// called mode, in table order, or nil for a mode no engine uses.
func EngineNames(mode string) []string {
	var out []string
	for _, e := range Engines {
		if e.Mode == mode {
			out = append(out, e.Engine)
		}
	}
	return out
}

// EngineShortNames returns the short names (Engine.Short) of the engines
// whose rule is the mode called mode, in table order, each once (Blender
// objects and Full bones are two rows, two names; a name shared by two
// rows of the mode is listed once), or nil for a mode no engine uses.
func EngineShortNames(mode string) []string {
	var out []string
	for _, e := range Engines {
		if e.Mode == mode && !slices.Contains(out, e.Short) {
			out = append(out, e.Short)
		}
	}
	return out
}
