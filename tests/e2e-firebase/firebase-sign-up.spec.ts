import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FIREBASE_PROJECT } from '../../playwright.firebase.config';
import { nextSession, onboardingSeen, playLevel, playOut, uniqueEmail } from '../e2e/support';

// Accounts here are made on this device, so the first-run onboarding would open over each
// journey: it is marked seen (the main suite's onboarding.spec is about it).
test.beforeEach(({ page }) => onboardingSeen(page));

/** SHOTS=1 keeps screenshots of the screens in .tmp/screens. */
const shot = (page: Page, name: string) =>
  process.env.SHOTS ? page.screenshot({ path: `.tmp/screens/${name}.png` }) : Promise.resolve();

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;

/** Users the Firebase SDK keeps signed in in this browser (its IndexedDB persistence). */
const firebaseUsers = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) return resolve(0);
          const all = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAllKeys();
          all.onsuccess = () => resolve(all.result.filter((k) => String(k).startsWith('firebase:authUser:')).length);
          all.onerror = () => resolve(0);
        };
      }),
  );

/** Fills the sign-up form and sends it. */
async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto('/auth/sign-up');
  await page.getByTestId('name').fill(name);
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('confirm-password').fill(password);
  await page.getByTestId('submit').click();
}

interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET';
  oobCode: string;
  oobLink: string;
}

/** The link Firebase "sent" to `email` for `type`, as the Auth emulator keeps it. */
async function emailedLink(request: APIRequestContext, email: string, type: OobCode['requestType']): Promise<OobCode> {
  let found: OobCode | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`${EMULATOR}/emulator/v1/projects/${FIREBASE_PROJECT}/oobCodes`);
      const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
      found = oobCodes.find((c) => c.email === email && c.requestType === type);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
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

  await signUp(page, 'grace hopper', email, password);
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
  await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();

  // The player opens the link, then logs in: the server accepted the Firebase identity.
  expect((await request.get((await emailedLink(request, email, 'VERIFY_EMAIL')).oobLink)).ok()).toBe(true);
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

test('in Firebase mode a player who forgot the password gets a link, sets a new one and logs in with it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('firebase-reset');
  await signUp(page, 'Rosalind', email, 'first password 1');
  await expect(page.getByTestId('verify-link-sent')).toBeVisible();
  expect((await request.get((await emailedLink(request, email, 'VERIFY_EMAIL')).oobLink)).ok()).toBe(true);

  await page.goto('/auth/reset-password');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(email);
  await shot(page, 'firebase-reset-link-sent');
  // Firebase's own page sets the new password: here, its REST call with the e-mailed code.
  const { oobCode } = await emailedLink(request, email, 'PASSWORD_RESET');
  const reset = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake-api-key`,
    {
      data: { oobCode, newPassword: 'second password 2' },
    },
  );
  expect(reset.ok()).toBe(true);

  await page.getByTestId('go-login').click();
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill('first password 1');
  await page.getByTestId('submit').click();
  await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();
  await page.getByTestId('password').fill('second password 2');
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('coins-badge')).toBeVisible();
});

/** Signs in by phone through Firebase (the emulator's SMS code); a wrong code first when `wrongFirst`. */
async function phoneSignIn(page: Page, request: APIRequestContext, o: { wrongFirst?: boolean } = {}) {
  const national = `30${String(Date.now()).slice(-7)}`;
  const phoneNumber = `+49${national}`;
  await page.goto('/auth/login');
  await page.getByTestId('tab-phone').click();
  await page.getByTestId('country-code').fill('+49');
  await page.getByTestId('mobile').fill(national);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/auth\/otp-verify/);

  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${EMULATOR}/emulator/v1/projects/${FIREBASE_PROJECT}/verificationCodes`);
      const { verificationCodes } = (await res.json()) as {
        verificationCodes: { phoneNumber: string; code: string }[];
      };
      code = verificationCodes.filter((c) => c.phoneNumber === phoneNumber).at(-1)?.code ?? '';
      return code;
    })
    .not.toBe('');

  if (o.wrongFirst) {
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('code').fill(wrong);
    await page.getByTestId('submit').click();
    await expect(page.getByText(/the code is wrong or has expired/i)).toBeVisible();
  }
  await page.getByTestId('code').fill(code);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('coins-badge')).toContainText('10');
}

test('in Firebase mode a player signs in by phone with the code Firebase sent, and a wrong code is refused', async ({
  page,
  request,
}) => {
  await phoneSignIn(page, request, { wrongFirst: true });

  // Signed in to Firebase beside the app's session; logging out ends both.
  await expect.poll(() => firebaseUsers(page)).toBe(1);
  await page.goto('/profile');
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => firebaseUsers(page)).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('quiz.firebase-session'))).toBeNull();
});

test('in Firebase mode a battle goes on through the socket when Firestore does not answer', async ({
  page,
  request,
}) => {
  // No Firestore for browsers beside the Auth emulator (TOOLCHAIN.md): the app's follow of the
  // room's document is refused (the CSP of development names no Firestore), and says so.
  const firestore: string[] = [];
  page.on('console', (m) => {
    if (/firestore\.googleapis\.com/.test(m.text())) firestore.push(m.text());
  });
  await phoneSignIn(page, request);
  await page.goto('/random-battle');
  await page.getByTestId('battle-category').selectOption('science');
  await page.getByTestId('play-bot').click();
  await expect(page.getByTestId('battle-play')).toBeVisible();
  await expect(page.getByTestId('seat-2')).toContainText('Quiz Bot');
  await playOut(page, 0);
  await expect(page.getByTestId('battle-result')).toBeVisible();
  await shot(page, 'firebase-battle-result');
  // The app did try Firestore: the live follow is on in Firebase mode.
  expect(firestore.length, 'the app tried to follow the room in Firestore').toBeGreaterThan(0);
});
