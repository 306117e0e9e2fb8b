// Runs the Khronos glTF validator (npm gltf-validator) on the fixtures
// scripts/gengltf wrote into DIR, as make gltfcheck does:
//
//   node checks/gltf/validate.mjs DIR
//
// DIR/manifest.json (written by gengltf from internal/gltfgen's one
// fixture table) says which fixtures are good and which bad. Prints per
// fixture the error/warning/info/hint counts and the first few messages.
// Exits 1 when a good fixture has any error (or cannot be read), when a
// bad fixture the validator can judge (validatorCatches) has none (which
// shows the validator really ran), or when DIR and the manifest disagree
// about which fixtures exist; 2 on a usage error.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

const SHOWN = 4; // messages printed per fixture
const SEVERITY = ['error', 'warning', 'info', 'hint'];

if (process.argv.length !== 3) {
  console.error('usage: node checks/gltf/validate.mjs DIR');
  process.exit(2);
}
const dir = process.argv[2];

// readAdjacent is the validator's externalResourceFunction: it reads a
// relative URI (such as rig.bin) from DIR and refuses anything that would
// leave DIR.
function readAdjacent(uri) {
  const rel = decodeURIComponent(uri);
  const full = path.resolve(dir, rel);
  if (path.isAbsolute(rel) || path.relative(path.resolve(dir), full).startsWith('..')) {
    return Promise.reject(new Error(`refusing to read ${uri} outside ${dir}`));
  }
  return readFile(full).then((b) => new Uint8Array(b));
}

// validate returns {errors, warnings, infos, hints, messages} for one
// file, messages errors first; a file the validator refuses outright (not
// glTF or GLB at all) counts as one error whose message is the validator's
// reason.
async function validate(name) {
  const bytes = new Uint8Array(await readFile(path.join(dir, name)));
  try {
    const report = await validator.validateBytes(bytes, {
      uri: name,
      maxIssues: 0,
      writeTimestamp: false,
      externalResourceFunction: readAdjacent,
    });
    const is = report.issues;
    return {
      errors: is.numErrors, warnings: is.numWarnings, infos: is.numInfos, hints: is.numHints,
      messages: [...is.messages].sort((a, b) => a.severity - b.severity).map((m) => `[${SEVERITY[m.severity] ?? m.severity}] ${m.code}` +
        `${m.pointer ? ' at ' + m.pointer : ''}${m.offset !== undefined ? ' at byte ' + m.offset : ''}: ${m.message}`),
    };
  } catch (err) {
    return { errors: 1, warnings: 0, infos: 0, hints: 0, messages: [`[refused] ${err}`] };
  }
}

const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
const listed = new Set(manifest.fixtures.map((f) => f.name));
const problems = [];
for (const name of (await readdir(dir)).sort()) {
  if (/\.(gltf|glb)$/.test(name) && !listed.has(name)) {
    problems.push(`${name}: in ${dir} but not in manifest.json, so nobody says whether it is good`);
  }
}

let good = 0;
let bad = 0;
for (const f of manifest.fixtures) {
  let r;
  try {
    r = await validate(f.name);
  } catch (err) {
    problems.push(`${f.name}: cannot read it: ${err.message}`);
    continue;
  }
  const role = f.good ? 'good' : f.validatorCatches ? 'bad, validator must flag' : 'bad, for the reader';
  console.log(`gltfcheck: ${f.name} (${role}): ${r.errors} errors, ${r.warnings} warnings, ` +
    `${r.infos} infos, ${r.hints} hints`);
  for (const m of r.messages.slice(0, SHOWN)) console.log(`  ${m}`);
  if (r.messages.length > SHOWN) console.log(`  ... ${r.messages.length - SHOWN} more`);
  if (f.good) {
    good++;
    if (r.errors > 0) problems.push(`${f.name}: good fixture, but the validator reports ${r.errors} errors`);
  } else {
    bad++;
    if (f.validatorCatches && r.errors === 0) {
      problems.push(`${f.name}: bad fixture (${f.about}), but the validator reports no error`);
    }
  }
}

if (problems.length > 0) {
  for (const p of problems) console.log(`gltfcheck: FAIL ${p}`);
  process.exit(1);
}
console.log(`gltfcheck: ok, validator ${validator.version()}: ${good} good fixtures with 0 errors, ` +
  `${manifest.fixtures.filter((f) => f.validatorCatches).length} of ${bad} bad ones flagged as they must be`);
