// Bakes every public sample model and compares what the Khronos glTF
// validator (npm gltf-validator) says of the original and of the copy,
// as make publiccheck does:
//
//   node checks/gltf/publiccheck.mjs SKEWLAB MODELS OUT
//
// SKEWLAB is the skewlab binary, MODELS the folder of sample models
// (testdata/public: one folder per model holding MODEL.gltf or .glb; its
// README.md gives their sources and licences), OUT a folder for the
// copies (OUT/MODEL.glb, replaced on every run). For every model it runs
// `SKEWLAB bake MODELS/MODEL/FILE -o OUT/MODEL.glb`, then validates the
// original and the copy. It fails a model when the bake does not exit 0,
// or when the copy has a validator error code the original does not
// have (a bake may not add an error; errors the original already has are
// printed, not failed). The checks of what the copy draws are the Go
// tests' (cmd_public_test.go).
//
// With PUBLICCHECK_CLEAN=1 in the environment an original with any
// validator error fails too (the edge files of internal/gltfgen, which
// skewlab writes to be valid, are checked so).
//
// Prints one line per model and the new error messages; exits 1 naming
// every failing model, 2 on a usage error.
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import validator from 'gltf-validator';

const SHOWN = 4; // messages printed per file

if (process.argv.length !== 5) {
  console.error('usage: node checks/gltf/publiccheck.mjs SKEWLAB MODELS OUT');
  process.exit(2);
}
const [skewlab, models, out] = process.argv.slice(2);

// validate returns the validator's error codes (a Set) and error
// messages for the file at full; a URI outside the file's folder is
// refused. A file the validator refuses outright counts as the error
// code "REFUSED".
async function validate(full) {
  const dir = path.dirname(full);
  const readAdjacent = (uri) => {
    const rel = decodeURIComponent(uri);
    const target = path.resolve(dir, rel);
    if (path.isAbsolute(rel) || path.relative(dir, target).startsWith('..')) {
      return Promise.reject(new Error(`refusing to read ${uri} outside ${dir}`));
    }
    return readFile(target).then((b) => new Uint8Array(b));
  };
  try {
    const report = await validator.validateBytes(new Uint8Array(await readFile(full)), {
      uri: path.basename(full), maxIssues: 0, writeTimestamp: false, externalResourceFunction: readAdjacent,
    });
    const errors = report.issues.messages.filter((m) => m.severity === 0);
    return {
      codes: new Set(errors.map((m) => m.code)),
      messages: errors.map((m) => `${m.code}${m.pointer ? ' at ' + m.pointer : ''}: ${m.message}`),
    };
  } catch (err) {
    return { codes: new Set(['REFUSED']), messages: [`REFUSED: ${err}`] };
  }
}

await mkdir(out, { recursive: true });
const problems = [];
let checked = 0;
for (const model of (await readdir(models, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
  const files = (await readdir(path.join(models, model))).filter((f) => /\.(gltf|glb)$/.test(f)).sort();
  for (const file of files) {
    checked++;
    const orig = path.join(models, model, file);
    const copy = path.join(out, `${path.parse(file).name}.glb`);
    await rm(copy, { force: true });
    const bake = spawnSync(skewlab, ['bake', orig, '-o', copy], { encoding: 'utf8' });
    if (bake.status !== 0) {
      const why = (bake.stderr || String(bake.error ?? '')).trim().split('\n')[0];
      console.log(`publiccheck: ${orig}: bake exit ${bake.status}: ${why}`);
      problems.push(`${orig}: bake exit ${bake.status}: ${why}`);
      continue;
    }
    const before = await validate(orig);
    const after = await validate(copy);
    const added = [...after.codes].filter((c) => !before.codes.has(c)).sort();
    console.log(`publiccheck: ${orig}: validator errors ${before.messages.length} -> ${after.messages.length} in ${copy}` +
      (added.length > 0 ? `, new codes ${added.join(', ')}` : ''));
    for (const m of before.messages.slice(0, SHOWN)) console.log(`  original: ${m}`);
    const fresh = after.messages.filter((m) => added.some((c) => m.startsWith(c)));
    for (const m of fresh.slice(0, SHOWN)) console.log(`  copy: ${m}`);
    if (added.length > 0) {
      problems.push(`${copy}: the bake adds validator error ${added.join(', ')} (${fresh[0]})`);
    }
    if (process.env.PUBLICCHECK_CLEAN === '1' && before.messages.length > 0) {
      problems.push(`${orig}: the original has validator errors (${before.messages[0]})`);
    }
  }
}
if (checked === 0) problems.push(`${models}: no model found`);
if (problems.length > 0) {
  for (const p of problems) console.log(`publiccheck: FAIL ${p}`);
  process.exit(1);
}
console.log(`publiccheck: ok, ${checked} public models baked, validator ${validator.version()}: no copy adds an error`);
