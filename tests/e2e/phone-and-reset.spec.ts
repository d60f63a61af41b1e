import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail, outboxCode, outboxCount, skipOnboarding } from './support';

test('a player signs in by phone with a 6-digit OTP, and a number without country code is refused', async ({
  page,
  request,
}) => {
  const national = `30${String(Date.now()).slice(-7)}`;
  await page.goto('/auth/login');
  await page.getByTestId('tab-phone').click();
  await page.getByTestId('country-code').fill('');
  await page.getByTestId('mobile').fill('12');
  await page.getByTestId('submit').click();
  await expect(page.getByText(/enter a correct mobile number with country code/i)).toBeVisible();

  await page.getByTestId('country-code').fill('+49');
  await page.getByTestId('mobile').fill(national);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/auth\/otp-verify/);
  await page.getByTestId('code').fill(await outboxCode(request, `+49${national}`));
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
  await skipOnboarding(page);
  await expect(page.getByTestId('coins-badge')).toContainText('10');
});

test('a player resets a forgotten password and logs in with the new one', async ({ page, request }) => {
  const p = await apiPlayer(request);
  await page.goto('/auth/reset-password');
  await page.getByTestId('email').fill(p.email);
  // The sign-up code is in the outbox already: wait for the reset code after it.
  const seen = await outboxCount(request, p.email);
  await page.getByTestId('submit').click();
  await page.getByTestId('code').fill(await outboxCode(request, p.email, seen));
  await page.getByTestId('password').fill('my brand new password');
  await page.getByTestId('confirm-password').fill('my brand new password');
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await loginByEmail(page, p.email, 'my brand new password');
  await expect(page.getByTestId('coins-badge')).toBeVisible();
});
