// Initial JavaScript of the first screen: the scripts dist/index.html loads directly plus its
// modulepreloads, gzip-compressed. Budget: 100 KB.
// Rerun: npx vite build && npm run bench:bundle
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const BUDGET_KB = 100;

const html = await readFile(join(dist, 'index.html'), 'utf8');
const srcs = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) srcs.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) srcs.add(m[1]);

let total = 0;
for (const src of srcs) {
  const bytes = await readFile(join(dist, src.replace(/^\//, '')));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${src}`);
}
const kb = total / 1024;
console.log(`initial JS (gzip): ${kb.toFixed(1)} KB of ${BUDGET_KB} KB budget ${kb <= BUDGET_KB ? 'OK' : 'OVER'}`);
console.log('rerun: npx vite build && npm run bench:bundle');
process.exitCode = kb <= BUDGET_KB ? 0 : 1;
