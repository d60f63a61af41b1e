import { expect, test } from '@playwright/test';

test('the service worker precaches the shell, which then opens without a network', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  // The worker registers after the first render, when the browser is idle.
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), undefined, {
    timeout: 20_000,
  });
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);

  await context.setOffline(true);
  // The shell comes from the cache and renders from the settings it remembers.
  await page.reload();
  expect(await page.title()).toBe('QuizHub');
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  // The app says it is offline, and stops saying so when the network is back.
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/offline.png' });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
