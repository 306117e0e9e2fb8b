# Generates seeded random armatures in Blender and dumps, per bone, the
# rest data Blender stores and the pose matrix Blender evaluates, as JSON
# for scripts/blendercheck (make blendercheck; docs/engines.md, "Checking
# against real Blender").
#
#   blender -b --factory-startup -P checks/blender/armatures.py -- \
#       OUT.json [--seed N] [--armatures N]
#
# Each armature is a chain or a small tree of 4 to 6 bones, one root, with
# random rest heads, tails and rolls (so that Bone.matrix, the rest
# rotation relative to the parent, is never trivial; one bone in twelve
# points 3 to 7 degrees from its parent's -y axis, where Blender's
# vec_roll_to_mat3_normalized approximates and stores a rest matrix that
# is orthonormal only to about 1e-4, and one in 24 within 0.1 degrees of
# it), random pose locations, quaternion rotations (one bone in
# eight keeps the identity) and non-uniform positive scales (one in ten is
# uniform), and every Inherit Scale mode mixed per bone. No bone is
# connected (a connected bone ignores its pose location), none uses
# hinge or local-location options, and the armature object sits at the
# identity, so pose_bone.matrix is the bone's world matrix.
#
# Every number is read back from Blender after it is set (Blender stores
# float32), so the JSON holds exactly what Blender computed with. Matrices
# are written as lists of rows (m[row][col]); quaternions as (w, x, y, z);
# numbers with 9 significant digits, which give float32 values back
# exactly.
# Bone.head is relative to the parent's tail, in the parent's rest frame
# (for a root: in armature space).
import json
import math
import random
import sys

import bpy
from mathutils import Quaternion, Vector

MODES = ["FULL", "FIX_SHEAR", "AVERAGE", "NONE", "NONE_LEGACY", "ALIGNED"]


def usage(msg):
    print("armatures.py: " + msg, file=sys.stderr)
    print("usage: blender -b --factory-startup -P checks/blender/armatures.py -- OUT.json [--seed N] [--armatures N]",
          file=sys.stderr)
    sys.exit(2)


def parse_args():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    out, seed, count = None, 1, 160
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--seed", "--armatures"):
            if i + 1 >= len(argv):
                usage(a + " needs a value")
            try:
                v = int(argv[i + 1])
            except ValueError:
                usage(a + " wants an integer, not " + repr(argv[i + 1]))
            if a == "--seed":
                seed = v
            else:
                if v < 1 or v > 100000:
                    usage("--armatures wants 1 to 100000")
                count = v
            i += 2
        elif a.startswith("-"):
            usage("unknown option " + a)
        elif out is None:
            out = a
            i += 1
        else:
            usage("one output file only")
    if out is None:
        usage("no output file")
    return out, seed, count


def unit_vector(rng):
    while True:
        v = Vector((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)))
        if 0.1 < v.length <= 1:
            return v.normalized()


def tilted(rng, axis, deg):
    # A unit vector deg degrees from the unit vector axis, in a random
    # direction.
    while True:
        perp = unit_vector(rng).cross(axis)
        if perp.length > 0.1:
            break
    a = math.radians(deg)
    return (math.cos(a) * axis + math.sin(a) * perp.normalized()).normalized()


def unit_quaternion(rng):
    # Uniform on the 3-sphere (Shoemake's subgroup algorithm).
    u1, u2, u3 = rng.random(), rng.random(), rng.random()
    a, b = math.sqrt(1 - u1), math.sqrt(u1)
    return Quaternion((a * math.sin(2 * math.pi * u2), a * math.cos(2 * math.pi * u2),
                       b * math.sin(2 * math.pi * u3), b * math.cos(2 * math.pi * u3)))


def f9(x):
    # Blender's numbers are float32: 9 significant digits give each back
    # exactly.
    return float("%.9g" % x)


def vec(v):
    return [f9(x) for x in v]


def rows(m):
    return [vec(r) for r in m]


def make_armature(rng, index):
    n = rng.randint(4, 6)
    tree = index % 2 == 1
    parents = [-1] + [(rng.randrange(i) if tree else i - 1) for i in range(1, n)]
    modes = [rng.choice(MODES) for _ in range(n)]

    data = bpy.data.armatures.new("Arm%d" % index)
    obj = bpy.data.objects.new("Arm%d" % index, data)
    bpy.context.scene.collection.objects.link(obj)
    bpy.context.view_layer.objects.active = obj
    bpy.ops.object.mode_set(mode="EDIT")
    names = ["B%d" % i for i in range(n)]
    for i in range(n):
        eb = data.edit_bones.new(names[i])
        head = Vector((rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)))
        # The parent's y axis (the armature's for a root): Bone.matrix is
        # relative to it.
        up = Vector((0, 1, 0))
        if parents[i] >= 0:
            pe = data.edit_bones[names[parents[i]]]
            up = (pe.tail - pe.head).normalized()
        u = rng.random()
        if u < 1 / 12:
            d = tilted(rng, -up, rng.uniform(3, 7))
        elif u < 1 / 8:
            d = tilted(rng, -up, rng.uniform(0.01, 0.1))
        else:
            d = unit_vector(rng)
        eb.head = head
        eb.tail = head + rng.uniform(0.3, 1.5) * d
        eb.roll = rng.uniform(-math.pi, math.pi)
        if parents[i] >= 0:
            eb.parent = data.edit_bones[names[parents[i]]]
        eb.use_connect = False
    bpy.ops.object.mode_set(mode="OBJECT")

    for i in range(n):
        b = data.bones[names[i]]
        b.inherit_scale = modes[i]
        b.use_inherit_rotation = True
        b.use_local_location = True
        pb = obj.pose.bones[names[i]]
        pb.rotation_mode = "QUATERNION"
        pb.location = (rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5))
        pb.rotation_quaternion = Quaternion() if rng.random() < 1 / 8 else unit_quaternion(rng)
        if rng.random() < 0.1:
            s = rng.uniform(0.5, 2)
            pb.scale = (s, s, s)
        else:
            pb.scale = (rng.uniform(0.5, 2), rng.uniform(0.5, 2), rng.uniform(0.5, 2))
    return obj, names, parents


def dump(obj, names, parents):
    bones = []
    for i, name in enumerate(names):
        b = obj.data.bones[name]
        pb = obj.pose.bones[name]
        bones.append({
            "name": name,
            "parent": parents[i],
            "inheritScale": b.inherit_scale,
            "head": vec(b.head),
            "tail": vec(b.tail),
            "length": f9(b.length),
            "matrix": rows(b.matrix),
            "matrixLocal": rows(b.matrix_local),
            "location": vec(pb.location),
            "rotation": vec(pb.rotation_quaternion),
            "scale": vec(pb.scale),
            "poseMatrix": rows(pb.matrix),
        })
        # The parent must come first: the Go side builds its scene in order.
        assert parents[i] < i
        assert (b.parent.name if b.parent else None) == (names[parents[i]] if parents[i] >= 0 else None)
    return {"name": obj.name, "bones": bones}


def main():
    out, seed, count = parse_args()
    rng = random.Random(seed)
    for o in list(bpy.data.objects):
        bpy.data.objects.remove(o)
    made = [make_armature(rng, a) for a in range(count)]
    bpy.context.view_layer.update()
    for obj, _, _ in made:
        if obj.matrix_world != obj.matrix_world.Identity(4):
            raise SystemExit("armatures.py: armature object %s is not at the identity" % obj.name)
    doc = {
        "blender": bpy.app.version_string,
        "seed": seed,
        "armatures": [dump(*m) for m in made],
    }
    with open(out, "w") as f:
        json.dump(doc, f)
    print("armatures.py: wrote %d armatures, %d bones (seed %d, Blender %s) to %s" % (
        count, sum(len(a["bones"]) for a in doc["armatures"]), seed, bpy.app.version_string, out))


try:
    main()
except SystemExit:
    raise
except BaseException as e:  # Blender's -P keeps running after an exception: fail loudly instead.
    import traceback
    traceback.print_exc()
    sys.exit(1)
