import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail } from './support';

// The settings screen, reached from the profile: question language, push on this device and
// the interface language, each taking effect at once.
test('a player changes the question and interface languages in settings and sees push off', async ({
  page,
  request,
}) => {
  const p = await apiPlayer(request, 'Sami Settings');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/profile');
  await expect(page.getByTestId('app-language-ar')).toHaveCount(0); // moved off the profile
  await page.getByTestId('profile-settings').click();
  await expect(page).toHaveURL(/\/profile\/settings$/);

  // Permission not asked yet: off, with the switch to turn it on.
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'off');
  await expect(page.getByTestId('push-state')).toHaveText('Off');
  await expect(page.getByTestId('push-toggle')).toHaveText('Turn on');

  await page.getByTestId('content-language-ar').click();
  await expect(page.getByTestId('content-language-ar')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('app-language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الإعدادات');
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/settings-ar.png', fullPage: true });

  await page.getByTestId('app-language-en').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.goto('/quiz-zone');
  await expect(page.getByTestId('category-sports')).toContainText(/[\u0600-\u06FF]/); // questions in Arabic
  await expect(page.getByText('Pick a category')).toBeVisible(); // the interface in English
});

// Issue 22 §17: with permission granted the card says at once where push stands, and a browser
// whose push service refuses (this Chromium has none) is told push is not supported here, not
// left "Off" without a word.
test('with notifications allowed but no push service, the settings card says push is not supported here', async ({
  page,
  context,
  request,
}) => {
  const p = await apiPlayer(request, 'Nora Nopush');
  await loginByEmail(page, p.email, p.password);
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker.getRegistration()), undefined, {
    timeout: 20_000,
  });
  await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
  await page.goto('/profile/settings');
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'unsupported', { timeout: 5_000 });
  await expect(page.getByTestId('push-state')).toHaveText('Not supported here');
  await expect(page.getByTestId('push-unsupported')).toHaveText(
    'Notifications are not supported here: this browser has no push service the app can use.',
  );
  await expect(page.getByTestId('push-toggle')).toHaveCount(0);
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/settings-push-unsupported.png', fullPage: true });
});
