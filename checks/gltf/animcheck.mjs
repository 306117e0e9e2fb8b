// Checks skewlab's animated bake (bake -anim) with third-party tools, as
// make bakecheck does:
//
//   node checks/gltf/animcheck.mjs DIR
//
// For every DIR/NAME.expect.json (scripts/worldverts -anim FPS on the
// ORIGINAL: the original's world vertices as skewlab plays it under
// accumulate-matrices, skinned and morphed, at every time the bake
// checks, with the bake's stated error and the model's size) it wants
// DIR/NAME.glb (skewlab bake -anim's copy at the same FPS). It checks:
//
//   - the Khronos validator (npm gltf-validator) reports no error on the
//     copy;
//   - glTF-Transform (@gltf-transform/core) reads the copy, with as many
//     animations as the expectation lists;
//   - the copy plays where the original does: this script's own player
//     (each channel sampled as the glTF 2.0 specification's Appendix C
//     says: STEP, LINEAR with slerp for rotations along the shorter arc,
//     CUBICSPLINE's Hermite form; glTF-Transform gives only the accessor
//     data), its own matrix product down the tree and its own skinning
//     (sum of w_j * world_j * IBM_j * v over JOINTS_n/WEIGHTS_n) and
//     morphing place every vertex of the copy at every expected time; the
//     largest distance to the expectation over the size must be at most
//     the stated error plus TOL (1e-5, float32 storage);
//   - the self-check: the ORIGINAL, played the same way with the
//     original's animation, must be within TOL of the expectation, which
//     shows this player and skewlab's agree, so the copy is measured, not
//     compared with itself.
//
// Prints a table; exits 1 naming the file on any failure, 2 on a usage
// error.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Logger, NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { apply, mul, trs } from './mat.mjs';
import { validate } from './validator.mjs';

const TOL = 1e-5;
const SHOWN = 4;

if (process.argv.length !== 3) {
  console.error('usage: node checks/gltf/animcheck.mjs DIR');
  process.exit(2);
}
const dir = process.argv[2];
const io = new NodeIO().setLogger(new Logger(Logger.Verbosity.ERROR));
const problems = [];

// elements returns an accessor's elements as arrays of numbers
// (normalized integers divided out by glTF-Transform's getElement).
function elements(acc) {
  const out = [];
  for (let i = 0; i < acc.getCount(); i++) out.push(acc.getElement(i, []));
  return out;
}

// slerp turns quaternion a towards b by u along the shorter arc (b
// negated when a.b < 0); both are normalized first (files store keys
// only unit to float32 or worse: SimpleSkin's are 2e-4 off), and so is
// the result.
function slerp(a, b, u) {
  const na = Math.hypot(...a);
  const nb = Math.hypot(...b);
  a = a.map((v) => v / na);
  b = b.map((v) => v / nb);
  let d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0) {
    b = b.map((v) => -v);
    d = -d;
  }
  let ka = 1 - u;
  let kb = u;
  if (d < 1 - 1e-12) {
    const th = Math.acos(Math.min(1, d));
    ka = Math.sin((1 - u) * th) / Math.sin(th);
    kb = Math.sin(u * th) / Math.sin(th);
  }
  const q = a.map((v, i) => ka * v + kb * b[i]);
  const n = Math.hypot(...q);
  return q.map((v) => v / n);
}

// sample evaluates one sampler (times, values) at t as Appendix C of the
// glTF 2.0 specification defines it; before the first key the first
// value, after the last the last.
function sample(s, t, rotation) {
  const times = s.times;
  const interp = s.interp;
  const cubic = interp === 'CUBICSPLINE';
  const n = times.length;
  const val = (k) => (cubic ? s.values[3 * k + 1] : s.values[k]);
  let out;
  if (!(t > times[0]) || n === 1) out = val(0).slice();
  else if (t >= times[n - 1]) out = val(n - 1).slice();
  else {
    let k = 0;
    while (times[k + 1] <= t) k++;
    const dt = times[k + 1] - times[k];
    const u = (t - times[k]) / dt;
    if (interp === 'STEP') out = val(k).slice();
    else if (cubic) {
      const v0 = val(k);
      const v1 = val(k + 1);
      const b0 = s.values[3 * k + 2];
      const a1 = s.values[3 * k + 3];
      const u2 = u * u;
      const u3 = u2 * u;
      out = v0.map((_, i) => (2 * u3 - 3 * u2 + 1) * v0[i] + (u3 - 2 * u2 + u) * dt * b0[i] + (-2 * u3 + 3 * u2) * v1[i] + (u3 - u2) * dt * a1[i]);
    } else if (rotation) out = slerp(val(k), val(k + 1), u);
    else out = val(k).map((v, i) => v + (val(k + 1)[i] - v) * u);
  }
  if (rotation) {
    const l = Math.hypot(...out);
    out = l > 0 ? out.map((v) => v / l) : [0, 0, 0, 1];
  }
  return out;
}

// player returns a function posing doc's animation a at time t: every
// node's world matrix (Map node -> column-major 4x4) and morph weights
// (Map node -> weights), the channels' values in place of the nodes'.
function player(doc, a) {
  const anim = doc.getRoot().listAnimations()[a];
  const channels = anim.listChannels().map((c) => {
    const s = c.getSampler();
    const interp = s.getInterpolation();
    const values = elements(s.getOutput());
    const width = c.getTargetPath() === 'weights' ? values.length / s.getInput().getCount() / (interp === 'CUBICSPLINE' ? 3 : 1) : 1;
    // Weights: one scalar per morph target, per key; group them.
    const grouped = width === 1 ? values : [];
    if (width !== 1) {
      for (let k = 0; k < values.length; k += width) grouped.push(values.slice(k, k + width).map((v) => v[0]));
    }
    return { node: c.getTargetNode(), path: c.getTargetPath(), s: { times: elements(s.getInput()).map((v) => v[0]), values: grouped, interp } };
  });
  return (t) => {
    const local = new Map();
    const weights = new Map();
    for (const c of channels) {
      if (!c.node) continue;
      if (c.path === 'weights') {
        weights.set(c.node, sample(c.s, t, false));
        continue;
      }
      const l = local.get(c.node) ?? {};
      l[c.path] = sample(c.s, t, c.path === 'rotation');
      local.set(c.node, l);
    }
    const memo = new Map();
    const world = (node) => {
      let w = memo.get(node);
      if (!w) {
        const l = local.get(node) ?? {};
        const m = node.getMatrix();
        const animated = l.translation || l.rotation || l.scale;
        const own = animated || !m.some((v, i) => v !== (i % 5 === 0 ? 1 : 0))
          ? trs(l.translation ?? node.getTranslation(), l.rotation ?? node.getRotation(), l.scale ?? node.getScale())
          : m;
        const parent = node.getParentNode();
        w = parent ? mul(world(parent), own) : own;
        memo.set(node, w);
      }
      return w;
    };
    return { world, weights };
  };
}

// points returns a mesh node's vertices as played: morphed by its
// weights (the animation's, else the node's, else the mesh's), then
// skinned (sum of w * world_j * IBM_j * v) or placed by its world.
function points(node, pose) {
  const mesh = node.getMesh();
  if (!mesh) return [];
  const skin = node.getSkin();
  let joints = null;
  if (skin) {
    const ibm = skin.getInverseBindMatrices();
    joints = skin.listJoints().map((j, k) => mul(pose.world(j), ibm ? ibm.getElement(k, []) : trs([0, 0, 0], [0, 0, 0, 1], [1, 1, 1])));
  }
  let w = pose.weights.get(node);
  if (!w) w = node.getWeights().length > 0 ? node.getWeights() : mesh.getWeights();
  const out = [];
  for (const prim of mesh.listPrimitives()) {
    const pos = prim.getAttribute('POSITION');
    if (!pos) continue;
    const targets = prim.listTargets().map((tg) => tg.getAttribute('POSITION'));
    const sets = [0, 1].map((i) => [prim.getAttribute(`JOINTS_${i}`), prim.getAttribute(`WEIGHTS_${i}`)]).filter(([j, x]) => j && x);
    for (let i = 0; i < pos.getCount(); i++) {
      const p = pos.getElement(i, []);
      targets.forEach((tg, k) => {
        if (tg && w[k]) {
          const d = tg.getElement(i, []);
          for (let c = 0; c < 3; c++) p[c] += w[k] * d[c];
        }
      });
      if (!joints) {
        out.push(apply(pose.world(node), p));
        continue;
      }
      const v = [0, 0, 0];
      for (const [ja, wa] of sets) {
        const js = ja.getElement(i, []);
        const ws = wa.getElement(i, []);
        js.forEach((j, k) => {
          if (!ws[k]) return;
          const q = apply(joints[j], p);
          for (let c = 0; c < 3; c++) v[c] += ws[k] * q[c];
        });
      }
      out.push(v);
    }
  }
  return out;
}

// measure plays doc's animation index (copy's or original's) at every
// expected frame and returns the largest vertex distance over size, and
// where.
function measure(doc, expect, clip, index) {
  const nodes = doc.getRoot().listNodes();
  const play = player(doc, index);
  let worst = 0;
  let where = '';
  let count = 0;
  for (const fr of clip.frames) {
    const pose = play(fr.time);
    for (const e of fr.nodes) {
      const got = points(nodes[e.index], pose);
      if (got.length !== e.points.length) {
        problems.push(`node ${e.index} ${JSON.stringify(e.name)}: ${got.length} vertices, the expectation ${e.points.length}`);
        return { rel: Infinity, where, count };
      }
      for (let k = 0; k < got.length; k++) {
        let d = Math.hypot(got[k][0] - e.points[k][0], got[k][1] - e.points[k][1], got[k][2] - e.points[k][2]);
        if (Number.isNaN(d)) d = Infinity;
        count++;
        if (d > worst) {
          worst = d;
          where = `node ${e.index} ${JSON.stringify(e.name)} vertex ${k} at t = ${fr.time.toPrecision(4)} s`;
        }
      }
    }
  }
  return { rel: worst / expect.size, where, count };
}

const fmt = (x) => x.toExponential(2);
const rows = [['copy', 'animation', 'vertices x times', 'copy max/size', 'stated', 'original max/size', 'validator errors', 'warnings']];
const names = (await readdir(dir)).filter((n) => n.endsWith('.expect.json')).sort();
if (names.length === 0) {
  console.log(`animcheck: FAIL no *.expect.json in ${dir}`);
  process.exit(1);
}
for (const name of names) {
  const base = name.slice(0, -'.expect.json'.length);
  const copyFile = path.join(dir, `${base}.glb`);
  let expect;
  let copy;
  let original;
  try {
    expect = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
    copy = await io.read(copyFile);
    original = await io.read(expect.file);
  } catch (err) {
    problems.push(`${base}: cannot read ${copyFile}, its expectation or ${expect?.file}: ${err.message}`);
    continue;
  }
  const v = await validate(new Uint8Array(await readFile(copyFile)), path.basename(copyFile));
  if (v.errors > 0) problems.push(`${copyFile}: the validator reports ${v.errors} errors: ${v.messages.slice(0, SHOWN).join('; ')}`);
  if (copy.getRoot().listAnimations().length !== expect.animations.length) {
    problems.push(`${copyFile}: glTF-Transform reads ${copy.getRoot().listAnimations().length} animations, the expectation lists ${expect.animations.length}`);
  }
  for (const clip of expect.animations) {
    const got = measure(copy, expect, clip, clip.copy);
    const self = measure(original, expect, clip, clip.index);
    if (!(got.rel <= expect.stated + TOL)) problems.push(`${copyFile} animation ${clip.index}: max distance / size ${fmt(got.rel)} at ${got.where}, over the stated ${fmt(expect.stated)} + ${TOL}`);
    if (!(self.rel <= TOL)) problems.push(`${expect.file} (original, self-check) animation ${clip.index}: max distance / size ${fmt(self.rel)} at ${self.where}, over ${TOL}`);
    rows.push([path.basename(copyFile), `${clip.index} ${JSON.stringify(clip.name)}`, String(got.count), fmt(got.rel), fmt(expect.stated), fmt(self.rel), String(v.errors), String(v.warnings)]);
  }
  for (const m of v.messages.slice(0, SHOWN)) rows.push([`  ${m}`]);
}

const widths = rows[0].map((_, c) => Math.max(...rows.filter((r) => r.length > 1).map((r) => r[c].length)));
for (const r of rows) {
  console.log(r.length === 1 ? `animcheck: ${r[0]}` : 'animcheck: ' + r.map((x, c) => x.padEnd(widths[c])).join('  ').trimEnd());
}
if (problems.length > 0) {
  for (const p of problems) console.log(`animcheck: FAIL ${p}`);
  process.exit(1);
}
console.log(`animcheck: ok, ${names.length} animated bakes play within their stated error plus ${TOL} of the size, validator ${validator.version()} with 0 errors`);
