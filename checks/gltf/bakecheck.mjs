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
//   - the bake's promises, on the baked file's JSON: as many nodes as the
//     original, with the same names; no node has a matrix or a scale other
//     than exactly [1, 1, 1]; no animations; every node's world origin
//     where the original's is;
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

const TOL = 1e-5;
const FLATTEN_MIN = 1e-2;
const FLATTEN_FIXTURE = 'rig.glb';
const SHOWN = 4; // validator messages printed per file
const SEVERITY = ['error', 'warning', 'info', 'hint'];

if (process.argv.length !== 3) {
  console.error('usage: node checks/gltf/bakecheck.mjs DIR');
  process.exit(2);
}
const dir = process.argv[2];
const io = new NodeIO().setLogger(new Logger(Logger.Verbosity.ERROR));
const problems = [];

// trs returns T*R*S as a column-major 4x4 (element (row r, column c) at
// 4c+r) from a translation, a quaternion [x, y, z, w] and a scale. The
// quaternion is normalized first, as engines read it: glTF wants unit
// ones (the validator flags others), and flatten() writes some that are
// not, which would otherwise count as displacement that is not its
// dropped shear.
function trs(t, q, s) {
  const n = Math.hypot(...q);
  const [x, y, z, w] = q.map((v) => v / n);
  return [
    (1 - 2 * (y * y + z * z)) * s[0], 2 * (x * y + w * z) * s[0], 2 * (x * z - w * y) * s[0], 0,
    2 * (x * y - w * z) * s[1], (1 - 2 * (x * x + z * z)) * s[1], 2 * (y * z + w * x) * s[1], 0,
    2 * (x * z + w * y) * s[2], 2 * (y * z - w * x) * s[2], (1 - 2 * (x * x + y * y)) * s[2], 0,
    t[0], t[1], t[2], 1,
  ];
}

// mul returns a*b for column-major 4x4 matrices.
function mul(a, b) {
  const out = new Array(16);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[4 * k + r] * b[4 * c + k];
      out[4 * c + r] = sum;
    }
  }
  return out;
}

// apply returns m*(p, 1) without the fourth component.
function apply(m, p) {
  return [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]);
}

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

// validate returns the validator's error and warning counts and messages
// for a GLB file's bytes (uri names it).
async function validate(bytes, uri) {
  try {
    const report = await validator.validateBytes(bytes, { uri, maxIssues: 0, writeTimestamp: false });
    const is = report.issues;
    return {
      errors: is.numErrors, warnings: is.numWarnings,
      messages: [...is.messages].filter((m) => m.severity <= 1).sort((a, b) => a.severity - b.severity)
        .map((m) => `[${SEVERITY[m.severity]}] ${m.code}${m.pointer ? ' at ' + m.pointer : ''}: ${m.message}`),
    };
  } catch (err) {
    return { errors: 1, warnings: 0, messages: [`[refused] ${err}`] };
  }
}

// promises checks what the bake promises beyond vertices, on the baked
// file's own JSON (glTF-Transform would turn a matrix into TRS): the
// original's node count and names, unit scale and no matrix on every
// node, no animations, and every node's world origin kept.
function promises(label, json, baked, original, size) {
  const nodes = json.nodes ?? [];
  const origNodes = original.getRoot().listNodes();
  if (nodes.length !== origNodes.length) {
    problems.push(`${label}: ${nodes.length} nodes, the original has ${origNodes.length}`);
    return;
  }
  nodes.forEach((n, i) => {
    const name = `node ${i} ${JSON.stringify(n.name ?? '')}`;
    if ((n.name ?? '') !== origNodes[i].getName()) {
      problems.push(`${label}: ${name} is named ${JSON.stringify(origNodes[i].getName())} in the original`);
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

function fmt(x) {
  return x.toExponential(2);
}

const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
const rows = [['file', 'nodes', 'vertices', 'bake max/size', 'original max/size', 'validator errors', 'warnings']];
const bakeRel = {};
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
  const v = await validate(new Uint8Array(await readFile(bakedFile)), path.basename(bakedFile));
  if (v.errors > 0) {
    problems.push(`${bakedFile}: the validator reports ${v.errors} errors: ${v.messages.slice(0, SHOWN).join('; ')}`);
  }
  rows.push([f.name, String(expect.nodes.length), String(bake.vertices), fmt(bake.rel), fmt(self.rel),
    String(v.errors), String(v.warnings)]);
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

if (problems.length > 0) {
  for (const p of problems) console.log(`bakecheck: FAIL ${p}`);
  process.exit(1);
}
console.log(`bakecheck: ok, ${rows.length - 1 - rows.filter((r) => r.length === 1).length} baked files within ${TOL} of the size, ` +
  `validator ${validator.version()} with 0 errors`);
