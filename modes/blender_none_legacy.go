package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// blenderNoneLegacy writes W3 = colnorm(P3) * R * S.
func blenderNoneLegacy(p *mgl64.Mat3x4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat3x4) bool {
	blenderLinear(scene.RuleBlenderNoneLegacy, p, r, s, o)
	return true
}

// colNormalize divides each column of q by its length (a zero column
// stays zero) and returns the lengths; written out, as colLen and a loop
// of three would compute it.
func colNormalize(q *mgl64.Mat3) mgl64.Vec3 {
	l0 := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2])
	l1 := math.Sqrt(q[3]*q[3] + q[4]*q[4] + q[5]*q[5])
	l2 := math.Sqrt(q[6]*q[6] + q[7]*q[7] + q[8]*q[8])
	if l0 > 0 {
		k := 1 / l0
		q[0], q[1], q[2] = q[0]*k, q[1]*k, q[2]*k
	}
	if l1 > 0 {
		k := 1 / l1
		q[3], q[4], q[5] = q[3]*k, q[4]*k, q[5]*k
	}
	if l2 > 0 {
		k := 1 / l2
		q[6], q[7], q[8] = q[6]*k, q[7]*k, q[8]*k
	}
	return mgl64.Vec3{l0, l1, l2}
}

func blenderNoneLegacyRef(p3, r mgl64.Mat3, s, _ mgl64.Vec3) (mgl64.Mat3, bool) {
	return scaleCols(transform.ColumnNormalize(p3).Mul3(r), s), true
}

func init() {
	ruleRef[scene.RuleBlenderNoneLegacy] = blenderNoneLegacyRef
}

// BlenderNoneLegacy is Blender's bone Inherit Scale = None (Legacy), the
// pre-2.81 behaviour: W3 = colnorm(P3) * R * S, position P*(t, 1), where
// colnorm divides each column by its length (a zero column stays zero):
// the parent's scale is removed but its shear survives. With the rule on
// every node no parent is sheared (a glTF matrix's own shear aside), and
// it equals BlenderNone for positive scales. Source:
// BKE_bone_parent_transform_calc_from_matrices in Blender's
// source/blender/blenkernel/intern/armature.cc.
var BlenderNoneLegacy = withKernel(Mode{
	Name: "blender-none-legacy", Title: "Blender: None (Legacy)",
	Reference:           ruleReference(scene.RuleBlenderNoneLegacy),
	Rule:                scene.RuleBlenderNoneLegacy,
	DropsInheritedScale: true,
	Point:               "Divides each parent axis by its length: scale is gone, but a sheared parent shears the child (never when every node uses it).",
	Explanation:         "Blender's None (Legacy), its behaviour before 2.81: each column of the parent's 3x3 matrix is divided by its length, which removes the parent's scale along its own axes but keeps the angles between them. Chosen as the mode, it applies to every node, so no parent is ever sheared and, with positive scales, it draws what None draws. Set on one node only (the wall's pane on B only, or -set B.rule=blender-none-legacy), it keeps the shear of a parent that follows another rule: a turned child of a stretched grandparent shears the node too, which is why Blender replaced it with None.",
}, ruleKernel(scene.RuleBlenderNoneLegacy), 0)
