import { expect, test } from '@playwright/test';
import { apiPlayer, loginByEmail } from './support';

// The wallet from the profile: the balance, and the ledger with readable reasons, filtered.
test('the wallet shows the balance and every coin movement with its reason', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Wally Wallet');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/profile');
  await page.getByTestId('profile-wallet').click();
  await expect(page).toHaveURL(/\/profile\/wallet$/);
  await expect(page.getByTestId('wallet-balance')).toContainText('10');
  const ledger = page.getByTestId('ledger');
  await expect(ledger.locator('li')).toHaveCount(1);
  await expect(ledger).toContainText('Welcome bonus');
  await expect(ledger).toContainText('+10');
  await expect(ledger).toContainText('Balance 10');
  await page.getByTestId('wallet-debit').click();
  await expect(page.getByText('No coin movements yet.')).toBeVisible();
  await page.getByTestId('wallet-credit').click();
  await expect(ledger.locator('li')).toHaveCount(1);
  if (process.env.SHOTS) await page.screenshot({ path: '.tmp/screens/wallet.png', fullPage: true });
});
