import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail, outboxCode, uniqueEmail } from './support';

// Refer and earn: a player shares their invitation link; a friend on another phone signs up
// through it (the code filled in) and both are paid once; the referrer sees the friend counted.
test('a friend signs up through the invitation link: 50 coins for them, 100 for the referrer', async ({
  browser,
  page,
  request,
}) => {
  const referrer = await apiPlayer(request, 'Rita Referrer');
  await loginByEmail(page, referrer.email, referrer.password);
  await page.goto('/profile');
  await page.getByTestId('profile-refer').click();
  await expect(page.getByTestId('refer-code')).toHaveText(referrer.user.refer_code as string);
  const link = (await page.getByTestId('refer-link').textContent())!.trim();
  expect(link).toMatch(/\/auth\/sign-up\?ref=[A-Z0-9]+$/);
  await expect(page.getByTestId('refer-friends')).toHaveText('0');
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/refer.png', fullPage: true });

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  const email = uniqueEmail('invited');
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await expect(friend.getByTestId('referral-code')).toHaveValue(referrer.user.refer_code as string);
  await friend.getByTestId('name').fill('Fred Friend');
  await friend.getByTestId('email').fill(email);
  await friend.getByTestId('password').fill('a friendly password');
  await friend.getByTestId('confirm-password').fill('a friendly password');
  await friend.getByTestId('submit').click();
  await friend.getByTestId('code').fill(await outboxCode(request, email));
  await friend.getByTestId('submit').click();
  await expect(friend).toHaveURL(/\/$/);
  await expect(friend.getByTestId('coins-badge')).toContainText('60');
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('refer-friends')).toHaveText('1');
  await expect(page.getByTestId('refer-earned')).toHaveText('100');
  await expect(page.getByTestId('coins-badge')).toContainText('110');
});
