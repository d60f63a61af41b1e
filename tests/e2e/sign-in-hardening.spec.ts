import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { adminSignsIn, startServerWithAdmin } from './admin-support';
import { apiPlayer, uniqueEmail } from './support';

// Issue 20 §4: what a player and an operator see of sign-in hardening, on a phone's screen.
const PHONE = { width: 360, height: 740 };

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  mkdirSync('.tmp/screens/auth', { recursive: true });
  await page.screenshot({ path: `.tmp/screens/auth/${name}.png` });
}

async function tryLogin(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('submit').click();
}

test('login says the same for a wrong password and an unknown address', async ({ browser, request }) => {
  const p = await apiPlayer(request, 'Lena Login');
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await tryLogin(page, p.email, 'not my password');
  const toast = page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' });
  await expect(toast).toBeVisible();
  await shot(page, 'login-wrong-password');
  await expect(page).toHaveURL(/\/auth\/login$/);

  const other = await browser.newContext({ viewport: PHONE });
  const page2 = await other.newPage();
  await tryLogin(page2, uniqueEmail('nobody'), 'not my password');
  await expect(page2.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible();
  await context.close();
  await other.close();
});

test('a production server without a mail transport says so on the dashboard', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startServerWithAdmin({ NODE_ENV: 'production' });
  try {
    const context = await browser.newContext({ baseURL: server.base, viewport: PHONE });
    const page = await context.newPage();
    await adminSignsIn(page);
    await page.goto('/admin');
    const notice = page.getByTestId('dashboard-undeliverable');
    await expect(notice).toContainText('Sign-in codes cannot be sent');
    await expect(notice).toContainText('SMTP_URL');
    await expect(notice).toContainText('SMS_WEBHOOK_URL');
    await shot(page, 'dashboard-no-mail');

    // A visitor who tries to sign up is told, instead of waiting for a code that never comes.
    const visitor = await browser.newContext({ baseURL: server.base, viewport: PHONE });
    const v = await visitor.newPage();
    await v.goto('/auth/sign-up');
    await v.getByTestId('name').fill('Sam Signup');
    await v.getByTestId('email').fill(uniqueEmail('prod'));
    await v.getByTestId('password').fill('a long enough password');
    await v.getByTestId('confirm-password').fill('a long enough password');
    await v.getByTestId('submit').click();
    await expect(v.getByRole('alert').filter({ hasText: 'cannot send codes' })).toBeVisible();
    await expect(v.getByTestId('verify-link-sent')).toHaveCount(0);
    await shot(v, 'signup-no-mail');
    await context.close();
    await visitor.close();
  } finally {
    await server.stop();
  }
});
