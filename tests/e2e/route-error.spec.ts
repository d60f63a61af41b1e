import { expect, test } from '@playwright/test';
import { onboardingSeen } from './support';

// The chunks are fetched by the page itself here, where page.route sees them (not by the worker).
test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

test('a page whose chunk cannot be fetched shows "Something went wrong" in the frame, and Try again brings the page', async ({
  page,
}) => {
  await onboardingSeen(page);
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  const chunk = /\/assets\/SettingPage-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort('internetdisconnected'));

  await page.getByRole('link', { name: 'About us' }).click();
  const panel = page.getByTestId('route-error');
  await expect(panel.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Back to home' })).toBeVisible();
  // The frame stays: the header and the footer's links still work.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('route-error-360.png') });

  await page.unroute(chunk);
  await page.getByTestId('route-error-retry').click();
  // An engine that keeps a failed module for the page's life: the second Try again reloads.
  if (await panel.isVisible()) await page.getByTestId('route-error-retry').click();
  await expect(page.getByTestId('page-about_us')).toBeVisible();
  await expect(panel).toHaveCount(0);
});
