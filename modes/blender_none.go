package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// blenderNone writes W3 = orthoY(P3, unit) * R * S.
func blenderNone(p *mgl64.Mat3x4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat3x4) bool {
	blenderLinear(scene.RuleBlenderNone, p, r, s, o)
	return true
}

func blenderNoneRef(p3, r mgl64.Mat3, s, _ mgl64.Vec3) (mgl64.Mat3, bool) {
	return scaleCols(transform.OrthogonalizeY(p3, true).Mul3(r), s), true
}

func init() {
	ruleRef[scene.RuleBlenderNone] = blenderNoneRef
}

// BlenderNone is Blender's bone Inherit Scale = None:
// W3 = orthoY(P3, unit) * R * S, position P*(t, 1): the parent's
// orientation, orthonormalized around its y axis, and no inherited scale
// at all. Source: BKE_bone_parent_transform_calc_from_matrices in
// Blender's source/blender/blenkernel/intern/armature.cc.
var BlenderNone = withKernel(Mode{
	Name: "blender-none", Title: "Blender: None",
	Reference:           ruleReference(scene.RuleBlenderNone),
	Rule:                scene.RuleBlenderNone,
	DropsInheritedScale: true,
	Point:               "Inherits the parent's orientation but none of its scale or shear: the child keeps its own size, only its position moves.",
	Explanation:         "Blender's None: the parent's matrix is made orthonormal around its y axis (Blender's orthogonalize_m4_stable with normalize), so the child inherits the parent's orientation and none of its scale or shear; the child's own rotation and scale follow. The position still comes from the full parent matrix, so the child moves with a stretched parent but keeps its own size.",
}, ruleKernel(scene.RuleBlenderNone), 0)
