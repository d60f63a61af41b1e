import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail, outboxCode, skipOnboarding, uniqueEmail } from './support';

// Refer and earn: a player shares their invitation link; a friend on another phone signs up
// through it (the code filled in). Nothing is paid yet: a device id is the client's word, so the
// reward waits until the friend's account is real (verified contact, play over more than a day;
// the server tests cover the payment). Both see it waiting.
test('a friend signs up through the invitation link: the reward waits, shown to both', async ({
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
  await expect(page.getByTestId('refer-pending')).toHaveText('0');
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/refer.png', fullPage: true });

  const friendContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
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
  await skipOnboarding(friend);
  await expect(friend.getByTestId('coins-badge')).toContainText('10');
  await friend.goto('/profile/refer');
  await expect(friend.getByTestId('refer-own')).toContainText('50 coins');
  await expect(friend.getByTestId('refer-own')).toContainText('waiting');
  if (process.env.SHOTS) await friend.screenshot({ path: '.tmp/screens/refer-friend-pending.png', fullPage: true });
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('refer-friends')).toHaveText('0');
  await expect(page.getByTestId('refer-pending')).toHaveText('1');
  await expect(page.getByTestId('refer-pending-coins')).toHaveText('100');
  await expect(page.getByTestId('refer-earned')).toHaveText('0');
  await expect(page.getByTestId('coins-badge')).toContainText('10');
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/refer-pending.png', fullPage: true });
});
