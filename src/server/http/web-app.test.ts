import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { DEEP_PAGES, FRAME_CHUNKS } from './page-preloads';

let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'webapp-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>shell</title></head><body></body>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'sw.js'), 'self.x=1');
  // The build's chunk graph: the entry with a chunk of its own, a play page with that chunk, one
  // of its own and its styles.
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'src/web/features/modes/quiz-zone/PlayPage.tsx': {
        file: 'assets/PlayPage-1.js',
        isDynamicEntry: true,
        imports: ['_shared-1.js', '_question-1.js'],
      },
      '_question-1.js': { file: 'assets/question-1.js', css: ['assets/question-1.css'] },
      'locales/en/translation.json?whole': { file: 'assets/translation-1.js', isDynamicEntry: true },
    }),
  );
  t = await buildTestApp({ STATIC_DIR: dir });
});
afterAll(() => t.close());

describe('serving the built app', () => {
  it('answers client routes with the shell, never cached', async () => {
    for (const url of ['/', '/quiz-zone/sports/football-and-ball-games', '/auth/login/?next=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('writes the boot settings into the shell it sends for a page, as the three public actions answer them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const m = /<script type="application\/json" id="boot-settings">(.*?)<\/script><\/head>/s.exec(res.body);
    expect(m).not.toBeNull();
    const boot = JSON.parse(m![1]!) as Record<string, unknown>;
    const call = async (action: string) =>
      (await t.app.inject({ method: 'POST', url: `/api/${action}`, payload: {} })).json().data as unknown;
    expect(boot.web_settings).toEqual(await call('get_web_settings'));
    expect(boot.system_config).toEqual(await call('get_system_configurations'));
    expect(boot.languages).toEqual(await call('get_languages'));
    // Nothing in it can close the script element early.
    expect(m![1]).not.toMatch(/<\/?script|<!--/i);
  });

  it('keeps an operator\'s "</script>" inside the boot settings, as text', async () => {
    const hostile = 'Quiz</script><script>alert(1)</script><!--';
    await t.app.services.settings.put('system', { app_name: hostile });
    // A settings change here is in the next page at once (no waiting out the boot cache).
    const res = await t.app.inject({ method: 'GET', url: '/quiz-zone' });
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);
    expect(res.body).not.toContain('<script>alert');
    const m = /id="boot-settings">(.*?)<\/script>/s.exec(res.body)!;
    expect((JSON.parse(m[1]!) as { web_settings: { app_name: string } }).web_settings.app_name).toBe(hostile);
  });

  it('a page asked for right after maintenance is turned on carries it and the message', async () => {
    const boot = async () =>
      JSON.parse(
        /id="boot-settings">(.*?)<\/script>/s.exec((await t.app.inject({ method: 'GET', url: '/' })).body)![1]!,
      ) as {
        web_settings: { maintenance_mode: boolean; maintenance_message?: string };
      };
    expect((await boot()).web_settings.maintenance_mode).toBe(false);
    const system = await t.app.services.settings.system();
    await t.app.services.settings.put('system', {
      ...system,
      maintenance_mode: '1',
      maintenance_message: 'Back soon.',
    });
    try {
      expect((await boot()).web_settings).toMatchObject({ maintenance_mode: true, maintenance_message: 'Back soon.' });
    } finally {
      await t.app.services.settings.put('system', system);
    }
  });

  it("names a deep-linked page's own chunks in the shell sent for it, and nothing for other pages", async () => {
    const links = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).body.match(/<link rel="(?:modulepreload|preload)"[^>]*>/g) ?? [];
    for (const url of ['/quiz-zone/science/physics/1', '/quiz-zone/science/physics/12/?x=1']) {
      expect(await links(url), url).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/PlayPage-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/question-1.js">',
        '<link rel="modulepreload" crossorigin href="/assets/translation-1.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/question-1.css">',
      ]);
    }
    for (const url of ['/', '/quiz-zone/science/physics', '/quiz-zone/a/b/1%22%3E%3Cscript%3E', '/wallet'])
      expect(await links(url), url).toEqual([]);
  });

  it('knows the page module of every deep link it preloads (a renamed page fails here)', () => {
    for (const page of [...DEEP_PAGES.map(([, p]) => p), ...FRAME_CHUNKS])
      expect(existsSync(join(process.cwd(), page.replace(/\?.*$/, ''))), page).toBe(true);
    const samples = [
      '/quiz-zone/science/physics-and-chemistry/3',
      '/guess-the-word/animals/birds/2',
      '/math-mania/arithmetic/sums/1',
      '/fun-and-learn/science/space/4/play',
      '/quiz-play/daily-quiz-dashboard',
      '/random-battle/7f3c',
      '/group-battle/ab12',
      '/contest-play/5',
      '/exam-module/9',
    ];
    for (const path of samples)
      expect(
        DEEP_PAGES.some(([p]) => p.test(path)),
        path,
      ).toBe(true);
  });

  it('caches hashed assets for good and revalidates the service worker', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(js.headers['cache-control']).toContain('immutable');
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers missing files and server paths with 404, not the shell', async () => {
    for (const url of ['/assets/missing.js', '/logo.png', '/api/get_settings', '/dev/nothing', '/media/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<title>shell</title>');
    }
  });
});
