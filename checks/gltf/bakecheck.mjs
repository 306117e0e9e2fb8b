// Checks skewlab's bake with third-party tools, as make bakecheck does:
//
//   node checks/gltf/bakecheck.mjs DIR
//
// For every good fixture NAME in DIR/manifest.json (written by
// scripts/gengltf) it wants DIR/baked/NAME.glb (skewlab bake's output)
// and DIR/baked/NAME.expect.json (scripts/worldverts on the ORIGINAL
// DIR/NAME: skewlab's world vertex positions under matrix accumulation
// and the model's size, the diagonal of their bounding box). It checks:
//
//   - the Khronos validator (npm gltf-validator) reports no error on the
//     baked file;
//   - the bake's promises, on the baked file's JSON: the original's nodes
//     first, with the same names, then only nodes added to carry a camera
//     or light (children of original nodes, without a mesh); no node has
//     a matrix or a scale other than exactly [1, 1, 1]; no animations;
//     every node's world origin where the original's is;
//   - cameras and lights: every one of the original's (its node's world
//     from the original's JSON by this script's own matrix product, the
//     node's matrix or T*R*S) is carried in the baked file by that node or
//     a child of it whose world position is the same (to TOL of the size)
//     and whose direction (-Z) and up (+Y made perpendicular to the
//     direction) are within FRAME_TOL (1e-3) degrees; at least one fixture
//     must have one, or the check covers nothing;
//   - world vertex positions: the baked file read with @gltf-transform/core,
//     each node's world matrix computed here (T*R*S from its translation,
//     rotation, normalized, and scale, multiplied down from the root:
//     glTF-Transform's getWorldMatrix is not used), every primitive's POSITION in primitive
//     order (primitives without one skipped); the largest distance to the
//     expectation, divided by size, must be under TOL (1e-5), node by node
//     (by glTF node index, which a bake keeps);
//   - the self-check: the ORIGINAL DIR/NAME measured the same way against
//     its own expectation must also be under TOL. It shows that this
//     script's matrix product and skewlab's accumulate-matrices agree, so a
//     bake that passes is measured, not just compared with itself;
//   - winding: in every baked file, no triangle (with NORMALs, of a
//     non-skinned node) faces against its corners' normals in the world
//     (facing: the cross product of its world sides in drawing order;
//     normals by the inverse transpose); mirrored.gltf's original must
//     have such triangles (its mirrored nodes), so the check can fail;
//   - flatten() vs bake on the skewed rig (rig.glb): the original read with
//     @gltf-transform/core and flattened with @gltf-transform/functions'
//     flatten() must move some vertex by more than FLATTEN_MIN (1e-2) of
//     the size (its decompose drops shear, glTF-Transform issue #1680),
//     the bake by less than TOL, the same measure for both. What the
//     validator says of flatten()'s output is printed, not checked.
//
// Prints a table and the flatten line; exits 1 naming the file and node on
// any failure, 2 on a usage error.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Logger, NodeIO } from '@gltf-transform/core';
import { flatten } from '@gltf-transform/functions';
import validator from 'gltf-validator';
import { apply, mul, trs } from './mat.mjs';
import { validate } from './validator.mjs';

const TOL = 1e-5;
const FRAME_TOL = 1e-3; // degrees: cameras' and lights' direction and up
const FLATTEN_MIN = 1e-2;
const FLATTEN_FIXTURE = 'rig.glb';
const SHOWN = 4; // validator messages printed per file

if (process.argv.length !== 3) {
  console.error('usage: node checks/gltf/bakecheck.mjs DIR');
  process.exit(2);
}
const dir = process.argv[2];
const io = new NodeIO().setLogger(new Logger(Logger.Verbosity.ERROR));
const problems = [];

// worldOf returns a function giving a glTF-Transform Node's world matrix:
// its T*R*S multiplied onto its parent's world matrix (memoized).
function worldOf() {
  const memo = new Map();
  const world = (node) => {
    let w = memo.get(node);
    if (!w) {
      const local = trs(node.getTranslation(), node.getRotation(), node.getScale());
      const parent = node.getParentNode();
      w = parent ? mul(world(parent), local) : local;
      memo.set(node, w);
    }
    return w;
  };
  return world;
}

// pointsOf returns a node's mesh POSITIONs, primitive after primitive,
// in world space (empty for a node without a mesh).
function pointsOf(node, world) {
  const out = [];
  const mesh = node.getMesh();
  if (!mesh) return out;
  const m = world(node);
  const el = [0, 0, 0];
  for (const prim of mesh.listPrimitives()) {
    const pos = prim.getAttribute('POSITION');
    if (!pos) continue;
    for (let i = 0; i < pos.getCount(); i++) out.push(apply(m, pos.getElement(i, el)));
  }
  return out;
}

// sceneNodes returns the set of nodes in any scene (every node when the
// file has no scene: skewlab then shows every root).
function sceneNodes(doc) {
  const root = doc.getRoot();
  if (root.listScenes().length === 0) return new Set(root.listNodes());
  const set = new Set();
  for (const scene of root.listScenes()) scene.traverse((n) => set.add(n));
  return set;
}

function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

// measure compares nodes (glTF node index -> glTF-Transform Node, as the
// file lists them) with the expectation: the largest vertex distance over
// size, and where it is. A node the expectation lists that is missing, has
// another vertex count, or a mesh node in a scene the expectation lacks,
// is a problem named by label and node. A skinned node's mesh is left
// out: its vertices follow the joints, and the bake leaves it as it is
// (skewlab draws it at its node, which no engine does).
function measure(label, nodes, inScenes, expect) {
  const world = worldOf();
  let worst = 0;
  let where = '';
  let vertices = 0;
  const listed = new Set(expect.nodes.map((n) => n.index));
  for (const e of expect.nodes) {
    const node = nodes[e.index];
    const name = `node ${e.index} ${JSON.stringify(e.name)}`;
    if (!node || node.isDisposed()) {
      problems.push(`${label}: ${name} is missing`);
      continue;
    }
    if (node.getSkin()) continue;
    const pts = pointsOf(node, world);
    if (pts.length !== e.points.length) {
      problems.push(`${label}: ${name} has ${pts.length} vertices, the expectation ${e.points.length}`);
      continue;
    }
    vertices += pts.length;
    for (let k = 0; k < pts.length; k++) {
      let d = distance(pts[k], e.points[k]);
      if (Number.isNaN(d)) d = Infinity; // a NaN vertex is as wrong as can be
      if (d > worst) {
        worst = d;
        where = `${name} vertex ${k}`;
      }
    }
  }
  nodes.forEach((node, i) => {
    if (!listed.has(i) && inScenes.has(node) && !node.getSkin() && pointsOf(node, world).length > 0) {
      problems.push(`${label}: node ${i} ${JSON.stringify(node.getName())} has mesh vertices the expectation does not list`);
    }
  });
  const rel = expect.size > 0 ? worst / expect.size : worst;
  return { rel, where, vertices, world };
}

// promises checks what the bake promises beyond vertices, on the baked
// file's own JSON (glTF-Transform would turn a matrix into TRS): the
// original's nodes first, with their names, then only nodes the bake
// added to carry a camera or light (each a child of an original node,
// without a mesh or children); unit scale and no matrix on every node, no
// animations, and every node's world origin kept.
function promises(label, json, baked, original, size) {
  const nodes = json.nodes ?? [];
  const origNodes = original.getRoot().listNodes();
  if (nodes.length < origNodes.length) {
    problems.push(`${label}: ${nodes.length} nodes, the original has ${origNodes.length}`);
    return;
  }
  const parent = parents(json);
  nodes.forEach((n, i) => {
    const name = `node ${i} ${JSON.stringify(n.name ?? '')}`;
    if (i < origNodes.length && (n.name ?? '') !== origNodes[i].getName()) {
      problems.push(`${label}: ${name} is named ${JSON.stringify(origNodes[i].getName())} in the original`);
    }
    if (i >= origNodes.length) {
      const carries = n.camera !== undefined || n.extensions?.KHR_lights_punctual !== undefined;
      if (!carries || n.mesh !== undefined || (n.children ?? []).length > 0 || !(parent[i] >= 0 && parent[i] < origNodes.length)) {
        problems.push(`${label}: ${name} is added (after the original's ${origNodes.length}) but is not a camera or light holder under an original node`);
      }
    }
    if (n.matrix !== undefined) problems.push(`${label}: ${name} has a matrix; a bake writes TRS`);
    if (n.scale !== undefined && !(n.scale.length === 3 && n.scale.every((v) => v === 1))) {
      problems.push(`${label}: ${name} has scale ${JSON.stringify(n.scale)}; a bake leaves exactly 1`);
    }
  });
  if ((json.animations ?? []).length > 0) problems.push(`${label}: ${json.animations.length} animations; a bake drops them`);
  const bw = worldOf();
  const ow = worldOf();
  const bn = baked.getRoot().listNodes();
  const index = new Map(origNodes.map((n, i) => [n, i]));
  for (const node of sceneNodes(original)) {
    const i = index.get(node);
    const d = distance(apply(bw(bn[i]), [0, 0, 0]), apply(ow(node), [0, 0, 0]));
    if (!(d <= TOL * (size > 0 ? size : 1))) {
      problems.push(`${label}: node ${i} ${JSON.stringify(node.getName())}: world origin moved by ${d.toExponential(2)}`);
    }
  }
}

// parents returns each node's parent index in a glTF JSON (-1 for none).
function parents(json) {
  const nodes = json.nodes ?? [];
  const parent = nodes.map(() => -1);
  nodes.forEach((n, i) => (n.children ?? []).forEach((c) => { parent[c] = i; }));
  return parent;
}

// jsonWorlds returns every node's world matrix from a glTF JSON by this
// script's own product: the node's matrix when it has one, else T*R*S,
// multiplied onto its parent's.
function jsonWorlds(json) {
  const nodes = json.nodes ?? [];
  const parent = parents(json);
  const memo = new Map();
  const world = (i) => {
    if (memo.has(i)) return memo.get(i);
    const n = nodes[i];
    const local = n.matrix ?? trs(n.translation ?? [0, 0, 0], n.rotation ?? [0, 0, 0, 1], n.scale ?? [1, 1, 1]);
    const w = parent[i] >= 0 ? mul(world(parent[i]), local) : local;
    memo.set(i, w);
    return w;
  };
  return nodes.map((_, i) => world(i));
}

// carried lists the cameras and lights a glTF JSON's nodes carry, as
// {node, key} with key "camera N" or "light N".
function carried(json) {
  const out = [];
  (json.nodes ?? []).forEach((n, i) => {
    if (n.camera !== undefined) out.push({ node: i, key: `camera ${n.camera}` });
    const l = n.extensions?.KHR_lights_punctual?.light;
    if (l !== undefined) out.push({ node: i, key: `light ${l}` });
  });
  return out;
}

function unit(v) {
  const n = Math.hypot(...v);
  return n > 0 ? v.map((x) => x / n) : null;
}

// frameOf returns the frame glTF gives a camera or light on a node with
// world matrix m: position, direction m(0,0,-1) and up m(0,1,0) less its
// part along the direction (null where undefined), normalized.
function frameOf(m) {
  const dir = unit([-m[8], -m[9], -m[10]]);
  let up = null;
  if (dir) {
    const y = unit([m[4], m[5], m[6]]);
    if (y) {
      const k = y[0] * dir[0] + y[1] * dir[1] + y[2] * dir[2];
      const p = [y[0] - k * dir[0], y[1] - k * dir[1], y[2] - k * dir[2]];
      if (Math.hypot(...p) > 1e-6) up = unit(p);
    }
  }
  return { pos: [m[12], m[13], m[14]], dir, up };
}

// angleDeg returns the angle between unit vectors in degrees.
function angleDeg(a, b) {
  const c = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  return Math.atan2(Math.hypot(...c), a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) * 180 / Math.PI;
}

// frames checks that every camera and light of the original keeps its
// world frame in the baked file: the baked node carrying it (the original
// node or a child of it) has the original node's world position (to TOL
// of the size), direction and up (to FRAME_TOL degrees), both computed
// here from the files' JSON. It returns the number compared and the
// largest angle.
function frames(label, origJson, bakedJson, size) {
  const ow = jsonWorlds(origJson);
  const bw = jsonWorlds(bakedJson);
  const parent = parents(bakedJson);
  const inBake = carried(bakedJson);
  let count = 0;
  let worst = 0;
  for (const a of carried(origJson)) {
    const holders = inBake.filter((b) => b.key === a.key && (b.node === a.node || parent[b.node] === a.node));
    if (holders.length === 0) {
      problems.push(`${label}: no node carries ${a.key} of node ${a.node}`);
      continue;
    }
    const want = frameOf(ow[a.node]);
    for (const b of holders) {
      const got = frameOf(bw[b.node]);
      count++;
      const d = distance(got.pos, want.pos);
      if (!(d <= TOL * (size > 0 ? size : 1))) problems.push(`${label}: ${a.key} moved by ${d.toExponential(2)}`);
      for (const [what, w, g] of [['direction', want.dir, got.dir], ['up', want.up, got.up]]) {
        if (!w) continue; // undefined in the original
        const deg = g ? angleDeg(w, g) : 180;
        worst = Math.max(worst, deg);
        if (!(deg <= FRAME_TOL)) problems.push(`${label}: ${a.key}'s ${what} is ${deg.toExponential(2)} degrees off`);
      }
    }
  }
  return { count, worst };
}

function fmt(x) {
  return x.toExponential(2);
}

// normalMatrix returns the inverse transpose of a column-major 4x4's
// linear part as a row-major 3x3 (rows r, entries 3r+c): its cofactor
// matrix divided by the determinant.
function normalMatrix(m) {
  const a = (r, c) => m[4 * c + r];
  const cof = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const r1 = (r + 1) % 3, r2 = (r + 2) % 3, c1 = (c + 1) % 3, c2 = (c + 2) % 3;
      cof.push(a(r1, c1) * a(r2, c2) - a(r1, c2) * a(r2, c1));
    }
  }
  const det = a(0, 0) * cof[0] + a(0, 1) * cof[1] + a(0, 2) * cof[2];
  return cof.map((x) => x / det);
}

// triangles lists a primitive's triangles as glTF 2.0 draws them
// (3.7.2.1: TRIANGLES, TRIANGLE_STRIP with its alternating order,
// TRIANGLE_FAN), or none for points and lines.
function triangles(prim, count) {
  const idx = prim.getIndices() ? Array.from(prim.getIndices().getArray()) : [...Array(count).keys()];
  const out = [];
  switch (prim.getMode()) {
    case 4:
      for (let k = 0; k + 2 < idx.length; k += 3) out.push([idx[k], idx[k + 1], idx[k + 2]]);
      break;
    case 5:
      for (let k = 0; k + 2 < idx.length; k++) {
        out.push(k % 2 === 0 ? [idx[k], idx[k + 1], idx[k + 2]] : [idx[k + 1], idx[k], idx[k + 2]]);
      }
      break;
    case 6:
      for (let k = 1; k + 1 < idx.length; k++) out.push([idx[k], idx[k + 1], idx[0]]);
      break;
  }
  return out;
}

// facing counts, over every triangle with NORMALs of every non-skinned
// mesh node, those whose world facing (the cross product of its world
// sides in drawing order: what the rasterizer culls by) points against
// its corners' world normals (by the inverse transpose). An engine draws
// such a triangle inside out unless it flips culling for a mirrored
// node; a bake leaves no mirrored node, so it must leave none.
function facing(nodes) {
  const world = worldOf();
  let total = 0;
  let against = 0;
  for (const node of nodes) {
    const mesh = node.getMesh();
    if (!mesh || node.getSkin()) continue;
    const m = world(node);
    const nm = normalMatrix(m);
    for (const prim of mesh.listPrimitives()) {
      const pos = prim.getAttribute('POSITION');
      const nrm = prim.getAttribute('NORMAL');
      if (!pos || !nrm) continue;
      const p = (i) => apply(m, pos.getElement(i, [0, 0, 0]));
      const n = (i) => {
        const v = nrm.getElement(i, [0, 0, 0]);
        return [0, 1, 2].map((r) => nm[3 * r] * v[0] + nm[3 * r + 1] * v[1] + nm[3 * r + 2] * v[2]);
      };
      for (const [a, b, c] of triangles(prim, pos.getCount())) {
        const pa = p(a), pb = p(b), pc = p(c);
        const u = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
        const w = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]];
        const f = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
        if (Math.hypot(...f) === 0) continue; // degenerate: no facing
        const ns = [n(a), n(b), n(c)].reduce((s, v) => [s[0] + v[0], s[1] + v[1], s[2] + v[2]]);
        total++;
        if (f[0] * ns[0] + f[1] * ns[1] + f[2] * ns[2] < 0) against++;
      }
    }
  }
  return { total, against };
}

const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
const rows = [['file', 'nodes', 'vertices', 'bake max/size', 'original max/size', 'inside out (orig -> bake)', 'validator errors', 'warnings']];
const insideOut = {};
const bakeRel = {};
let frameCount = 0;
let frameWorst = 0;
for (const f of manifest.fixtures.filter((x) => x.good)) {
  const bakedFile = path.join(dir, 'baked', `${f.name}.glb`);
  const expectFile = path.join(dir, 'baked', `${f.name}.expect.json`);
  let expect;
  let original;
  let baked;
  let json;
  try {
    expect = JSON.parse(await readFile(expectFile, 'utf8'));
    original = await io.read(path.join(dir, f.name));
    baked = await io.read(bakedFile);
    json = (await io.readAsJSON(bakedFile)).json;
  } catch (err) {
    problems.push(`${f.name}: cannot read ${bakedFile}, ${expectFile} or the original: ${err.message}`);
    continue;
  }
  const self = measure(`${f.name} (original, self-check)`, original.getRoot().listNodes(), sceneNodes(original), expect);
  const bake = measure(`${bakedFile}`, baked.getRoot().listNodes(), sceneNodes(baked), expect);
  bakeRel[f.name] = bake.rel;
  if (!(self.rel < TOL)) {
    problems.push(`${f.name} (original, self-check): max distance / size ${fmt(self.rel)} at ${self.where}, over ${TOL}`);
  }
  if (!(bake.rel < TOL)) {
    problems.push(`${bakedFile}: max distance / size ${fmt(bake.rel)} at ${bake.where}, over ${TOL}`);
  }
  promises(bakedFile, json, baked, original, expect.size);
  const fr = frames(bakedFile, (await io.readAsJSON(path.join(dir, f.name))).json, json, expect.size);
  frameCount += fr.count;
  frameWorst = Math.max(frameWorst, fr.worst);
  const fo = facing(original.getRoot().listNodes());
  const fb = facing(baked.getRoot().listNodes());
  insideOut[f.name] = fo.against;
  if (fb.against > 0) {
    problems.push(`${bakedFile}: ${fb.against} of ${fb.total} triangles face against their normals (wrong winding)`);
  }
  if (fb.total !== fo.total) {
    problems.push(`${bakedFile}: ${fb.total} triangles with normals, the original ${fo.total}`);
  }
  const v = await validate(new Uint8Array(await readFile(bakedFile)), path.basename(bakedFile));
  if (v.errors > 0) {
    problems.push(`${bakedFile}: the validator reports ${v.errors} errors: ${v.messages.slice(0, SHOWN).join('; ')}`);
  }
  rows.push([f.name, String(expect.nodes.length), String(bake.vertices), fmt(bake.rel), fmt(self.rel),
    `${fo.against} -> ${fb.against} of ${fb.total}`, String(v.errors), String(v.warnings)]);
  for (const m of v.messages.slice(0, SHOWN)) rows.push([`  ${m}`]);
}

const widths = rows[0].map((_, c) => Math.max(...rows.filter((r) => r.length > 1).map((r) => r[c].length)));
for (const r of rows) {
  console.log(r.length === 1 ? `bakecheck: ${r[0]}` : 'bakecheck: ' + r.map((x, c) => x.padEnd(widths[c])).join('  ').trimEnd());
}

// flatten() vs bake on the skewed rig, measured against the same
// expectation: the nodes are matched by identity (flatten's cleanup may
// prune empty nodes, which would shift indices).
const flattenExpect = path.join(dir, 'baked', `${FLATTEN_FIXTURE}.expect.json`);
try {
  const expect = JSON.parse(await readFile(flattenExpect, 'utf8'));
  const doc = await io.read(path.join(dir, FLATTEN_FIXTURE));
  const nodes = doc.getRoot().listNodes();
  await doc.transform(flatten());
  const flat = measure(`${FLATTEN_FIXTURE} after flatten()`, nodes, sceneNodes(doc), expect);
  const bake = bakeRel[FLATTEN_FIXTURE];
  console.log(`bakecheck: ${FLATTEN_FIXTURE}: max vertex displacement / size (${expect.size.toPrecision(6)}): ` +
    `glTF-Transform flatten() ${fmt(flat.rel)} (at ${flat.where}), skewlab bake ${bake === undefined ? 'missing' : fmt(bake)}`);
  // For information only: what the validator says of flatten()'s output.
  const fv = await validate(await io.writeBinary(doc), `${FLATTEN_FIXTURE} after flatten()`);
  console.log(`bakecheck: ${FLATTEN_FIXTURE} after flatten(), for information: validator ${fv.errors} errors, ${fv.warnings} warnings` +
    fv.messages.slice(0, SHOWN).map((m) => `\n  ${m}`).join(''));
  if (!(flat.rel > FLATTEN_MIN)) {
    problems.push(`${FLATTEN_FIXTURE}: flatten() moves vertices by only ${fmt(flat.rel)} of the size, want over ${FLATTEN_MIN}: ` +
      'the measurement cannot tell a shape-changing flatten from a bake');
  }
  if (bake === undefined) problems.push(`${FLATTEN_FIXTURE}: no baked file to compare with flatten()`);
} catch (err) {
  problems.push(`${FLATTEN_FIXTURE}: flatten() comparison failed: ${err.message}`);
}

// The mirrored fixture's triangles must be inside out before the bake,
// or the winding check above could not fail.
if (manifest.fixtures.some((f) => f.name === 'mirrored.gltf') && !(insideOut['mirrored.gltf'] > 0)) {
  problems.push('mirrored.gltf: no triangle of the original faces against its normals; the winding check would not see a missing flip');
}

if (problems.length > 0) {
  for (const p of problems) console.log(`bakecheck: FAIL ${p}`);
  process.exit(1);
}
console.log(`bakecheck: ${frameCount} cameras and lights keep their world frame in the bakes, worst ${frameWorst.toExponential(2)} degrees (tolerance ${FRAME_TOL})`);
if (frameCount === 0) {
  console.log('bakecheck: FAIL no fixture has a camera or light; the frame check covers nothing');
  process.exit(1);
}
console.log(`bakecheck: ok, ${rows.length - 1 - rows.filter((r) => r.length === 1).length} baked files within ${TOL} of the size, ` +
  `validator ${validator.version()} with 0 errors`);
