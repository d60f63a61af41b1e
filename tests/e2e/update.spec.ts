import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, startOwnServer, type OwnServer } from './own-server';

// A deployment of its own (a copy of the build, its own server), so that the second build this
// test deploys does not offer an update to every other journey's page.
let server: OwnServer;
let base: string;
let site: string;
test.beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'update-site-'));
  cpSync(join(ROOT, 'dist'), site, { recursive: true });
  server = await startOwnServer({ env: { STATIC_DIR: site } });
  base = server.base;
});
test.afterAll(async () => {
  await server.stop();
  rmSync(site, { recursive: true, force: true });
});

/** Deploys "a second build": a changed shell, and a worker whose precache names its new revision. */
function deploySecondBuild() {
  const index = join(site, 'index.html');
  const html = readFileSync(index, 'utf8').replace('<head>', '<head>\n    <meta name="app-build" content="2" />');
  writeFileSync(index, html);
  const revision = createHash('md5').update(html).digest('hex');
  const sw = join(site, 'sw.js');
  const js = readFileSync(sw, 'utf8').replace(
    /\{"revision":"[0-9a-f]+","url":"index\.html"\}/,
    `{"revision":"${revision}","url":"index.html"}`,
  );
  expect(js).toContain(revision);
  writeFileSync(sw, js);
}

test('a new version: the app offers the update, never forces it, and accepting it runs the new build', async ({
  page,
}) => {
  await page.goto(base);
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  await page.waitForFunction(
    async () => Boolean((await navigator.serviceWorker.getRegistration())?.active),
    undefined,
    {
      timeout: 20_000,
    },
  );
  // The worker serves the shell from now on (a page loaded after it activated).
  await expect
    .poll(
      async () => {
        await page.goto(base);
        return page.evaluate(() => Boolean(navigator.serviceWorker.controller));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(page.locator('meta[name="app-build"]')).toHaveCount(0);

  deploySecondBuild();
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
  await expect(page.getByTestId('update-banner')).toBeVisible({ timeout: 20_000 });
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/update.png' });
  // Not forced: the page stays as it is (still the first build) until the player accepts.
  await page.waitForTimeout(1000);
  await expect(page.locator('meta[name="app-build"]')).toHaveCount(0);
  await expect(page.getByTestId('update-banner')).toBeVisible();

  await page.getByTestId('update-accept').click();
  await expect(page.locator('meta[name="app-build"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  await expect(page.getByTestId('update-banner')).toHaveCount(0);
});
