import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiPlayer, loginByEmail, outboxCode, uniqueEmail } from './support';

async function post(request: APIRequestContext, action: string, data: Record<string, string>, token?: string) {
  const res = await request.post(`/api/${action}`, {
    multipart: data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

/** A friend signs up with the player's code from their own device: the player earns 100 coins. */
async function referFriend(request: APIRequestContext, code: string) {
  const email = uniqueEmail('friend');
  const password = 'a friendly password';
  await post(request, 'auth_email_signup', { email, password, name: 'Fred Friend' });
  const proof = await post(request, 'auth_email_verify', { email, code: await outboxCode(request, email) });
  await post(
    request,
    'user_signup',
    { firebase_id: proof.firebase_id, type: 'email', name: 'Fred Friend', friends_code: code, device_id: randomUUID() },
    proof.id_token,
  );
}

// Redeem: a new player (10 coins) is refused at the field; funded through refer-and-earn, the
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

  await referFriend(request, p.user.refer_code as string);
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

  await page.getByTestId('redeem-cancel').click();
  await expect(page.getByTestId('redeem-item')).toHaveCount(0);
  await expect(page.getByTestId('redeem-balance')).toContainText('110');
});
