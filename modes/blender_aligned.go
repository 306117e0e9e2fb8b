package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// blenderAligned writes W3 = colnorm(Q) * R * S * diag(l), Q =
// orthoY(P3, keep lengths), l its column lengths.
func blenderAligned(p *mgl64.Mat3x4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat3x4) bool {
	blenderLinear(scene.RuleBlenderAligned, p, r, s, o)
	return true
}

func blenderAlignedRef(p3, r mgl64.Mat3, s, _ mgl64.Vec3) (mgl64.Mat3, bool) {
	q := transform.OrthogonalizeY(p3, false)
	l := transform.ColumnLengths(q)
	return scaleCols(scaleCols(transform.ColumnNormalize(q).Mul3(r), s), l), true
}

func init() {
	ruleRef[scene.RuleBlenderAligned] = blenderAlignedRef
}

// BlenderAligned is Blender's bone Inherit Scale = Aligned:
// Q = orthoY(P3, keep lengths), l_k the length of Q's column k,
// W3 = colnorm(Q) * R * S * diag(l), position P*(t, 1): the parent's
// orientation, and its scale applied along the child's own axes (x by
// the parent's x length, and so on), so it never skews. Source:
// BKE_bone_parent_transform_calc_from_matrices in Blender's
// source/blender/blenkernel/intern/armature.cc.
var BlenderAligned = withKernel(Mode{
	Name: "blender-aligned", Title: "Blender: Aligned",
	Reference:   ruleReference(scene.RuleBlenderAligned),
	Rule:        scene.RuleBlenderAligned,
	Point:       "Applies the parent's axis scales along the child's own axes, as accumulate-trs does: no skew, but fatter, not longer.",
	Explanation: "Blender's Aligned: the parent's matrix is orthogonalized around its y axis keeping its volume, split into unit directions and axis lengths, and the lengths are applied along the child's own axes after its rotation and scale. Like accumulate-trs for one level, a parent stretched along x makes a turned child fatter along the child's x, not longer along the world's.",
}, ruleKernel(scene.RuleBlenderAligned), 0)
