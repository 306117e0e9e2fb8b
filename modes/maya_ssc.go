package modes

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"skewlab/scene"
)

// mayaSSC writes W3 = P3 * diag(1/ps) * R * S, ps the parent's local
// scale; false when a component of ps is zero or its inverse overflows.
func mayaSSC(p *mgl64.Mat3x4, r *mgl64.Mat3, s, ps mgl64.Vec3, o *mgl64.Mat3x4) bool {
	i0, i1, i2 := 1/ps[0], 1/ps[1], 1/ps[2]
	if math.IsInf(i0, 0) || math.IsInf(i1, 0) || math.IsInf(i2, 0) {
		return false
	}
	for c := 0; c < 3; c++ {
		r0, r1, r2 := r[3*c]*i0*s[c], r[3*c+1]*i1*s[c], r[3*c+2]*i2*s[c]
		o[3*c] = p[0]*r0 + p[3]*r1 + p[6]*r2
		o[3*c+1] = p[1]*r0 + p[4]*r1 + p[7]*r2
		o[3*c+2] = p[2]*r0 + p[5]*r1 + p[8]*r2
	}
	return true
}

func mayaSSCRef(p3, r mgl64.Mat3, s, ps mgl64.Vec3) (mgl64.Mat3, bool) {
	inv := mgl64.Vec3{1 / ps[0], 1 / ps[1], 1 / ps[2]}
	for _, v := range inv {
		if math.IsInf(v, 0) {
			return mgl64.Mat3{}, false
		}
	}
	return scaleCols(p3.Mul3(mgl64.Diag3(inv)).Mul3(r), s), true
}

func init() {
	ruleRef[scene.RuleMayaSSC] = mayaSSCRef
}

// MayaSSC is a Maya joint with Segment Scale Compensate on (FBX inherit
// type Rrs; Houdini's "Offset Only" scale inheritance):
// W3 = P3 * diag(1/s_parent) * R * S, position P*(t, 1), where s_parent
// is the parent's local scale: the parent's own scale is undone, the
// grandparents' is inherited (and can shear) through a parent that does
// not compensate itself; with the rule on every node no node inherits any
// scale (W3 = the ancestors' rotations times S). Where a component of
// s_parent is zero (or its inverse overflows float64) the node's world
// matrix is undefined: readouts say ReasonUndefined, JSON writes null, the
// node and its subtree are not drawn, and nothing outside the subtree
// changes. Source: Autodesk's Maya joint node reference (attribute
// segmentScaleCompensate) and the FBX SDK's FbxTransform::EInheritType.
var MayaSSC = withKernel(Mode{
	Name: "maya-ssc", Title: "Maya: Segment Scale Compensate",
	Reference:           ruleReference(scene.RuleMayaSSC),
	Rule:                scene.RuleMayaSSC,
	DropsInheritedScale: true,
	Point:               "Undoes the parent's own scale, so children move but keep their size; on one joint only, a grandparent's stretch still shears it.",
	Explanation:         "Maya's Segment Scale Compensate: the child's matrix is the parent's world matrix times the inverse of the parent's own local scale, then the child's rotation and scale. Scaling a joint moves its children but does not stretch them. Chosen as the mode, it applies to every node, so no node inherits any scale: a node's matrix is its ancestors' rotations times its own scale, and nothing shears (a glTF matrix's own shear aside). Set on one node only (the wall's pane on B only, or -set B.rule=maya-ssc), the scale of its grandparents still reaches it through a parent that compensates nothing, shear included. A zero parent scale has no inverse: the node is undefined and not drawn.",
}, ruleKernel(scene.RuleMayaSSC), 0)
