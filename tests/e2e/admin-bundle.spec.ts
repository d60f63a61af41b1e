import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from './own-server';

// The operator console is for admins: its code is not in the players' first download and the
// service worker does not precache it (issue 8). Firebase's SDK likewise, in both modes (issue
// 9): fetched only when Firebase mode uses it. Checked on the build the journeys run against.

interface Chunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const CONSOLE_ENTRY = 'src/web/features/admin/AdminApp.tsx';
const dist = join(ROOT, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/**
 * The files a chunk loads with it: itself, its static imports (transitively) and their styles,
 * and with `lazy` what it may import later too (routes, a language's texts), but not `skip`.
 */
function closure(key: string, lazy: boolean, skip = '', seen = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c || seen.has(key) || key === skip) return new Set();
  seen.add(key);
  const files = new Set([c.file, ...(c.css ?? [])]);
  const next = [...(c.imports ?? []), ...(lazy ? (c.dynamicImports ?? []) : [])];
  for (const i of next) for (const f of closure(i, lazy, skip, seen)) files.add(f);
  return files;
}

/** Every file the app can load without the console: from the page, every route but /admin. */
function playerFiles(): Set<string> {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  return closure(entry, true, CONSOLE_ENTRY);
}

test("the console's files are in assets/console/, which neither the page nor the precache lists", () => {
  expect(manifest[CONSOLE_ENTRY]?.isDynamicEntry).toBe(true);
  const players = playerFiles();
  const consoleOnly = [...closure(CONSOLE_ENTRY, true)].filter((f) => !players.has(f));
  expect(consoleOnly.length).toBeGreaterThanOrEqual(3); // its script, its styles, the Arabic texts
  for (const f of consoleOnly) expect(f, f).toMatch(/^assets\/console\//);

  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  expect(sw).toContain('index.html'); // the precache list is in there
  for (const f of consoleOnly) {
    expect(sw, f).not.toContain(f);
    expect(html, f).not.toContain(f);
  }
  expect(sw).not.toContain('assets/console/');
});

test("every file a player's pages can load is precached (none is taken for the console's)", () => {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  for (const f of playerFiles()) {
    expect(f, f).not.toMatch(/^assets\/console\//);
    // KaTeX is fetched when a formula shows (vite.config.ts), Firebase's SDK in Firebase mode:
    // not at install.
    if (!f.startsWith('assets/katex-chunk-') && !f.startsWith('assets/firebase/')) expect(sw, f).toContain(f);
  }
});

test("Firebase's SDK is in neither mode's first download nor in the precache: only in assets/firebase/", () => {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const sdk = (f: string) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('@firebase/');
  // What the first screen loads: nothing of the SDK.
  expect([...closure(entry, false)].filter(sdk)).toEqual([]);
  // What Firebase mode may load later: the SDK, all of it under assets/firebase/.
  const later = [...playerFiles()].filter(sdk);
  expect(later.length).toBeGreaterThanOrEqual(3); // app, auth, firestore, messaging
  for (const f of later) expect(f, f).toMatch(/^assets\/firebase\//);
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  expect(sw).not.toContain('assets/firebase/');
});

test('a player never downloads the console, and their service worker does not cache it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), undefined, {
    timeout: 20_000,
  });
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/assets/console/'))).toEqual([]);
  expect(scripts.filter((u) => u.startsWith('/assets/console/'))).toEqual([]);

  // Opening /admin is what loads it (the guard inside then sends a visitor to the login).
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\/login/);
  expect(scripts.some((u) => /^\/assets\/console\/AdminApp-.*\.js$/.test(u))).toBe(true);
});
