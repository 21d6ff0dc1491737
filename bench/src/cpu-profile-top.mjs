// Prints where a V8 CPU profile (`node --cpu-prof`) spent its time: self time per function and per
// package (node_modules/<name>, the app's own files, node internals), heaviest first.
//   node bench/src/cpu-profile-top.mjs file.cpuprofile [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 40);
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
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(`total ${(total / 1e6).toFixed(2)} s sampled\n\nby package:`);
for (const [k, t] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(t)}  ${k}`);
console.log('\nby function (self time):');
for (const [k, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`${pct(t)}  ${k}`);
