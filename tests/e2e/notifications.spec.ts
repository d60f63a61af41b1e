import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail, perfectLevel } from './support';

// Notifications: badges a graded quiz unlocked arrive as notifications; opening one marks it
// read and leads to the badges screen; the rest are marked read at once.
test('badge notifications: listed unread, opened to the badges screen, all marked read', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Nia Notices');
  await perfectLevel(request, p.token, 'history', 'ancient-world');

  await loginByEmail(page, p.email, p.password);
  await page.goto('/profile');
  await page.getByTestId('profile-notifications').click();
  const notices = page.getByTestId('notices');
  await expect(notices.locator('li')).toHaveCount(3);
  await expect(notices).toContainText('You unlocked Brainiac.');
  await expect(page.getByTestId('notices-unread')).toHaveText('3 unread');
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/notifications.png', fullPage: true });
  await notices.locator('li button').first().click();
  await expect(page).toHaveURL(/\/profile\/badges$/);
  await page.goBack();
  await expect(page.getByTestId('notices-unread')).toHaveText('2 unread');
  await page.getByTestId('notices-read-all').click();
  await expect(page.getByTestId('notices-unread')).toHaveCount(0);
  await page.reload();
  await expect(notices.locator('li')).toHaveCount(3);
  await expect(page.getByTestId('notices-unread')).toHaveCount(0);
});
