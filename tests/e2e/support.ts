import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { READ_MS, readQuestion, withAnswers } from './answer-sheet';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.test`;
}

/** The newest code the dev outbox holds for an address. */
/** How many messages the dev outbox holds for `to`. */
export async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  return ((await (await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data as unknown[]).length;
}

/**
 * The code of the newest message to `to`, once there are more than `seen` (pass the count taken
 * before the action that sends it: an earlier code to the same address is not taken for it).
 */
export async function outboxCode(request: APIRequestContext, to: string, seen = 0): Promise<string> {
  await expect.poll(() => outboxCount(request, to)).toBeGreaterThan(seen);
  const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await res.json()).data[0].code as string;
}

/** Calls an action as multipart (as the app does), `token` its bearer; fails the test on an error reply. */
export async function api(request: APIRequestContext, action: string, data: Record<string, string>, token?: string) {
  const res = await request.post(`/api/${action}`, {
    multipart: data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

/** A verified account made through the API (for journeys that start at login). */
export async function apiPlayer(request: APIRequestContext, name = 'Api Player') {
  const email = uniqueEmail('api');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  await api(request, 'auth_email_signup', { email, password, name });
  const proof = await api(request, 'auth_email_verify', { email, code: await outboxCode(request, email) });
  const user = await api(
    request,
    'user_signup',
    { firebase_id: proof.firebase_id, type: 'email', name },
    proof.id_token,
  );
  return { email, password, token: user.api_token as string, user };
}

/** Changes a player's password through the reset flow, which revokes all their sessions. */
export async function resetPassword(request: APIRequestContext, email: string, password: string) {
  const seen = await outboxCount(request, email);
  await api(request, 'auth_password_reset_request', { email });
  await api(request, 'auth_password_reset', { email, code: await outboxCode(request, email, seen), password });
}

/**
 * A new account made through the app opens the first-run onboarding over the page it lands on:
 * a journey about something else skips it, as a player in a hurry would, and goes on.
 */
export async function skipOnboarding(page: Page) {
  await page.getByTestId('onboarding-skip').click();
  await expect(page.getByTestId('onboarding')).toHaveCount(0);
}

/**
 * Marks the onboarding as seen on this device before any page loads, for journeys that sign up
 * through the app and check what happens at once (a toast), before a player could skip it.
 */
export async function onboardingSeen(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    if (!localStorage.getItem('quizhub.onboarding')) localStorage.setItem('quizhub.onboarding', 'done');
  });
}

/** Logs in through the login screen with e-mail and password. */
export async function loginByEmail(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
  await sessionSaved(page);
}

/**
 * Waits until the signed-in session is written to IndexedDB (redux-persist saves a moment after
 * the login): a `page.goto` before then reloads into a signed-out app and lands on the login.
 */
export async function sessionSaved(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('quizhub');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('state')) {
            db.close();
            return resolve(false);
          }
          const get = db.transaction('state').objectStore('state').get('persist:root');
          get.onerror = () => resolve(false);
          get.onsuccess = () => {
            db.close();
            try {
              const root = JSON.parse(get.result as string) as { auth?: string };
              resolve((JSON.parse(root.auth ?? '{}') as { isLogin?: boolean }).isLogin === true);
            } catch {
              resolve(false);
            }
          };
        };
      }),
  );
}

/** Plays level 1 of a quiz-zone topic through the API, every answer right (the server grades it). */
export async function perfectLevel(request: APIRequestContext, token: string, category: string, subcategory: string) {
  const auth = { authorization: `Bearer ${token}` };
  const s = await (
    await request.post('/api/get_questions_by_level', {
      multipart: { category, subcategory, level: '1', language_id: '1' },
      headers: auth,
    })
  ).json();
  expect(s.error, JSON.stringify(s)).toBe(false);
  const answers = withAnswers(s.data as Session).questions.map((q) => ({ question_id: q.id, answer: q.answer }));
  // Answers posted only at the finish share the session's time: a reader's time for each.
  await new Promise((ok) => setTimeout(ok, READ_MS * answers.length));
  const r = await request.post('/api/submit_quiz_answers', {
    multipart: { session_id: s.data.session_id, answers: JSON.stringify(answers) },
    headers: auth,
  });
  expect(r.status()).toBe(200);
  return (await r.json()).data as { coins: number };
}

/** A quiz session as the server opens it, with the answers the e2e tests play by. */
export interface Session {
  questions: { id: number; question: string; answer: string; options: { id: string; text: string }[] }[];
}

/** The next quiz session the page opens (get_questions_by_level), answers filled in from the tests' sheet. */
export function nextSession(page: Page): Promise<Session> {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/get_questions_by_level') && r.status() === 200)
    .then(async (r) => withAnswers((await r.json()).data as Session));
}

/** Plays the open level through the screen, answering the first `right` questions correctly. */
export async function playLevel(page: Page, sessionPromise: Promise<Session>, right: number) {
  const session = await sessionPromise;
  for (let i = 0; i < session.questions.length; i++) {
    await expect(page.getByTestId('question-counter')).toContainText(`${i + 1}`);
    const q = session.questions[i]!;
    const pick = i < right ? q.answer : q.options.find((o) => o.id !== q.answer)!.id;
    await readQuestion(page);
    await page.getByTestId(`option-${pick}`).click();
    await page.getByTestId('next-question').click();
  }
}

/** Answers every round (option `pick`, or the last when fewer), as a person reads, until the result shows. */
export async function playOut(page: Page, pick: number, onRound?: (round: number) => Promise<void>) {
  const result = page.getByTestId('battle-result');
  const open = page.locator('.battle-question [data-testid^="battle-option-"]:enabled');
  for (let round = 1; round <= 30; round++) {
    await expect(result.or(open.first())).toBeVisible({ timeout: 20_000 });
    if (await result.isVisible()) return;
    await onRound?.(round);
    // Past the server's human floor from the round's opening, as a person reads.
    await readQuestion(page);
    const n = await open.count();
    if (n === 0) continue;
    await open.nth(Math.min(pick, n - 1)).click();
  }
  await expect(result).toBeVisible();
}

/**
 * The first page opens a group room (category, 5 coins, 5 questions) and the other pages join
 * it by its code; answers the code once every seat is taken.
 */
export async function fillGroupRoom(owner: Page, others: Page[], category: string): Promise<string> {
  await owner.goto('/group-battle');
  await owner.getByTestId('battle-category').selectOption(category);
  await owner.getByTestId('group-fee').fill('5');
  await owner.getByTestId('group-questions-5').click();
  await owner.getByTestId('create-group-room').click();
  const code = (await owner.getByTestId('room-code').textContent())!.trim();
  for (const p of others) {
    await p.goto('/group-battle');
    await p.getByTestId('room-code-input').fill(code);
    await p.getByTestId('join-room').click();
    await expect(p.getByTestId('room-code')).toHaveText(code);
  }
  return code;
}

/** Chooses the interface language from the header's language menu, and waits for the page to speak it. */
export async function chooseLanguage(page: Page, code: 'en' | 'ar' | 'fr' | 'hi') {
  await page.getByTestId('language-switch').click();
  await page.getByTestId(`language-option-${code}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}
