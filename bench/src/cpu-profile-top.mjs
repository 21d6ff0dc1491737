// Prints where a V8 CPU profile (`node --cpu-prof`) spent its time: self time per function and per
// package (node_modules/<name>, the app's own files, node internals), heaviest first.
//   node bench/src/cpu-profile-top.mjs file.cpuprofile… [rows]   (several files: the largest, the main thread's)
import { readFileSync, statSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.filter((a) => a.endsWith('.cpuprofile')).sort((a, b) => statSync(b).size - statSync(a).size)[0];
const rows = Number(args.find((a) => /^\d+$/.test(a)) ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node';
  return url.includes('/apps/') || url.includes('/packages/') ? 'app' : url;
};
const fns = new Map();
const pkgs = new Map();
for (const [id, t] of self) {
  const { callFrame: f } = byId.get(id);
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
  const p = f.url ? where(f.url) : f.functionName;
  pkgs.set(p, (pkgs.get(p) ?? 0) + t);
}
// Inclusive time: a sample counts once for every distinct function on its stack.
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (f) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${f.lineNumber + 1}`;
const inclusive = new Map();
for (const [id, t] of self) {
  const seen = new Set();
  for (let n = id; n !== undefined; n = parent.get(n)) seen.add(label(byId.get(n).callFrame));
  for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + t);
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(`total ${(total / 1e6).toFixed(2)} s sampled\n\nby package:`);
for (const [k, t] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(t)}  ${k}`);
console.log('\nby function (self time):');
for (const [k, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(t)}  ${k}`);
console.log('\nby function (inclusive, app and packages code):');
for (const [k, t] of [...inclusive]
  .filter(([k]) => /apps\/|packages\//.test(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, rows))
  console.log(`${pct(t)}  ${k}`);
