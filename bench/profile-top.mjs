// Top entries of a V8 CPU profile (node --cpu-prof): self time by function and by package/file.
//   node bench/profile-top.mjs file.cpuprofile [N]
import { readFileSync } from "node:fs";

const [file, n = "20"] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = deltas[i] ?? 0;
  total += dt;
  self.set(id, (self.get(id) ?? 0) + dt);
});
const where = (cf) => {
  const url = cf.url || "";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith("node:")) return url;
  if (url.includes("/dist/main.js")) return "app (main.js)";
  return url ? url.split("/").slice(-2).join("/") : "(native)";
};
const byFunction = new Map();
const byPlace = new Map();
for (const [id, t] of self) {
  const cf = byId.get(id).callFrame;
  const key = `${cf.functionName || "(anonymous)"} — ${where(cf)}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  if (cf.functionName !== "(idle)") byPlace.set(where(cf), (byPlace.get(where(cf)) ?? 0) + t);
}
// Busy time: every sample but the idle ones (the process waiting on the database or the network).
const idle = byFunction.get("(idle) — (native)") ?? 0;
const busy = total - idle;
const show = (title, map) => {
  console.log(
    `\n${title} (${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy, ${((100 * idle) / total).toFixed(0)} % idle)`,
  );
  console.log("| share of busy | self ms | entry |\n|---|---|---|");
  for (const [k, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) {
    if (k.startsWith("(idle)")) continue;
    console.log(`| ${((100 * t) / busy).toFixed(1)} % | ${(t / 1000).toFixed(0)} | ${k} |`);
  }
};
show("By function", byFunction);
show("By package", byPlace);
