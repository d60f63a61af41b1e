import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('installable: Chromium lists no installability errors and offers the install, which the app shows as its own card; the manifest names icons, shortcuts and screenshots that exist', async ({
  request,
}, testInfo) => {
  // Installability is judged only outside incognito: a persistent profile (TOOLCHAIN.md).
  const use = testInfo.project.use;
  const profile = mkdtempSync(join(tmpdir(), 'install-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...use.launchOptions,
    baseURL: use.baseURL,
    viewport: { width: 360, height: 740 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByTestId('mode-quizZone')).toBeVisible();
    await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), undefined, {
      timeout: 20_000,
    });
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);
    // Chromium's own offer arrives; the app keeps it and shows its card instead of the infobar.
    await expect(page.getByTestId('install-card')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('install-button')).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('QuizHub'),
    short_name: 'QuizHub',
    description: expect.any(String),
    display: 'standalone',
    start_url: '/',
    scope: '/',
    id: '/',
    theme_color: expect.stringMatching(/^#/),
    background_color: expect.stringMatching(/^#/),
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  const shortcuts = manifest.shortcuts as { url: string; icons: { src: string }[] }[];
  expect(shortcuts.map((s) => s.url)).toEqual(['/quiz-play/daily-quiz-dashboard', '/random-battle']);
  const screenshots = manifest.screenshots as { src: string; form_factor: string }[];
  expect(screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const src of [
    ...icons.map((i) => i.src),
    ...shortcuts.flatMap((s) => s.icons.map((i) => i.src)),
    ...screenshots.map((s) => s.src),
  ]) {
    const res = await request.get(src);
    expect(res.status(), src).toBe(200);
    expect(res.headers()['content-type'], src).toContain('image/png');
  }
});

test("the install offer: the app's own button opens the browser's dialog; Not now puts it away", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  await expect(page.getByTestId('install-card')).toHaveCount(0);
  // Chromium's offer, as it arrives when the app is installable (headless never sends one).
  const offer = () =>
    page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      e.prompt = () => {
        (window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
        return Promise.resolve();
      };
      e.userChoice = Promise.resolve({ outcome: 'dismissed' });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
  // The app keeps the event (no mini-infobar) and shows its own card.
  expect(await offer()).toBe(true);
  await expect(page.getByTestId('install-card')).toBeVisible();
  // The card shows the app's icon (not a broken image).
  await expect
    .poll(() =>
      page
        .getByTestId('install-card')
        .locator('img')
        .evaluate((i: HTMLImageElement) => i.naturalWidth),
    )
    .toBeGreaterThan(0);
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/install.png' });
  await page.getByTestId('install-button').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
  // An offer prompts once.
  await expect(page.getByTestId('install-card')).toHaveCount(0);
  await offer();
  await page.getByTestId('install-later').click();
  await expect(page.getByTestId('install-card')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  await offer();
  await expect(page.getByTestId('install-card')).toHaveCount(0);
});

test('iPhone Safari: the Share → Add to Home Screen steps', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('install-ios-steps')).toBeVisible();
  await expect(page.getByTestId('install-ios-steps')).toContainText('Add to Home Screen');
  await expect(page.getByTestId('install-button')).toHaveCount(0);
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/install-ios.png' });
  await page.getByTestId('install-later').click();
  await page.reload();
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  await expect(page.getByTestId('install-card')).toHaveCount(0);
  await context.close();
});
