import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail, perfectLevel } from './support';

// A badge unlocking: a perfect level (played through the API, graded by the server) unlocks
// first game, Brainiac and Super Sonic; the player claims one reward once, on the badges screen.
test('a perfect level unlocks badges; claiming one pays its reward once', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Bea Badges');
  const coinsAfterQuiz = (await perfectLevel(request, p.token, 'science', 'life-science')).coins;

  await loginByEmail(page, p.email, p.password);
  await page.goto('/profile');
  await page.getByTestId('profile-badges').click();
  await expect(page.getByTestId('badges-summary')).toContainText('3 of 14');
  await expect(page.getByTestId('badge-big_thing')).toContainText('Locked');
  await expect(page.getByTestId('badge-big_thing')).toContainText('/ 5,000');
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/badges.png', fullPage: true });
  await page.getByTestId('claim-dashing_debut').click();
  await expect(page.getByTestId('badge-dashing_debut')).toContainText('Reward claimed');
  await expect(page.getByTestId('coins-badge')).toContainText(String(10 + coinsAfterQuiz + 5));
  await page.reload();
  await expect(page.getByTestId('badge-dashing_debut')).toContainText('Reward claimed');
  await expect(page.getByTestId('claim-dashing_debut')).toHaveCount(0);
});
