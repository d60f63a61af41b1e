import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FIREBASE_PROJECT } from '../../playwright.firebase.config';
import { nextSession, playLevel, uniqueEmail } from '../e2e/support';

/** SHOTS=1 keeps screenshots of the screens in .tmp/screens. */
const shot = (page: Page, name: string) =>
  process.env.SHOTS ? page.screenshot({ path: `.tmp/screens/${name}.png` }) : Promise.resolve();

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;

/** The verification link Firebase "sent" to `email`, as the Auth emulator keeps it. */
async function verificationLink(request: APIRequestContext, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${EMULATOR}/emulator/v1/projects/${FIREBASE_PROJECT}/oobCodes`);
      const { oobCodes } = (await res.json()) as {
        oobCodes: { email: string; requestType: string; oobLink: string }[];
      };
      link = oobCodes.find((c) => c.email === email && c.requestType === 'VERIFY_EMAIL')?.oobLink ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

test('in Firebase mode a player signs up by e-mail through Firebase Auth, verifies, logs in and plays a level', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('firebase');
  const password = 'my firebase password';
  const sdkCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(EMULATOR)) sdkCalls.push(new URL(r.url()).pathname);
  });

  await page.goto('/auth/sign-up');
  await page.getByTestId('name').fill('grace hopper');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('confirm-password').fill(password);
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('verify-link-sent')).toContainText(email);
  await shot(page, 'firebase-link-sent');
  expect(sdkCalls.some((p) => p.endsWith('accounts:signUp'))).toBe(true);

  // Not verified yet: the login says so and offers the link again.
  await page.getByTestId('go-login').click();
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('submit').click();
  await expect(page.getByText(/verify email first/i)).toBeVisible();
  await expect(page.getByTestId('resend-link')).toBeVisible();
  await shot(page, 'firebase-verify-first');

  // A wrong password: the spec's message, from Firebase's error.
  await page.getByTestId('password').fill('not my password');
  await page.getByTestId('submit').click();
  await expect(page.getByText(/invalid password/i)).toBeVisible();

  // The player opens the link, then logs in: the server accepted the Firebase identity.
  expect((await request.get(await verificationLink(request, email))).ok()).toBe(true);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('coins-badge')).toContainText('10'); // welcome bonus

  await page.goto('/quiz-zone');
  await page.getByTestId('category-sports').click();
  await page.getByTestId('subcategory-football-and-ball-games').click();
  const session = nextSession(page);
  await page.getByTestId('level-1').click();
  await playLevel(page, session, 8);
  await expect(page.getByTestId('result-coins')).toContainText('10');
  await expect(page.getByTestId('coins-badge')).toContainText('20');
  await shot(page, 'firebase-result');
});
