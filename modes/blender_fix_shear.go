package modes

import (
	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
	"skewlab/transform"
)

// blenderFixShear writes W3 = orthoY(P3*R, keep lengths) * S.
func blenderFixShear(p *mgl64.Mat3x4, r *mgl64.Mat3, s, _ mgl64.Vec3, o *mgl64.Mat3x4) bool {
	var m mgl64.Mat3
	lin3Mul(p, r, &m)
	orthoY(&m, false)
	for c := 0; c < 3; c++ {
		o[3*c], o[3*c+1], o[3*c+2] = m[3*c]*s[c], m[3*c+1]*s[c], m[3*c+2]*s[c]
	}
	return true
}

func blenderFixShearRef(p3, r mgl64.Mat3, s, _ mgl64.Vec3) (mgl64.Mat3, bool) {
	return scaleCols(transform.OrthogonalizeY(p3.Mul3(r), false), s), true
}

// blenderFixShearRest writes W3 = orthoY(P3*Rrest, keep lengths) * R * S
// for a bone with a rest rotation (scene.Node.Rest): Blender straightens
// the parent times the rest matrix, then applies the pose rotation and
// scale (BKE_bone_parent_transform_calc_from_matrices builds the parent
// transform from the rest offset; the pose matrix multiplies after).
func blenderFixShearRest(p *mgl64.Mat3x4, nd *scene.Node, s mgl64.Vec3, o *mgl64.Mat3x4) {
	var rr, rp, m mgl64.Mat3
	rotCols(nd.Rest, &rr)
	rotCols(nd.Local.Rotation, &rp)
	lin3Mul(p, &rr, &m)
	orthoY(&m, false)
	writeQRS(&m, &rp, s, o)
}

func blenderFixShearRestRef(p3, rest, pose mgl64.Mat3, s mgl64.Vec3) mgl64.Mat3 {
	return transform.OrthogonalizeY(p3.Mul3(rest), false).Mul3(pose).Mul3(mgl64.Diag3(s))
}

func init() {
	ruleRef[scene.RuleBlenderFixShear] = blenderFixShearRef
}

// BlenderFixShear is Blender's bone Inherit Scale = Fix Shear:
// W3 = orthoY(P3*R, keep lengths) * S, position P*(t, 1); for a bone with
// a rest rotation (scene.Node.Rest) W3 = orthoY(P3*Rest, keep lengths) *
// R * S, R the pose rotation. orthoY is
// orthogonalize_m4_stable(M, 1, false) (transform.OrthogonalizeY): the
// parent's linear part times the node's rotation, made orthogonal around
// its y axis while keeping its volume, then the node's own scale. Source:
// BKE_bone_parent_transform_calc_from_matrices in Blender's
// source/blender/blenkernel/intern/armature.cc.
var BlenderFixShear = withKernel(Mode{
	Name: "blender-fix-shear", Title: "Blender: Fix Shear",
	Reference:   ruleReference(scene.RuleBlenderFixShear),
	Rule:        scene.RuleBlenderFixShear,
	Point:       "Inherits the parent's scale and volume like matrices, then straightens the shear around the bone's y axis: nearly no skew.",
	Explanation: "Blender's Fix Shear: take the parent's matrix times the bone's rotation, then make it orthogonal around its y axis (Blender's orthogonalize_m4_stable): the x and z columns lose their y components and turn toward each other's perpendicular by equal angles, and their lengths are scaled so the volume stays. Then the bone's own scale applies. The piston keeps the parent's stretch and volume without visible skew; shears under 0.006 degrees are left alone.",
}, ruleKernel(scene.RuleBlenderFixShear), 0)
