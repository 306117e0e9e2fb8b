# Imports an animated, skinned glTF file into Blender with its glTF add-on
# and dumps the evaluated world vertices of every mesh object at several
# times, as JSON for scripts/blendercheck (make blendercheck;
# docs/engines.md, "Checking against real Blender").
#
#   blender -b --factory-startup -P checks/blender/anim.py -- FILE.gltf OUT.json [--times T1,T2,...]
#
# With --times it evaluates only the times given (seconds), in order,
# instead of every key time and the points between them.
# The scene runs at 24 frames per second (render.fps 24, fps_base 1): the
# importer puts a key at time t on frame t * 24 (it reads render.fps), and
# this script evaluates time t at frame floor(24 t) plus the subframe
# 24 t - floor(24 t), so every time maps to itself. The times are every
# key time of the imported actions and the points a quarter and half of
# the way between each two consecutive ones (at half way, a slerp and a
# component-wise quaternion blend agree; at a quarter they do not). Each mesh object is evaluated through the depsgraph
# (armature modifier applied) and its vertices are written in world space,
# converted back to glTF's y-up axes: Blender's (X, Y, Z) is glTF's
# (X, Z, -Y) (the importer maps glTF's (x, y, z) to (x, -z, y)).
import json
import math
import sys

import numpy as np

# Debian's numpy 1.24 dropped np.bool, which Blender 3.4's glTF add-on
# still uses.
np.bool = bool

import bpy

FPS = 24


def usage(msg):
    print("anim.py: " + msg, file=sys.stderr)
    print("usage: blender -b --factory-startup -P checks/blender/anim.py -- FILE.gltf OUT.json [--times T1,T2,...]", file=sys.stderr)
    sys.exit(2)


def main():
    argv = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
    chosen = None
    if len(argv) == 4 and argv[2] == "--times":
        try:
            chosen = [float(x) for x in argv[3].split(",")]
        except ValueError:
            usage("--times wants seconds separated by commas, got %r" % argv[3])
        if not chosen or any(not (t >= 0) or math.isinf(t) for t in chosen):
            usage("--times wants times of 0 s or more, got %r" % argv[3])
        argv = argv[:2]
    if len(argv) != 2 or any(a.startswith("-") for a in argv):
        usage("want a glTF file and an output file")
    src, out = argv
    for o in list(bpy.data.objects):
        bpy.data.objects.remove(o)
    scene = bpy.context.scene
    scene.render.fps = FPS
    scene.render.fps_base = 1
    res = bpy.ops.import_scene.gltf(filepath=src)
    if res != {"FINISHED"}:
        raise SystemExit("anim.py: import of %s gave %s" % (src, res))
    frames = set()
    actions = []
    for obj in scene.objects:
        ad = obj.animation_data
        if ad and ad.action:
            actions.append((obj.name, ad.action.name))
            for fc in ad.action.fcurves:
                for kp in fc.keyframe_points:
                    frames.add(kp.co[0])
    if not frames:
        raise SystemExit("anim.py: %s has no animation Blender plays" % src)
    keys = sorted(frames)
    times = [f / FPS for f in keys]
    for a, b in zip(keys, keys[1:]):
        times += [(a + u * (b - a)) / FPS for u in (0.25, 0.5)]
    if chosen is not None:
        times = chosen
    doc = {"blender": bpy.app.version_string, "file": src, "fps": FPS, "actions": actions,
           "keyTimes": [f / FPS for f in keys], "frames": []}
    meshes = [o for o in scene.objects if o.type == "MESH"]
    if not meshes:
        raise SystemExit("anim.py: %s has no mesh" % src)
    for t in (times if chosen is not None else sorted(times)):
        f = t * FPS
        whole = math.floor(f)
        scene.frame_set(whole, subframe=f - whole)
        dg = bpy.context.evaluated_depsgraph_get()
        objs = []
        for o in meshes:
            ev = o.evaluated_get(dg)
            me = ev.to_mesh()
            mw = ev.matrix_world
            vs = []
            for v in me.vertices:
                w = mw @ v.co
                # Float32 values: 9 significant digits give them back exactly.
                vs.append([float("%.9g" % x) for x in (w[0], w[2], -w[1])])
            ev.to_mesh_clear()
            objs.append({"name": o.name, "vertices": vs})
        doc["frames"].append({"time": t, "frame": whole, "subframe": f - whole, "objects": objs})
    with open(out, "w") as fh:
        json.dump(doc, fh)
    print("anim.py: wrote %d frames of %d mesh objects of %s (Blender %s, %d fps) to %s" % (
        len(doc["frames"]), len(meshes), src, bpy.app.version_string, FPS, out))


try:
    main()
except SystemExit:
    raise
except BaseException:  # Blender's -P keeps running after an exception: fail loudly instead.
    import traceback
    traceback.print_exc()
    sys.exit(1)
