// The Khronos validator as the bake checks (bakecheck.mjs, animcheck.mjs)
// run it on a file they wrote.
import validator from 'gltf-validator';

const SEVERITY = ['error', 'warning', 'info', 'hint'];

// validate returns the validator's error and warning counts and its error
// and warning messages, errors first, for a GLB file's bytes (uri names
// it). A file the validator refuses to read counts as one error.
export async function validate(bytes, uri) {
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

