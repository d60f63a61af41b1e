import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPlayer, loginByEmail, perfectLevel } from './support';

const TOPICS = [
  ['science', 'physics-and-chemistry'],
  ['science', 'life-science'],
  ['geography', 'countries-and-capitals'],
  ['geography', 'nature-and-landmarks'],
  ['history', 'ancient-world'],
  ['history', 'modern-history'],
  ['sports', 'football-and-ball-games'],
  ['sports', 'olympics-and-athletics'],
  ['arts-and-literature', 'books-and-writers'],
  ['arts-and-literature', 'painting-and-music'],
] as const;

/**
 * The player earns 100 coins by play: level 1 of ten topics cleared (10 coins each, graded by the
 * server). A referral no longer pays at once (it waits until the friend's account is real).
 */
async function earnByPlaying(request: APIRequestContext, token: string) {
  for (const [category, subcategory] of TOPICS) await perfectLevel(request, token, category, subcategory);
}

// Redeem: a new player (10 coins) is refused at the field; funded by play, the
// player requests a payout, sees it pending with the coins held, cancels it and gets them back.
test('a payout request is refused without coins, then made, pending, and cancelled', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Pat Payout');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/profile');
  await page.getByTestId('profile-redeem').click();
  await expect(page).toHaveURL(/\/profile\/redeem$/);
  await expect(page.getByTestId('redeem-balance')).toContainText('10');
  await expect(page.getByText('Payout takes 3 to 5 working days.')).toBeVisible();
  await expect(page.getByText('No payout requests yet.')).toBeVisible();

  await page.getByTestId('redeem-method').selectOption('paypal');
  await page.getByTestId('redeem-address').fill('pat@example.test');
  await page.getByTestId('redeem-coins').fill('100');
  await expect(page.getByTestId('redeem-amount')).toContainText('10.00');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-coin_used-error')).toHaveText("You don't have enough coins.");
  await expect(page.getByTestId('redeem-item')).toHaveCount(0);

  await earnByPlaying(request, p.token);
  await page.reload();
  await expect(page.getByTestId('redeem-balance')).toContainText('110');
  await page.getByTestId('redeem-method').selectOption('upi');
  await page.getByTestId('redeem-address').fill('pat@upi');
  await page.getByTestId('redeem-coins').fill('105');
  await expect(page.getByTestId('redeem-amount')).toContainText('10.50');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-sent')).toBeVisible();
  await expect(page.getByTestId('redeem-status')).toHaveText('Pending');
  await expect(page.getByTestId('redeem-balance')).toContainText('5');
  await expect(page.getByTestId('coins-badge')).toContainText('5');

  // With 5 coins left, a second request is refused at the field before it is sent.
  await page.getByTestId('redeem-method').selectOption('bank');
  await page.getByTestId('redeem-address').fill('DE00 0000');
  await page.getByTestId('redeem-coins').fill('100');
  await page.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-coin_used-error')).toHaveText("You don't have enough coins.");

  // Cancel asks first (issue 22 §7): keeping the request changes nothing.
  await page.getByTestId('redeem-cancel').click();
  const confirm = page.getByTestId('redeem-cancel-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Your 105 coins for UPI come back to your balance.');
  await page.getByTestId('redeem-cancel-keep').click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('redeem-status')).toHaveText('Pending');
  await expect(page.getByTestId('redeem-balance')).toContainText('5');

  // Confirmed: a toast, the coins back, and the request stays listed as cancelled.
  await page.getByTestId('redeem-cancel').click();
  await page.getByTestId('redeem-cancel-yes').click();
  await expect(page.getByText('Request cancelled: 105 coins are back.')).toBeVisible();
  await expect(page.getByTestId('redeem-item')).toHaveCount(1);
  await expect(page.getByTestId('redeem-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('redeem-cancel')).toHaveCount(0);
  await expect(page.getByTestId('redeem-sent')).toHaveCount(0);
  await expect(page.getByTestId('redeem-balance')).toContainText('110');
  await page.reload();
  await expect(page.getByTestId('redeem-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('redeem-balance')).toContainText('110');
});
