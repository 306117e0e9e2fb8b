// Column-major 4x4 matrix helpers shared by the bake checks
// (bakecheck.mjs, animcheck.mjs): element (row r, column c) at 4c+r,
// column vectors, as glTF stores matrices.

// trs returns T*R*S from a translation, a quaternion [x, y, z, w] and a
// scale. The quaternion is normalized first, as engines read it: glTF
// wants unit ones (the validator flags others), files store keys only
// unit to float32 or worse, and flatten() writes some that are not,
// which would otherwise count as displacement. A zero quaternion counts
// as the identity rotation's length (no division by zero).
export function trs(t, q, s) {
  const n = Math.hypot(...q) || 1;
  const [x, y, z, w] = q.map((v) => v / n);
  return [
    (1 - 2 * (y * y + z * z)) * s[0], 2 * (x * y + w * z) * s[0], 2 * (x * z - w * y) * s[0], 0,
    2 * (x * y - w * z) * s[1], (1 - 2 * (x * x + z * z)) * s[1], 2 * (y * z + w * x) * s[1], 0,
    2 * (x * z + w * y) * s[2], 2 * (y * z - w * x) * s[2], (1 - 2 * (x * x + y * y)) * s[2], 0,
    t[0], t[1], t[2], 1,
  ];
}

// mul returns a*b for column-major 4x4 matrices.
export function mul(a, b) {
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
export function apply(m, p) {
  return [0, 1, 2].map((r) => m[r] * p[0] + m[4 + r] * p[1] + m[8 + r] * p[2] + m[12 + r]);
}
