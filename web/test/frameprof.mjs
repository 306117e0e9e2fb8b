// The page's own work per drawn frame (make webprofile; not part of make
// test): JavaScript and WebAssembly time from a CPU profile taken through
// the Chrome DevTools protocol (Profiler domain, 200 us sampling) while
// skewlab's pages draw a fixed number of frames, next to the same for the
// baseline program (web/baseline) in the same browser and run. Time in
// "(idle)" and "(program)" (the browser's own native work: compositing,
// the GPU process's WebGL) is left out; V8's garbage collector counts, as
// the page's allocations cause it. Prints, per page: drawn frames, frame
// rate during the profile, ms of page work per drawn frame, and where it
// goes (Go's allocator and collector, debugui, rivo/uniseg, ebiten's text,
// the rest of ebiten, skewlab's own packages, other Go, JavaScript).
// Usage: node web/test/frameprof.mjs --dist dist --baseline out/webbaseline
//        --server out/skewlab-serve [--frames 20] [--rounds 3] [--only REGEX]
//        [--json FILE] [--before DIR] [--top 1]
// --before DIR profiles skewlab's pages of another build too (an older
// commit's web build with its names, served from DIR) in the same run,
// for a before-and-after table.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { frameOf, launch, measureFrames, open, parseArgs, startServer } from "./harness.mjs";

const args = parseArgs(process.argv.slice(2));
const frames = Number(args.frames || 20);
const server = resolve(args.server || "out/skewlab-serve");
const app = await startServer(server, resolve(args.dist || "dist"));
const yard = await startServer(server, resolve(args.baseline || "out/webbaseline"));
const old = args.before ? await startServer(server, resolve(args.before)) : null;
const { ctx, close } = await launch();

// The pages measured, spinning or playing at 1280x720.
const pages = [
  ["baseline, aa=off", yard.base, "?aa=off"],
  ["skewlab spin=1, aa=off", app.base, "?spin=1&aa=off"],
  ["skewlab skinned arm playing, aa=off", app.base, "?preset=stretchy-arm&wall=0&anim=0&play=1&aa=off"],
  ["skewlab wall of skinned arms playing, aa=off", app.base, "?preset=stretchy-arm&anim=0&play=1&aa=off"],
  ["baseline, aa=on", yard.base, "?aa=on"],
  ["skewlab spin=1, aa=on", app.base, "?spin=1&aa=on"],
  ["skewlab spin=1, ui=off, aa=off", app.base, "?spin=1&ui=off&aa=off"],
  ["skewlab wall of skinned arms playing, ui=off, aa=off", app.base, "?preset=stretchy-arm&anim=0&play=1&ui=off&aa=off"],
];
if (old) {
  for (const [name, base, q] of [...pages]) {
    if (base === app.base) pages.push([name.replace("skewlab", "before:"), old.base, q]);
  }
}
pages.splice(0, pages.length, ...pages.filter(([name]) => !args.only || new RegExp(args.only).test(name)));

// Where a profile node's self time goes.
const gcRE = /^runtime\.(mallocgc|.*[gG][cC]|.*mark|.*[sS]weep|scan|.*span|.*[mM]heap|.*mcache|.*mcentral|.*heapBits|.*[wW]riteBarrier|wbBuf|greyobject|findObject|nextFree|memclr|.*[aA]lloc|newobject|growslice|makeslice|.*[bB]ulkBarrier|typePointers|.*Bitmap)/;
function category(cf) {
  const n = cf.functionName || "";
  if (n === "(idle)" || n === "(program)" || n === "(root)") return n;
  if (n === "(garbage collector)") return "V8 garbage collector";
  if (!cf.url.startsWith("wasm://")) return "JavaScript (WebGL calls, wasm_exec.js)";
  if (gcRE.test(n)) return "Go allocation and GC";
  if (n.startsWith("runtime.")) return "Go runtime, other";
  if (n.startsWith("github.com_rivo_uniseg")) return "rivo/uniseg";
  if (n.startsWith("github.com_ebitengine_debugui")) return "debugui";
  if (n.startsWith("github.com_hajimehoshi_ebiten_v2_text")) return "ebiten text";
  if (n.startsWith("github.com_hajimehoshi_ebiten")) return "ebiten, other";
  if (n.startsWith("skewlab") || n.startsWith("main.")) return "skewlab";
  if (n.startsWith("golang.org_x_image")) return "x/image (fonts)";
  return "Go, other";
}

const drawFrames = measureFrames;

// Each page is opened once and profiled in --rounds rounds (default 3),
// the pages taking turns (one draws at a time: the others hidden through
// skewlabVisible(false)); the round with the least work per frame is
// reported, the one least disturbed by other work on the machine.
const rounds = Number(args.rounds || 3);
const opened = [];
for (const [name, base, query] of pages) {
  const { page } = await open(ctx, base, query);
  await drawFrames(page, 10, 120_000); // past start-up: shaders, glyph caches, the first layouts
  await page.evaluate(() => window.skewlabVisible(false));
  opened.push({ name, query, page, best: null });
}
for (let r = 0; r < rounds; r++) {
  for (const o of opened) {
    const { page } = o;
    await page.bringToFront();
    await page.evaluate(() => window.skewlabVisible(true));
    await drawFrames(page, 3, 120_000);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    const run = await drawFrames(page, frames, 300_000);
    const { profile } = await cdp.send("Profiler.stop");
    await cdp.detach();
    await page.evaluate(() => window.skewlabVisible(false));
    const byId = new Map(profile.nodes.map((nd) => [nd.id, nd]));
    const self = new Map();
    const fnSelf = new Map();
    profile.samples.forEach((id, i) => {
      const cf = byId.get(id).callFrame;
      const us = profile.timeDeltas[i] || 0;
      const c = category(cf);
      self.set(c, (self.get(c) || 0) + us);
      if (!c.startsWith("(")) fnSelf.set(cf.functionName, (fnSelf.get(cf.functionName) || 0) + us);
    });
    let work = 0;
    for (const [c, us] of self) if (!c.startsWith("(")) work += us;
    const perFrame = work / 1000 / run.frames;
    if (o.best && o.best.workMsPerFrame <= perFrame) continue;
    const breakdown = [...self].filter(([c]) => !c.startsWith("(")).sort((a, b) => b[1] - a[1])
      .map(([c, us]) => [c, +(us / 1000 / run.frames).toFixed(2)]);
    const top = [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([f, us]) => [f, +(us / 1000 / run.frames).toFixed(2)]);
    const f = await frameOf(page);
    o.best = { name: o.name, query: o.query, frames: run.frames, fps: +(run.frames / (run.ms / 1000)).toFixed(2),
      workMsPerFrame: +perFrame.toFixed(2), antiAlias: f.antiAlias, breakdown, top };
  }
}
const results = [];
for (const o of opened) {
  const r = o.best;
  results.push(r);
  console.log(`frameprof: ${r.name}: ${r.frames} frames at ${r.fps.toFixed(2)} fps, page work ${r.workMsPerFrame.toFixed(2)} ms per drawn frame (least of ${rounds} rounds)`);
  for (const [c, ms] of r.breakdown) console.log(`    ${ms.toFixed(2).padStart(7)} ms  ${c}`);
  if (args.top) for (const [fn, ms] of r.top) console.log(`        ${ms.toFixed(2).padStart(7)} ms  ${fn}`);
  await o.page.close();
}
const yardOf = (aa) => results.find((r) => r.name === `baseline, aa=${aa}`);
for (const r of results) {
  const b = yardOf(r.query.includes("aa=on") ? "on" : "off");
  if (b && b !== r && !r.name.startsWith("baseline")) console.log(`frameprof: ${r.name}: ${(r.workMsPerFrame / b.workMsPerFrame).toFixed(2)}x the baseline's page work per frame`);
}
if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 1));
await close();
app.proc.kill();
yard.proc.kill();
if (old) old.proc.kill();
