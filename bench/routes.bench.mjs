// `npm run bench:routes`: what each route costs beyond the shell, gzip-compressed (level 9),
// from the chunk graph of the last build (run `npm run build` first).
//  - shell: index.html's entry chunk and everything it imports statically;
//  - route: a lazily loaded page module (src/web/features/**/*Page.tsx) and its static imports
//    that the shell does not already have: what opening that route downloads;
//  - on demand: what the route may load later (dynamic imports: KaTeX, fetched only when a
//    session has TeX questions, i.e. maths mania and maths bookmarks).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const BUDGET_KB = 30;
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npm run build` first');
  process.exit(1);
}
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
const sizes = new Map();
async function gz(file) {
  if (!sizes.has(file)) sizes.set(file, gzipSync(await readFile(join(dist, file)), { level: 9 }).length);
  return sizes.get(file);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** Chunk files reachable from `key` by static imports (and their CSS). */
function closure(key, seen = new Set()) {
  const c = manifest[key];
  if (!c || seen.has(c.file)) return seen;
  seen.add(c.file);
  for (const css of c.css ?? []) seen.add(css);
  for (const k of c.imports ?? []) closure(k, seen);
  return seen;
}

const isPage = (key) => /src\/web\/features\/.*Page\.tsx$/.test(key);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
const shell = closure(entryKey);
const rows = [];
for (const [key, c] of Object.entries(manifest)) {
  if (!c.isDynamicEntry || !isPage(key)) continue;
  const own = [...closure(key)].filter((f) => !shell.has(f));
  const js = own.filter((f) => f.endsWith('.js'));
  const css = own.filter((f) => f.endsWith('.css'));
  // Dynamic imports of any chunk the route brings (KaTeX sits behind the play engine's).
  const later = new Set();
  const ownKeys = Object.keys(manifest).filter((k) => own.includes(manifest[k].file));
  for (const k of ownKeys)
    for (const d of manifest[k].dynamicImports ?? [])
      if (!isPage(d)) for (const f of closure(d)) if (!shell.has(f) && !own.includes(f)) later.add(f);
  let jsBytes = 0;
  for (const f of js) jsBytes += await gz(f);
  let cssBytes = 0;
  for (const f of css) cssBytes += await gz(f);
  let laterBytes = 0;
  for (const f of later) laterBytes += await gz(f);
  rows.push({ route: key.replace('src/web/features/', ''), js: jsBytes, css: cssBytes, later: laterBytes });
}
rows.sort((a, b) => b.js - a.js);
let shellJs = 0;
for (const f of shell) if (f.endsWith('.js')) shellJs += await gz(f);
console.log(`shell (entry + static imports): ${kb(shellJs)} JS`);
console.log(`${'route module'.padEnd(52)} ${'JS'.padStart(9)} ${'CSS'.padStart(9)} ${'on demand'.padStart(10)}`);
for (const r of rows) {
  const flag = r.js > BUDGET_KB * 1024 ? '  over budget' : '';
  console.log(
    `${r.route.padEnd(52)} ${kb(r.js).padStart(9)} ${kb(r.css).padStart(9)} ${kb(r.later).padStart(10)}${flag}`,
  );
}
const worst = rows[0];
console.log(
  `largest route: ${worst?.route} ${kb(worst?.js ?? 0)} (budget ${BUDGET_KB} KB beyond the shell): ${
    (worst?.js ?? 0) <= BUDGET_KB * 1024 ? 'met' : 'NOT met'
  }`,
);
