import { expect, test } from '@playwright/test';
import { api, apiPlayer, loginByEmail, nextSession, playLevel } from './support';

interface LedgerRow {
  id: number;
  points: number;
  reason: string;
  balance_after: number;
}

// Wallet and history after a played quiz: a level played through the screens pays its reward;
// the wallet shows the server's balance and the reward's row with its readable reason.
test('after a played quiz the wallet shows the balance and the reward with its reason', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Wally Wallet');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/quiz-zone');
  await page.getByTestId('category-sports').click();
  await page.getByTestId('subcategory-football-and-ball-games').click();
  const session = nextSession(page);
  await page.getByTestId('level-1').click();
  await playLevel(page, session, Infinity); // every answer right: the level is cleared
  await expect(page.getByTestId('result')).toBeVisible();

  const { coins } = (await api(request, 'get_user_by_id', {}, p.token)) as { coins: number };
  const ledger = (await api(request, 'get_tracker_data', {}, p.token)) as LedgerRow[];
  const reward = ledger.find((r) => r.reason === 'quiz_zone_level');
  expect(reward?.points, JSON.stringify(ledger)).toBeGreaterThan(0);
  expect(ledger[0]!.balance_after).toBe(coins); // newest first: the last row leaves the balance

  await page.goto('/profile');
  await page.getByTestId('profile-wallet').click();
  await expect(page).toHaveURL(/\/profile\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toHaveText(String(coins));
  const rows = page.getByTestId('ledger').locator('li');
  await expect(rows).toHaveCount(ledger.length);
  const row = page.getByTestId(`ledger-${reward!.id}`);
  await expect(row.locator('.ledger-what > span')).toHaveText('Quiz zone level cleared');
  await expect(row.locator('.ledger-amount strong')).toHaveText(`+${reward!.points}`);
  await expect(row.locator('.ledger-amount small')).toHaveText(`Balance ${reward!.balance_after}`);
  await expect(page.getByTestId('ledger')).toContainText('Welcome bonus');

  // Filters: nothing was spent; every movement so far was earned.
  await page.getByTestId('wallet-debit').click();
  await expect(page.getByText('No coin movements yet.')).toBeVisible();
  await page.getByTestId('wallet-credit').click();
  await expect(rows).toHaveCount(ledger.length);
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/wallet.png', fullPage: true });
});
