// What the browser test (browser.mjs) and the noise measurement
// (noise.mjs) share: the skewlab server, Debian's headless Chromium, pages
// opened and captured only once the app says its picture has settled,
// input that waits for the app's ticks, and the pixel comparisons.
//
// Nothing here sleeps for a fixed time: every wait is for a condition the
// app or the page reports (skewlab.frame(), skewlab.state, the canvas
// size), with a timeout that only fails a step that never gets there.
// The one exception is a window of animation frames (animationFrames)
// in which a hidden page must draw nothing: that window is the check.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { decodePNG } from "./png.mjs";

export const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
// Exactly the flags NOTES.md found to give WebGL2 (ANGLE on SwiftShader).
export const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const VIEWPORT = { width: 1280, height: 720 };
export const FIRST_FRAME_LIMIT_MS = 60_000;
// How long a page may take to settle after its last input. The auto
// anti-aliasing choice alone takes 5 s; a loaded 2-core machine needs
// more. Reaching it fails the step with the frame record in the message.
export const SETTLE_LIMIT_MS = 60_000;

export const assert = (cond, msg) => { if (!cond) throw new Error(msg); };

// Parses --key value pairs.
export function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith("--")) {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith("--")) out[argv[i].slice(2)] = "true";
      else { out[argv[i].slice(2)] = v; i++; }
    }
  }
  return out;
}

// Starts `skewlab serve` on a free loopback port; resolves to the process
// and its base URL once it prints the address.
export function startServer(server, dist) {
  return new Promise((res, rej) => {
    assert(existsSync(server), `${server} missing (make webtest builds it)`);
    const p = spawn(server, ["serve", "-dir", dist, "-addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    const timer = setTimeout(() => rej(new Error("skewlab serve printed no address within 30 s")), 30_000);
    p.stdout.on("data", (d) => {
      text += d;
      const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) { clearTimeout(timer); res({ proc: p, base: m[0] }); }
    });
    p.on("exit", (code) => { clearTimeout(timer); rej(new Error(`skewlab serve exited with ${code}: ${text}`)); });
  });
}

// Launches Chromium with a fresh profile; close() also removes the profile.
export async function launch(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), "skewlab-chromium-"));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: chromiumArgs, viewport: VIEWPORT, ...options,
  });
  const close = async () => { await ctx.close(); rmSync(profile, { recursive: true, force: true }); };
  return { ctx, close };
}

// The app's frame record (index.html's skewlab.frame()).
export const frameOf = (target) => target.evaluate(() => skewlab.frame());

// Opens base+query in ctx and waits for the first frame; collects console
// errors and uncaught exceptions.
export async function open(ctx, base, query, { limit = FIRST_FRAME_LIMIT_MS, viewport = null } = {}) {
  const page = await ctx.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  const t = Date.now();
  await page.goto(base + query);
  await waitRunning(page, limit);
  const st = await page.evaluate(() => ({ state: skewlab.state, reason: skewlab.reason, firstFrameMs: skewlab.firstFrameMs }));
  assert(st.state === "running", `page ${query} is ${st.state}: ${st.reason}`);
  return { page, errors, wallMs: Date.now() - t, firstFrameMs: st.firstFrameMs };
}

// Waits until the page (or frame) has left the loading state.
export async function waitRunning(target, limit = FIRST_FRAME_LIMIT_MS) {
  await target.waitForFunction(() => window.skewlab && ["running", "failed", "exited"].includes(window.skewlab.state),
    null, { timeout: limit, polling: 100 });
}

// Waits until the app has run n more ticks than now: one tick after a
// pointer move, debugui knows where the pointer is.
export async function ticks(target, n = 1) {
  const t0 = (await frameOf(target)).ticks;
  await target.evaluate(() => skewlab.wake()); // a settled app runs no ticks by itself
  await target.waitForFunction((want) => skewlab.frame().ticks >= want, t0 + n, { timeout: SETTLE_LIMIT_MS, polling: "raf" });
}

// Waits until the app's picture has settled after every input sent so
// far: at least two frames drawn after this call (so the app's ticks have
// seen the input) and the app's own settled flag (anti-aliasing choice
// final, no animation, calm frames since the last input). A settled app
// draws only on input, so this wakes it first (skewlab.wake(): frames as
// after an input). Returns the frame record, the canvas size and the
// device pixel ratio.
export async function settle(target) {
  const d0 = (await frameOf(target)).draws;
  await target.evaluate(() => skewlab.wake());
  try {
    await target.waitForFunction((d) => { const f = skewlab.frame(); return f.settled && f.draws >= d + 2; },
      d0, { timeout: SETTLE_LIMIT_MS, polling: "raf" });
  } catch (e) {
    throw new Error(`the app did not settle within ${SETTLE_LIMIT_MS / 1000} s: frame ${JSON.stringify(await frameOf(target))}`);
  }
  return target.evaluate(() => {
    const c = document.querySelector("canvas");
    return { ...skewlab.frame(), canvas: [c.width, c.height], dpr: devicePixelRatio };
  });
}

// Waits until the page has drawn n more frames than now (its frame
// record) and returns the frames drawn and the milliseconds they took, by
// the page's clock: a frame rate measured over a count of frames, never a
// fixed time. Fails after limitMs.
export const measureFrames = (target, n, limitMs = 120_000) => target.evaluate(([n, limitMs]) => new Promise((res, rej) => {
  const d0 = skewlab.frame().draws;
  const t0 = performance.now();
  const check = () => {
    const d = skewlab.frame().draws;
    if (d >= d0 + n) res({ frames: d - d0, ms: performance.now() - t0 });
    else if (performance.now() - t0 > limitMs) rej(new Error(`only ${d - d0} of ${n} frames in ${limitMs} ms`));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}), [n, limitMs]);

// Captures the page once settled; the capture counts only when the app
// was still settled after it (no input arrived meanwhile). Writes
// dir/name.png. Returns { png, state }.
export async function capture(page, dir, name) {
  for (let attempt = 0; ; attempt++) {
    const state = await settle(page);
    const png = await page.screenshot();
    const after = await frameOf(page);
    if (after.settled || attempt >= 3) {
      assert(after.settled, "the picture kept changing while it was captured");
      if (dir) writeFileSync(join(dir, name + ".png"), png);
      return { png, state };
    }
  }
}

// A mouse drag the way debugui needs it: move, a tick, press, moves,
// a tick, release (a press in the same tick as a pointer jump goes to the
// widget hovered before; never mouse.click).
export async function drag(page, x0, y0, x1, y1, steps = 8) {
  await page.mouse.move(x0, y0);
  await ticks(page, 2);
  await page.mouse.down();
  await ticks(page, 2);
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
    await ticks(page, 1);
  }
  await ticks(page, 1);
  await page.mouse.up();
  await ticks(page, 2);
}

// --- pixels ---
const BG = [18, 19, 24];
export const isCyan = (r, g, b) => g > 128 && b > 128 && r < 90;
const near = (r, g, b, v) => Math.abs(r - v) <= 1 && Math.abs(g - v) <= 1 && Math.abs(b - v) <= 1;
// debugui's opaque colours: title bars and slider bases (30,30,30), buttons (75,75,75).
const isUI = (r, g, b) => near(r, g, b, 30) || near(r, g, b, 75);

// Counts background-differing, cyan (B) and UI pixels, and keeps B's
// mask. Pixels inside exclude (a rectangle) are skipped.
export function analyse(png, exclude = null) {
  const { width, height, rgba } = decodePNG(png);
  const cyan = new Uint8Array(width * height);
  let nonBG = 0, nCyan = 0, nUI = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (exclude && x >= exclude.x && x < exclude.x + exclude.width && y >= exclude.y && y < exclude.y + exclude.height) continue;
      const o = (y * width + x) * 4, r = rgba[o], g = rgba[o + 1], b = rgba[o + 2];
      if (Math.abs(r - BG[0]) + Math.abs(g - BG[1]) + Math.abs(b - BG[2]) > 12) nonBG++;
      if (isCyan(r, g, b)) { cyan[y * width + x] = 1; nCyan++; }
      if (isUI(r, g, b)) nUI++;
    }
  }
  return { width, height, nonBG, nCyan, nUI, cyan };
}

// colourMask marks the pixels of png that pass is (r, g, b), in the shape
// analyse returns (cyan: the mask, nCyan: their count), so cyanDiff and
// cyanMiss compare masks of any colour. Pixels inside exclude (a
// rectangle) are skipped.
export function colourMask(png, is, exclude = null) {
  const { width, height, rgba } = decodePNG(png);
  const cyan = new Uint8Array(width * height);
  let nCyan = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (exclude && x >= exclude.x && x < exclude.x + exclude.width && y >= exclude.y && y < exclude.y + exclude.height) continue;
      const o = (y * width + x) * 4;
      if (is(rgba[o], rgba[o + 1], rgba[o + 2])) { cyan[y * width + x] = 1; nCyan++; }
    }
  }
  return { width, height, cyan, nCyan };
}

// isMagenta passes the magenta of a glTF file's first mesh (gltfio's
// palette) at line strength.
export const isMagenta = (r, g, b) => r > 150 && b > 150 && g < 100;

// cyanDiff counts the positions cyan in exactly one picture: the raw
// measure of how much B moved (used where a picture must change).
export function cyanDiff(a, b) {
  let d = 0;
  for (let i = 0; i < a.cyan.length; i++) d += a.cyan[i] !== b.cyan[i];
  return d;
}

// cyanMiss counts the cyan pixels of either picture with no cyan pixel of
// the other within r pixels (a (2r+1)-square): a line drawn one pixel to
// the side, or an edge pixel anti-aliasing pushed under or over the cyan
// threshold, does not count; B drawn elsewhere or in another shape does.
export function cyanMiss(a, b, r = 1) {
  assert(a.width === b.width && a.height === b.height, `pictures of different sizes: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  const one = (p, q) => {
    let n = 0;
    for (let y = 0; y < p.height; y++) {
      for (let x = 0; x < p.width; x++) {
        if (!p.cyan[y * p.width + x]) continue;
        let found = false;
        for (let dy = -r; dy <= r && !found; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= q.height) continue;
          for (let dx = -r; dx <= r; dx++) {
            const xx = x + dx;
            if (xx >= 0 && xx < q.width && q.cyan[yy * q.width + xx]) { found = true; break; }
          }
        }
        if (!found) n++;
      }
    }
    return n;
  };
  return one(a, b) + one(b, a);
}

// sameState asserts two captures were taken in the same rendering state:
// canvas size, device pixel ratio and anti-aliasing.
export function sameState(a, b) {
  assert(a.canvas[0] === b.canvas[0] && a.canvas[1] === b.canvas[1], `canvas ${a.canvas} vs ${b.canvas}`);
  assert(a.dpr === b.dpr, `device pixel ratio ${a.dpr} vs ${b.dpr}`);
  assert(a.antiAlias === b.antiAlias, `anti-aliasing ${a.antiAlias} vs ${b.antiAlias}: the pages are not in the same state`);
}

// Resolves after n animation frames of target (page or frame): the
// window in which a hidden app must draw nothing. Counts the frames, so
// the caller can check the page itself kept running (the browser did not
// throttle it; the app stopped on its own).
export const animationFrames = (target, n) => target.evaluate((n) => new Promise((resolve) => {
  let k = 0;
  const step = () => (++k >= n ? resolve(k) : requestAnimationFrame(step));
  requestAnimationFrame(step);
}), n);

// --- dropping files ---

// dropFiles drops files onto the page's canvas the way a reader does:
// a real `drop` event whose dataTransfer is a DataTransfer holding File
// objects built in the page. files is [{ name, bytes }] (bytes a Buffer);
// they cross into the page as base64. Resolves once the app has reported
// the drop's result in skewlab.opened (polled every animation frame) and
// returns that entry ({ name, error }).
export async function dropFiles(page, files) {
  const n0 = await page.evaluate(() => skewlab.opened.length);
  const sent = files.map((f) => ({ name: f.name, b64: Buffer.from(f.bytes).toString("base64") }));
  const handled = await page.evaluate((sent) => {
    const dt = new DataTransfer();
    for (const f of sent) {
      const bin = atob(f.b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], f.name, { type: "application/octet-stream" }));
    }
    const canvas = document.querySelector("canvas");
    const r = canvas.getBoundingClientRect();
    const at = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    const ev = (type) => new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: dt, ...at });
    canvas.dispatchEvent(ev("dragenter"));
    canvas.dispatchEvent(ev("dragover"));
    const drop = ev("drop");
    canvas.dispatchEvent(drop);
    return { defaultPrevented: drop.defaultPrevented, files: dt.files.length };
  }, sent);
  assert(handled.files === files.length, `the DataTransfer holds ${handled.files} files, want ${files.length}`);
  assert(handled.defaultPrevented, "nothing took the drop (the page's drop handler did not call preventDefault)");
  try {
    await page.waitForFunction((n) => skewlab.opened.length > n, n0, { timeout: SETTLE_LIMIT_MS, polling: "raf" });
  } catch (e) {
    const st = await page.evaluate(() => ({ opens: skewlab.opens, opened: skewlab.opened, messages: skewlab.messages }));
    throw new Error(`the app reported no open within ${SETTLE_LIMIT_MS / 1000} s of dropping ${files.map((f) => f.name)}: ${JSON.stringify(st)}`);
  }
  return page.evaluate((n) => skewlab.opened[n], n0);
}

// colourBoxes returns, for each named colour of colours ({ name: [r, g,
// b] }), the bounding box [x0, y0, x1, y1] of the lines drawn in that
// colour, or null. A pixel counts when it has the colour at full strength
// (each channel within CORE) and so do at least two of its eight
// neighbours: only line cores count. Anti-aliased edges are blends with
// the background or with a crossing line, and the page's WebGL and the
// export's rasterizer draw them differently; a node's red x axis over
// the yellow Head left single pixels within 12 of the Tail's orange, 30
// px above the Tail, in both pictures but not at the same places. Pixels
// inside exclude (a rectangle) are skipped.
const CORE = 12;
export function colourBoxes(png, colours, exclude = null) {
  const { width, height, rgba } = decodePNG(png);
  const list = Object.entries(colours);
  const label = new Uint8Array(width * height); // 1 + the colour's index, 0 for none
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (exclude && x >= exclude.x && x < exclude.x + exclude.width && y >= exclude.y && y < exclude.y + exclude.height) continue;
      const o = (y * width + x) * 4, r = rgba[o], g = rgba[o + 1], b = rgba[o + 2];
      const i = list.findIndex(([, c]) => Math.abs(r - c[0]) <= CORE && Math.abs(g - c[1]) <= CORE && Math.abs(b - c[2]) <= CORE);
      if (i >= 0) label[y * width + x] = i + 1;
    }
  }
  const box = Object.fromEntries(list.map(([name]) => [name, null]));
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const l = label[y * width + x];
      if (!l) continue;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) n += (dx || dy) && label[(y + dy) * width + x + dx] === l ? 1 : 0;
      }
      if (n < 2) continue;
      const name = list[l - 1][0], k = box[name];
      box[name] = k ? [Math.min(k[0], x), Math.min(k[1], y), Math.max(k[2], x), Math.max(k[3], y)] : [x, y, x, y];
    }
  }
  return box;
}

// boxOffsets compares two colourBoxes results: for each colour, the
// largest difference of the four edges in pixels (Infinity when one
// picture lacks the colour).
export function boxOffsets(a, b) {
  const out = {};
  for (const k of Object.keys(a)) {
    out[k] = a[k] && b[k] ? Math.max(...a[k].map((v, i) => Math.abs(v - b[k][i]))) : Infinity;
  }
  return out;
}

// The layout rule of the Go layout test (ui/kit's LayoutProblems),
// written again here so the browser checks the page by the same rule:
// marks are {x0, y0, x1, y1, text} texts and {fill: true} fills in
// drawing order, device pixels; two texts may not share more than SLOP
// px both across and down, a text may not reach more than SLOP past the
// w by h screen, a text may not lie under a fill drawn after it, and a
// text drawn after a fill may not straddle its edge. Returns one line per
// problem.
export const LAYOUT_SLOP = 1;
export function layoutProblems(marks, w, h) {
  const S = LAYOUT_SLOP, out = [];
  const overlap = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > S && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > S;
  const inside = (a, b) => a.x0 >= b.x0 - S && a.y0 >= b.y0 - S && a.x1 <= b.x1 + S && a.y1 <= b.y1 + S;
  const name = (m) => `${m.fill ? (m.control || (m.window ? "window" : "fill")) : JSON.stringify(m.text)} [${[m.x0, m.y0, m.x1, m.y1].map(Math.round)}]`;
  marks.forEach((a, i) => {
    if (a.fill) return;
    if (a.x0 < -S || a.y0 < -S || a.x1 > w + S || a.y1 > h + S) out.push(`${name(a)} cut by the edge of the ${w}x${h} screen`);
    marks.forEach((b, j) => {
      if (j === i) return;
      if (!b.fill) {
        if (j > i && overlap(a, b)) out.push(`${name(a)} overlaps ${name(b)}`);
      } else if (j > i) {
        if (overlap(a, b)) out.push(`${name(a)} lies under ${name(b)}, drawn after it`);
      } else if (overlap(a, b) && !inside(a, b)) {
        out.push(`${name(a)} runs over the edge of ${name(b)}`);
      }
    });
  });
  return out;
}

// Where the page's settled frame drew its texts, fills and windows (the
// app's skewlabLayout: the first call asks for the next frame to be
// recorded, the second, once a frame was drawn, returns it), with the
// page's own visible controls (Share, the message box, the toast) added
// as fills over everything, in canvas pixels. Returns { width, height,
// marks, problems (the Go rule's, on the app's marks alone) }.
export async function layoutOf(page) {
  await settle(page);
  await page.evaluate(() => skewlabLayout());
  await settle(page);
  const json = await page.evaluate(() => skewlabLayout());
  assert(json !== "", "skewlabLayout() recorded no frame");
  const lay = JSON.parse(json);
  const controls = await page.evaluate(() => {
    const c = document.querySelector("canvas").getBoundingClientRect(), k = devicePixelRatio;
    return ["sk-share", "sk-messages", "sk-toast"].flatMap((id) => {
      const el = document.getElementById(id);
      if (getComputedStyle(el).display === "none") return [];
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 ? [{ x0: (r.left - c.left) * k, y0: (r.top - c.top) * k, x1: (r.right - c.left) * k, y1: (r.bottom - c.top) * k, fill: true, control: id }] : [];
    });
  });
  return { ...lay, appMarks: lay.marks, marks: [...lay.marks, ...controls], controls };
}
