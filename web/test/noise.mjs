// Measures the pixel noise the browser test's comparisons must tolerate,
// and the signal they must still catch (make webnoise). For each state
// the test compares, it opens the page several times with anti-aliasing
// on, and with it off, and prints the largest differences between
// captures of one state, between the two anti-aliasing states, and
// between the right mode and the wrong one, in both measures
// (cyanDiff: positions cyan in exactly one; cyanMiss: cyan with no cyan
// within 1 px in the other). browser.mjs's tolerances come from this.
//
// Usage: node web/test/noise.mjs --dist dist --server out/skewlab-serve [--runs 4]
import { resolve } from "node:path";
import { analyse, capture, cyanDiff, cyanMiss, launch, open, parseArgs, startServer } from "./harness.mjs";

const args = parseArgs(process.argv.slice(2));
const dist = resolve(args.dist || "dist");
const server = resolve(args.server || "out/skewlab-serve");
const runs = Number(args.runs || 4);

const SCALE3 = "set=Root.scale=3,1,1";
const states = {
  "trs, ui off": `?${SCALE3}&ui=off`,
  "trs, full UI": `?set=Root.scale=3.02,1,1`,
};
const wrong = "&mode=accumulate-matrices";

const { proc, base } = await startServer(server, dist);
const { ctx, close } = await launch();
const shot = async (q) => {
  const { page } = await open(ctx, base, q);
  const { png } = await capture(page, null, "");
  await page.close();
  return analyse(png);
};
const maxPairs = (list, f) => {
  let m = 0;
  for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) m = Math.max(m, f(list[i], list[j]));
  return m;
};
const maxCross = (as, bs, f) => Math.max(...as.flatMap((a) => bs.map((b) => f(a, b))));

console.log("state | same state aa on (diff / miss) | same state aa off | aa on vs off | wrong mode, aa on");
for (const [name, q] of Object.entries(states)) {
  const on = [], off = [];
  for (let i = 0; i < runs; i++) on.push(await shot(q + "&aa=on"));
  for (let i = 0; i < Math.max(2, runs / 2); i++) off.push(await shot(q + "&aa=off"));
  const bad = await shot(q + "&aa=on" + wrong);
  const cols = [
    [maxPairs(on, cyanDiff), maxPairs(on, cyanMiss)],
    [maxPairs(off, cyanDiff), maxPairs(off, cyanMiss)],
    [maxCross(on, off, cyanDiff), maxCross(on, off, cyanMiss)],
    [maxCross(on, [bad], cyanDiff), maxCross(on, [bad], cyanMiss)],
  ];
  console.log(`${name} | ${cols.map((c) => c.join(" / ")).join(" | ")}   (${on[0].nCyan} cyan px)`);
}
await close();
proc.kill();
