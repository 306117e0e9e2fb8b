// Measures the CPU of headless Chromium showing the web build for 10 s
// once the page has settled (make webidlecpu; not part of make test):
// the sum of utime+stime (/proc/PID/stat fields 14 and 15) over every
// Chromium process, for an idle page and, for comparison, one whose B
// spins (drawing every frame, as every page did before it drew on demand).
// Usage: node web/test/idlecpu.mjs --dist dist --server out/skewlab-serve
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { animationFrames, launch, open, parseArgs, settle, startServer } from "./harness.mjs";

const args = parseArgs(process.argv.slice(2));
const { proc, base } = await startServer(resolve(args.server || "out/skewlab-serve"), resolve(args.dist || "dist"));
const { ctx, close } = await launch();

// CPU ticks of every process whose command line names chromium.
const chromiumTicks = () => {
  let sum = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("chromium")) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      sum += Number(f[14 - 3]) + Number(f[15 - 3]);
    } catch { /* the process ended */ }
  }
  return sum;
};

for (const [name, q] of [["idle", "?aa=on"], ["spinning", "?aa=on&spin=1"]]) {
  const { page } = await open(ctx, base, q);
  if (name === "idle") await settle(page);
  else await animationFrames(page, 30);
  const f0 = await page.evaluate(() => window.skewlabFrames);
  const t0 = chromiumTicks();
  await new Promise((r) => setTimeout(r, 10_000)); // the measurement's window
  const t1 = chromiumTicks();
  const f1 = await page.evaluate(() => window.skewlabFrames);
  console.log(`idlecpu: ${name} page: ${(t1 - t0) / 10}% of a core (Chromium, all processes), ${f1 - f0} frames in 10 s`);
  await page.close();
}
await close();
proc.kill();
