// `npm run bench:bundle`: JavaScript of the first screen, gzip-compressed (level 9), from dist/
// (run `npm run build` first). Two figures:
//  - entry: the scripts index.html loads plus its modulepreloads (what the budget counts);
//  - first screen: every script a real browser fetches until the guest home screen is shown
//    (entry + the chunks the app imports at start: persistence, the home route, ...).
import { createServer } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/screens/support.mjs';
import { build } from 'esbuild';

const dist = new URL('../dist/', import.meta.url).pathname;
// Issue 24 (P1): the design card's libraries alone are about 119 KB, so 130 KB.
const BUDGET_KB = 130;
if (!existsSync(join(dist, 'index.html'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const gz = async (path) => gzipSync(await readFile(join(dist, path.replace(/^\//, ''))), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const html = await readFile(join(dist, 'index.html'), 'utf8');
const entry = new Set();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) entry.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entry.add(m[1]);
let entryTotal = 0;
for (const src of entry) entryTotal += await gz(src);

// A static server of dist/ with the API answered minimally, so the shell renders its home.
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/api/')) {
    const action = url.pathname.slice(5);
    const data =
      action === 'get_web_settings'
        ? {
            app_name: 'QuizHub',
            tagline: '',
            theme_color: '#5b3cc4',
            logo: '/icons/icon.svg',
            auth: { email: true, mobile: true, google: false, google_client_id: '' },
            demo_mode: false,
            maintenance_mode: false,
            default_app_language: 'en',
          }
        : action === 'get_system_configurations'
          ? { language_mode: '1', maintenance_mode: '0', default_language_id: 1, app_name: 'QuizHub' }
          : action === 'get_languages'
            ? [{ id: 1, language: 'English', code: 'en', rtl: false, is_default: true }]
            : action === 'get_web_home_settings'
              ? { language_id: 1, title: 'Ready?', subtitle: 'Play.' }
              : [];
    res.setHeader('content-type', 'application/json');
    return res.end(JSON.stringify({ error: false, data }));
  }
  let file = normalize(url.pathname).replace(/^\/+/, '');
  if (!file || !existsSync(join(dist, file))) file = 'index.html';
  res.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
  res.end(await readFile(join(dist, file)));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
const scripts = new Set();
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
});
await page.goto(`http://127.0.0.1:${port}/`);
await page.waitForSelector('[data-testid^="mode-"]', { timeout: 20_000 });
await page.waitForLoadState('networkidle');
await browser.close();
server.close();

let firstTotal = 0;
console.log('scripts fetched until the guest home screen is shown:');
for (const src of [...scripts].sort()) {
  const n = await gz(src);
  firstTotal += n;
  console.log(`${kb(n).padStart(9)}  ${src}${entry.has(src) ? '  (entry)' : ''}`);
}
console.log(
  `\nentry JS (index.html + modulepreloads), gzip: ${kb(entryTotal)} (budget ${BUDGET_KB} KB: ${entryTotal / 1024 <= BUDGET_KB ? 'met' : 'NOT met'})`,
);
console.log(`all JS of the first screen, gzip:             ${kb(firstTotal)}`);

// The operator console: its own chunks (assets/console/), fetched only when /admin is opened and
// never precached for players. Its first open is the AdminApp chunk and its CSS; the rest are
// its lazy screens (content, contests and exams) and the Arabic texts.
const consoleDir = join(dist, 'assets', 'console');
if (existsSync(consoleDir)) {
  const files = readdirSync(consoleDir).filter((f) => /\.(js|css)$/.test(f));
  let all = 0;
  for (const f of files) all += await gz(`assets/console/${f}`);
  // First open: the AdminApp chunk, the console files it imports statically, and the styles.
  const firstOpen = new Set(files.filter((f) => /^AdminApp-.*\.js$|\.css$/.test(f)));
  const toRead = [...firstOpen].filter((f) => f.endsWith('.js'));
  while (toRead.length > 0) {
    const code = await readFile(join(consoleDir, toRead.pop()), 'utf8');
    for (const m of code.matchAll(/from"\.\/([^"]+\.js)"/g)) {
      if (!firstOpen.has(m[1])) toRead.push(m[1]);
      firstOpen.add(m[1]);
    }
  }
  let first = 0;
  for (const f of firstOpen) first += await gz(`assets/console/${f}`);
  const inEntry = [...entry].filter((src) => src.includes('/console/')).length;
  console.log(`\noperator console (assets/console/, ${files.length} files), gzip: ${kb(all)} in all;`);
  console.log(
    `  first open (AdminApp, its static imports, styles): ${kb(first)}; console files in the players' entry: ${inEntry}`,
  );
}

// The floor: each library the first screen cannot do without (the product owner's fixed
// choices), bundled alone with the exports we use, minified, gzip level 9.
const LIBS = {
  'react + react-dom (client)':
    "import { createRoot } from 'react-dom/client'; import * as R from 'react'; console.log(createRoot, R);",
  'react-router-dom (Routes)':
    "import { Routes, Route, Router, Link, NavLink, Navigate, Outlet, useNavigate, useParams, useLocation } from 'react-router-dom'; console.log(Routes, Route, Router, Link, NavLink, Navigate, Outlet, useNavigate, useParams, useLocation);",
  i18next: "import i18n from 'i18next'; i18n.init({}); console.log(i18n.t('x'));",
  '@reduxjs/toolkit':
    "import { configureStore, createSlice, createAction } from '@reduxjs/toolkit'; console.log(configureStore, createSlice, createAction);",
  'react-redux':
    "import { Provider, useSelector, useDispatch } from 'react-redux'; console.log(Provider, useSelector, useDispatch);",
  'redux-persist + localforage':
    "import { persistReducer, persistStore } from 'redux-persist'; import localforage from 'localforage'; console.log(persistReducer, persistStore, localforage);",
};
let floor = 0;
console.log('\nlibrary floor of the first screen (each bundled alone, minified, gzip):');
for (const [name, code] of Object.entries(LIBS)) {
  const r = await build({
    stdin: { contents: code, resolveDir: new URL('..', import.meta.url).pathname, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: name.startsWith('react +') ? [] : ['react', 'react-dom'],
  });
  const n = gzipSync(r.outputFiles[0].contents, { level: 9 }).length;
  floor += n;
  console.log(`${kb(n).padStart(9)}  ${name}`);
}
console.log(`${kb(floor).padStart(9)}  in all, before any code of ours`);
console.log('rerun: npm run build && npm run bench:bundle');
