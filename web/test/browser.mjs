// Browser test of the skewlab web build (make webtest): serves dist/ with
// `skewlab serve` on a free loopback port, drives Debian's Chromium
// headless through playwright-core and checks what a reader of a blog post
// would see. Screenshots of every step go to --out (printed at the start).
//
// Usage: node web/test/browser.mjs --dist dist --server out/skewlab-serve --out out/webtest
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import { decodePNG } from "./png.mjs";

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith("--")) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));
const dist = resolve(args.dist || "dist");
const server = resolve(args.server || "out/skewlab-serve");
const out = resolve(args.out || "out/webtest");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
// Exactly the flags NOTES.md found to give WebGL2 (ANGLE on SwiftShader).
const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const FIRST_FRAME_LIMIT_MS = 60_000;
const VIEWPORT = { width: 1280, height: 720 };

mkdirSync(out, { recursive: true });
console.log(`webtest: screenshots in ${out}`);

const results = { steps: [] };
let failures = 0;
const step = async (name, fn) => {
  const t = Date.now();
  try {
    const info = await fn();
    console.log(`ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)${info ? ": " + info : ""}`);
    results.steps.push({ name, ok: true, info: info || "" });
  } catch (e) {
    failures++;
    console.log(`FAIL ${name}: ${e && e.stack || e}`);
    results.steps.push({ name, ok: false, info: String(e && e.message || e) });
  }
};
const assert = (cond, msg) => { if (!cond) throw new Error(msg); };

// --- pixels ---
const BG = [18, 19, 24];
const isCyan = (r, g, b) => g > 128 && b > 128 && r < 90;
const near = (r, g, b, v) => Math.abs(r - v) <= 1 && Math.abs(g - v) <= 1 && Math.abs(b - v) <= 1;
// debugui's opaque colours: title bars and slider bases (30,30,30), buttons (75,75,75).
const isUI = (r, g, b) => near(r, g, b, 30) || near(r, g, b, 75);

function analyse(png, exclude = null) {
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
const cyanDiff = (a, b) => {
  let d = 0;
  for (let i = 0; i < a.cyan.length; i++) d += a.cyan[i] !== b.cyan[i];
  return d;
};

// --- server ---
function startServer() {
  return new Promise((res, rej) => {
    assert(existsSync(server), `${server} missing (make webtest builds it)`);
    const p = spawn(server, ["serve", "-dir", dist, "-addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    p.stdout.on("data", (d) => {
      text += d;
      const m = text.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) res({ proc: p, base: m[0] });
    });
    p.on("exit", (code) => rej(new Error(`skewlab serve exited with ${code}: ${text}`)));
    setTimeout(() => rej(new Error("skewlab serve printed no address within 10 s")), 10_000);
  });
}

const { proc, base } = await startServer();
console.log(`webtest: serving ${dist} at ${base}`);
const profile = mkdtempSync(join(tmpdir(), "skewlab-chromium-"));
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath, headless: true, args: chromiumArgs, viewport: VIEWPORT,
});
await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base.replace(/\/$/, "") });

// Opens a page on the query and waits for its first frame; collects
// console errors and uncaught exceptions.
async function open(query, { limit = FIRST_FRAME_LIMIT_MS } = {}) {
  const page = await ctx.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  const t = Date.now();
  await page.goto(base + query);
  await page.waitForFunction(() => window.skewlab && ["running", "failed", "exited"].includes(window.skewlab.state),
    null, { timeout: limit, polling: 100 });
  const st = await page.evaluate(() => ({ state: skewlab.state, reason: skewlab.reason, firstFrameMs: skewlab.firstFrameMs }));
  assert(st.state === "running", `page ${query} is ${st.state}: ${st.reason}`);
  return { page, errors, wallMs: Date.now() - t, firstFrameMs: st.firstFrameMs };
}

// Takes screenshots until two in a row are identical (the picture has
// settled: the UI needs a few updates to appear), saves the last.
async function settled(page, name, timeout = 20_000) {
  const end = Date.now() + timeout;
  let prev = await page.screenshot();
  for (;;) {
    await page.waitForTimeout(250);
    const cur = await page.screenshot();
    if (cur.equals(prev) || Date.now() > end) {
      writeFileSync(join(out, name + ".png"), cur);
      return cur;
    }
    prev = cur;
  }
}

// A mouse drag the way debugui needs it: move, wait a frame, press, move,
// release (a press in the same tick as a pointer jump goes to the widget
// hovered before; never mouse.click).
async function drag(page, x0, y0, x1, y1) {
  await page.mouse.move(x0, y0);
  await page.waitForTimeout(100);
  await page.mouse.down();
  await page.waitForTimeout(100);
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(100);
  await page.mouse.up();
  await page.waitForTimeout(100);
}

const SCALE3 = "set=Root.scale=3,1,1";
let sliderPage = null, afterDrag = null;

await step("default page: no console errors, non-blank canvas within 60 s", async () => {
  const { page, errors, firstFrameMs, wallMs } = await open("");
  const png = await settled(page, "01-default");
  const a = analyse(png);
  results.firstFrameMs = Math.round(firstFrameMs);
  results.firstFrameWallMs = wallMs;
  assert(errors.length === 0, "console errors: " + errors.join(" | "));
  assert(a.nonBG > 2000, `canvas looks blank: ${a.nonBG} non-background pixels`);
  assert(a.nCyan > 50, `no cyan (B) pixels: ${a.nCyan}`);
  const progress = await page.evaluate(() => skewlab.progress);
  const gzSize = statSync(join(dist, "skewlab.wasm.gz")).size;
  assert(progress.total === gzSize && progress.done === gzSize,
    `progress ended at ${progress.done} of ${progress.total} bytes, want ${gzSize} of ${gzSize} (the .gz's size)`);
  const canvas = await page.evaluate(() => { const c = document.querySelector("canvas"); return { w: c.width, h: c.height }; });
  assert(canvas.w === VIEWPORT.width && canvas.h === VIEWPORT.height, `canvas ${canvas.w}x${canvas.h}, want the viewport`);
  await page.close();
  return `progress ${progress.done}/${progress.total} bytes; first frame after ${firstFrameMs.toFixed(0)} ms (page script start), ${wallMs} ms from navigation; ${a.nonBG} non-background px`;
});

await step("modes differ: accumulate-trs vs accumulate-matrices with Root scale (3,1,1) give different cyan pixels", async () => {
  const shots = {};
  for (const mode of ["accumulate-trs", "accumulate-matrices"]) {
    const { page, errors } = await open(`?mode=${mode}&${SCALE3}&ui=off`);
    shots[mode] = analyse(await settled(page, `02-${mode}-scale3`));
    assert(errors.length === 0, `${mode}: console errors: ` + errors.join(" | "));
    assert(shots[mode].nCyan > 50, `${mode}: no cyan pixels`);
    await page.close();
  }
  const d = cyanDiff(shots["accumulate-trs"], shots["accumulate-matrices"]);
  assert(d > 200, `cyan pixels differ at only ${d} positions`);
  results.uiOff = shots["accumulate-trs"].nUI;
  return `${d} pixel positions differ in cyan (${shots["accumulate-trs"].nCyan} vs ${shots["accumulate-matrices"].nCyan} cyan px)`;
});

await step("ui=off shows no UI pixels (ui=full does)", async () => {
  const { page } = await open(`?${SCALE3}`);
  const full = analyse(await settled(page, "03-ui-full"));
  await page.close();
  assert(full.nUI > 2000, `ui=full: only ${full.nUI} UI pixels, the UI colours changed?`);
  assert(results.uiOff === 0, `ui=off: ${results.uiOff} UI pixels`);
  const share = await (await open(`?${SCALE3}&ui=off`)).page.evaluate(() => getComputedStyle(document.getElementById("sk-share")).display);
  assert(share === "none", "ui=off shows the Share button");
  return `ui=full ${full.nUI} UI px, ui=off ${results.uiOff}`;
});

await step("dragging the seed's slider 'Scale on X axis' changes the picture", async () => {
  const { page, errors } = await open("");
  sliderPage = page;
  const before = analyse(await settled(page, "04-slider-before"));
  // Piston window: second in the left column, below the 200-unit Mode
  // window: title bar at y 212..236, the label row, then the slider
  // (0..5, x from 11 to 331 at UI scale 1).
  const y = 272, x0 = 11 + 320 * (1 / 5), x1 = 11 + 320 * (3 / 5);
  await drag(page, x0, y, x1, y);
  afterDrag = await settled(page, "05-slider-after");
  const after = analyse(afterDrag);
  const d = cyanDiff(before, after);
  assert(errors.length === 0, "console errors: " + errors.join(" | "));
  assert(d > 200, `cyan pixels differ at only ${d} positions after the drag`);
  return `${d} cyan pixel positions changed`;
});

await step("invalid mode shows the message and the default mode still draws", async () => {
  const { page, errors } = await open(`?mode=no-such-mode&${SCALE3}&ui=off`);
  const png = await settled(page, "06-invalid-mode");
  const box = page.locator("#sk-messages");
  assert(await box.isVisible(), "no message box");
  const text = await box.locator("div").innerText();
  assert(/mode/.test(text) && /no-such-mode/.test(text), "message does not name the parameter: " + text);
  assert(errors.some((e) => /no-such-mode/.test(e)), "no console.error naming the bad mode: " + errors.join(" | "));
  // The message is selectable text.
  const sel = await page.evaluate(() => {
    const r = document.createRange(); r.selectNodeContents(document.querySelector("#sk-messages p"));
    getSelection().removeAllRanges(); getSelection().addRange(r); return getSelection().toString();
  });
  assert(/no-such-mode/.test(sel), "message text cannot be selected");
  const rect = await box.boundingBox();
  const bad = analyse(png, rect);
  const { page: ref } = await open(`?${SCALE3}&ui=off`);
  const good = analyse(await settled(ref, "06-default-mode-reference"), rect);
  await ref.close(); await page.close();
  const d = cyanDiff(bad, good);
  assert(bad.nCyan > 50 && d < 50, `picture differs from the default mode's: ${d} cyan positions (${bad.nCyan} cyan px)`);
  return `message "${text.trim().split("\n")[0].slice(0, 90)}…"; picture equals accumulate-trs (${d} px differ)`;
});

await step("Share puts the URL in the address bar and clipboard, and it reopens the same picture", async () => {
  assert(sliderPage && afterDrag, "needs the slider step's page");
  const page = sliderPage;
  const b = await page.locator("#sk-share").boundingBox();
  await drag(page, b.x + b.width / 2, b.y + b.height / 2, b.x + b.width / 2, b.y + b.height / 2);
  await page.waitForFunction(() => location.search !== "", null, { timeout: 5000 }).catch(() => {});
  const href = await page.evaluate(() => location.href);
  const clip = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => "clipboard: " + e);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, "07-share-clicked.png") });
  assert(clip === href, `clipboard ${JSON.stringify(clip)} is not the address bar ${JSON.stringify(href)}`);
  assert(/set=Root\.scale%3D/.test(href) || /set=Root.scale=/.test(href), `the shared URL does not carry the slider's Root scale: ${href}`);
  const q = href.slice(base.length - 1 + 1).replace(/^[^?]*/, "");
  const { page: again, errors } = await open(q);
  const reopened = analyse(await settled(again, "08-share-reopened"));
  const d = cyanDiff(analyse(afterDrag), reopened);
  assert(errors.length === 0, "console errors: " + errors.join(" | "));
  assert(d < 50, `the reopened picture differs at ${d} cyan positions`);
  await again.close();
  return `${href} reopens the picture (${d} px differ)`;
});

await step("touch: one finger moves the seed's slider and orbits the camera", async () => {
  const { page, errors } = await open("");
  const cdp = await ctx.newCDPSession(page);
  const touch = async (type, x, y) => cdp.send("Input.dispatchTouchEvent",
    { type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }] });
  const swipe = async (x0, y0, x1, y1) => {
    await touch("touchStart", x0, y0);
    await page.waitForTimeout(150);
    for (let i = 1; i <= 8; i++) { await touch("touchMove", x0 + ((x1 - x0) * i) / 8, y0 + ((y1 - y0) * i) / 8); await page.waitForTimeout(30); }
    await page.waitForTimeout(100);
    await touch("touchEnd");
    await page.waitForTimeout(150);
  };
  const before = analyse(await settled(page, "12-touch-before"));
  await swipe(11 + 320 * (1 / 5), 272, 11 + 320 * (2 / 5), 272);
  const slid = analyse(await settled(page, "13-touch-slider"));
  await swipe(640, 500, 760, 470);
  const orbited = analyse(await settled(page, "14-touch-orbit"));
  await page.close();
  const d1 = cyanDiff(before, slid), d2 = cyanDiff(slid, orbited);
  assert(errors.length === 0, "console errors: " + errors.join(" | "));
  assert(d1 > 200, `the slider did not follow the finger (${d1} px changed)`);
  assert(d2 > 200, `the camera did not orbit (${d2} px changed)`);
  return `slider ${d1} px changed, orbit ${d2} px changed`;
});

await step("an iframe resize and a device pixel ratio of 2 resize the canvas", async () => {
  const page = await ctx.newPage();
  await page.setContent(`<iframe id="f" src="${base}?${SCALE3}" style="width:600px;height:400px;border:0"></iframe>`);
  const frame = () => page.frame({ url: /127\.0\.0\.1/ });
  await page.waitForFunction(() => true);
  await page.waitForTimeout(500);
  await frame().waitForFunction(() => window.skewlab && skewlab.state === "running", null, { timeout: FIRST_FRAME_LIMIT_MS });
  await page.waitForTimeout(500);
  const size1 = await frame().evaluate(() => { const c = document.querySelector("canvas"); return [c.width, c.height]; });
  await page.evaluate(() => { const f = document.getElementById("f"); f.style.width = "800px"; f.style.height = "500px"; });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(out, "09-iframe-resized.png") });
  const size2 = await frame().evaluate(() => { const c = document.querySelector("canvas"); return [c.width, c.height]; });
  await page.close();
  assert(size1[0] === 600 && size1[1] === 400, `canvas in a 600x400 iframe is ${size1}`);
  assert(size2[0] === 800 && size2[1] === 500, `canvas after resizing the iframe to 800x500 is ${size2}`);
  const hi = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "skewlab-chromium-")), {
    executablePath: chromiumPath, headless: true, args: chromiumArgs, viewport: { width: 640, height: 360 }, deviceScaleFactor: 2,
  });
  try {
    const p = await hi.newPage();
    await p.goto(base + "?" + SCALE3);
    await p.waitForFunction(() => window.skewlab && skewlab.state === "running", null, { timeout: FIRST_FRAME_LIMIT_MS });
    await p.waitForTimeout(1500);
    await p.screenshot({ path: join(out, "10-dpr2.png") });
    const size3 = await p.evaluate(() => { const c = document.querySelector("canvas"); return [c.width, c.height]; });
    assert(size3[0] === 1280 && size3[1] === 720, `canvas at devicePixelRatio 2 in 640x360 is ${size3}, want 1280x720`);
    return `iframe ${size1} -> ${size2}; dpr 2: ${size3}`;
  } finally {
    await hi.close();
  }
});

await step("without WebAssembly the page shows the static figure and says why", async () => {
  const page = await ctx.newPage();
  await page.addInitScript(() => { delete window.WebAssembly; });
  await page.goto(base);
  await page.waitForFunction(() => window.skewlab && skewlab.state === "failed", null, { timeout: 10_000 });
  const why = await page.locator("#sk-why").innerText();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, "11-no-wasm-fallback.png") });
  const img = await page.evaluate(() => { const i = document.querySelector("#sk-fallback img"); return { src: i.src, ok: i.complete && i.naturalWidth > 0 }; });
  await page.close();
  assert(/WebAssembly/.test(why), "reason: " + why);
  return `"${why}"; fallback.png ${img.ok ? "shown" : "missing (no export command in this build)"}`;
});

const gz = statSync(join(dist, "skewlab.wasm.gz")).size;
const raw = statSync(join(dist, "skewlab.wasm")).size;
results.sizes = { raw, gz };
writeFileSync(join(out, "results.json"), JSON.stringify(results, null, 2) + "\n");
console.log(`webtest: skewlab.wasm ${raw} bytes, skewlab.wasm.gz ${gz} bytes; first frame ${results.firstFrameMs} ms`);
console.log(`webtest: screenshots and results.json in ${out}`);

await ctx.close();
proc.kill();
rmSync(profile, { recursive: true, force: true });
// The closing line in the plain form CI logs understand.
console.log(`webtest: ${results.steps.length - failures} passed, ${failures} failed`);
if (failures) {
  process.exit(1);
}
