import { expect, test } from '@playwright/test';
import { api, apiPlayer, loginByEmail, onboardingSeen, outboxCode, perfectLevel, uniqueEmail } from './support';

// Issue 22 §6, §10: what only a browser shows (a toast's life, a row's layout at 360 px).

test('a wrong code leaves no error behind once the right code verifies, and a success toast says so', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('words');
  await api(request, 'auth_email_signup', { email, password: 'correct horse battery', name: 'Code Player' });
  const code = await outboxCode(request, email);
  const wrong = code === '000000' ? '111111' : '000000';
  await onboardingSeen(page);
  await page.goto(`/auth/otp-verify?mode=email&email=${encodeURIComponent(email)}`);
  await page.getByTestId('code').fill(wrong);
  await page.getByTestId('submit').click();
  const error = page.getByRole('alert').filter({ hasText: 'The code is wrong or has expired.' });
  await expect(error).toBeVisible();

  await page.getByTestId('code').fill(code);
  await page.getByTestId('submit').click();
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail verified.' })).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('a long lower-case name is written as the header writes it, whole, and "This month" stays on one line at 360 px', async ({
  page,
  request,
}) => {
  const p = await apiPlayer(request, 'alice testington-longname');
  await perfectLevel(request, p.token, 'science', 'life-science');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/leaderboard');
  const row = page.getByTestId(`leaderboard-row-${p.user.id}`).first();
  const name = row.locator('.lb-name-text');
  await expect(name).toHaveText('Alice testington-longname');
  // Not clipped: the whole name fits its box (it may take a second line).
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
    true,
  );
  const lines = await page.getByTestId('leaderboard-monthly').evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size;
  });
  expect(lines).toBe(1);
});
