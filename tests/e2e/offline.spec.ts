import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import {
  ledger,
  packsReady,
  pageToken,
  playFirstFunAndLearnText,
  playRight,
  readPack,
  workerEvents,
} from './offline-support';
import { readQuestion } from './answer-sheet';
import { api, apiPlayer, loginByEmail, nextSession } from './support';

// Offline play and the exactly-once sync (issue 7): a player plays fun and learn, the daily quiz
// and their bookmarks with no network, from the packs the service worker keeps; the results wait
// in the outbox (IndexedDB) and reach the server once when the network returns — checked in the
// server's ledger, with a 503 on the first replay and the queue replayed twice.

const SHOTS = process.env.SHOTS ? '.tmp/screens' : '';

async function signIn(page: Page, request: APIRequestContext) {
  const p = await apiPlayer(request, 'Offline Player');
  // A bookmark to play offline: the first question of a true/false quiz.
  const tf = await api(request, 'get_questions_by_type', { language_id: '1', type: '2' }, p.token);
  await api(request, 'set_bookmark', { question_id: String(tf.questions[0].id), status: '1' }, p.token);
  await loginByEmail(page, p.email, p.password);
  await expect(page.getByTestId('coins-badge')).toContainText('10');
  return p;
}

/** Offline, today's daily quiz played right from the pack: one result waiting. */
async function playDailyOffline(page: Page, context: BrowserContext) {
  const daily = await readPack(page, 'daily-quiz');
  await context.setOffline(true);
  await page.goto('/quiz-play/daily-quiz-dashboard');
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
  await page.getByTestId('start-quiz').click();
  await playRight(page, daily.days.find((d) => d.date === today)!.questions);
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '1');
}

test('offline: fun and learn, the daily quiz and a bookmark play to their results; back online each applies once', async ({
  page,
  context,
  request,
}) => {
  const p = await signIn(page, request);
  await packsReady(page);
  const fnl = await readPack(page, 'fun-and-learn');
  const daily = await readPack(page, 'daily-quiz');
  const marks = await readPack(page, 'bookmarks');
  expect(marks.bookmarks).toHaveLength(1);
  // The daily quiz pays coins: its pack holds no answer, and no day not yet begun in some zone.
  expect(JSON.stringify(daily.days)).not.toMatch(/"answer"|"explanation"/);
  const easternmost = new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
  expect(daily.days.every((d) => d.date <= easternmost)).toBe(true);

  await context.setOffline(true);
  // A cold start with no network: the shell and the player's state come from the device.
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('coins-badge')).toContainText('10');

  // Fun and learn, through its screens, from the pack.
  const text = await playFirstFunAndLearnText(page, fnl);
  await expect(page.getByTestId('result-pending')).toBeVisible();
  await expect(page.getByTestId('result-correct')).toHaveText(String(text.questions.length));
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '1');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-result.png` });

  // The daily quiz of the device's date.
  await page.goto('/quiz-play/daily-quiz-dashboard');
  await expect(page.getByTestId('daily-status')).toHaveAttribute('data-played', 'false');
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
  await page.getByTestId('start-quiz').click();
  await playRight(page, daily.days.find((d) => d.date === today)!.questions);
  await expect(page.getByTestId('result-pending')).toBeVisible();
  // Graded by the server only: what was answered, no marks made up on the device.
  await expect(page.getByTestId('result-answered')).toBeVisible();
  await expect(page.getByTestId('result-percentage')).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '2');
  // Played today, as far as this device knows.
  await page.getByTestId('back-to-levels').click();
  await expect(page.getByTestId('daily-played')).toBeVisible();

  // The bookmark.
  await page.goto('/profile/play-bookmark-questions');
  await expect(page.locator('[data-testid^="bookmark-row-"]')).toHaveCount(1);
  await page.getByTestId('play-bookmarks').click();
  await playRight(page, [marks.bookmarks[0]!.question]);
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '3');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-pending.png` });

  // Nothing reached the server yet.
  expect((await ledger(request, p.token)).coins).toBe(10);

  // Back online: the browser fires the sync; the worker replays the three posts.
  await context.setOffline(false);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('coins-badge')).toContainText('25');
  const after = await ledger(request, p.token);
  expect(after.coins).toBe(25);
  expect(after.reasons).toEqual(['daily_quiz', 'fun_n_learn_level', 'welcome_bonus'].sort());

  // The server grades what was played: the daily quiz is now played there too.
  const status = await api(request, 'get_daily_quiz_status', { timezone: 'UTC' }, p.token);
  expect(status.played).toBe(true);
});

test('sync: a 503 keeps the post queued; two sync events at once apply it once', async ({ page, context, request }) => {
  const p = await signIn(page, request);
  await packsReady(page);
  await playDailyOffline(page, context);

  // The server answers this player's posts 503 for now: every replay meets it.
  const token = await pageToken(page);
  const setFault = (count: number) =>
    request.post('/dev/faults', { data: { token, action: 'submit_pack_play', status: 503, count } });
  expect((await setFault(1000)).status()).toBe(200);
  await context.setOffline(false);
  await expect
    .poll(async () => (await (await request.get(`/dev/faults?token=${token}`)).json()).data.seen, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  // Kept, not dropped, and nothing credited.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '1');
  expect((await ledger(request, p.token)).coins).toBe(10);
  expect((await setFault(0)).status()).toBe(200);

  // The same queue replayed by two sync events at once.
  const { sync } = await workerEvents(context, page);
  await Promise.all([sync(), sync()]);
  await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 15_000 });
  const after = await ledger(request, p.token);
  expect(after.coins).toBe(20);
  expect(after.reasons.filter((r) => r === 'daily_quiz')).toHaveLength(1);
  // And once more, for good measure: nothing is left to send, nothing changes.
  await sync(true);
  expect((await ledger(request, p.token)).coins).toBe(20);
});

test('an online quiz answered with server verdicts keeps going offline: the last verdict, coins and score come on reconnect', async ({
  page,
  context,
  request,
}) => {
  const p = await signIn(page, request);
  await packsReady(page);
  await page.goto('/quiz-zone/sports/football-and-ball-games');
  const opened = nextSession(page);
  await page.getByTestId('level-1').click();
  const session = await opened;
  // Every answer right; the connection drops before the last one goes to the server.
  const last = session.questions.length - 1;
  for (let i = 0; i < last; i++) {
    await readQuestion(page);
    await page.getByTestId(`option-${session.questions[i]!.answer}`).click();
    // Online: the server's verdict, with the question's key, at once.
    await expect(page.getByTestId('verdict')).toHaveText('Correct!');
    if (SHOTS && i === 0) await page.screenshot({ path: `${SHOTS}/verdict-online.png` });
    await page.getByTestId('next-question').click();
  }
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/question-sealed.png` });
  await readQuestion(page);
  await context.setOffline(true);
  await page.getByTestId(`option-${session.questions[last]!.answer}`).click();
  // Offline: no made-up verdict; the screen says it comes when back online.
  await expect(page.getByTestId('verdict-pending')).toContainText('back online');
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/verdict-queued.png` });
  await page.getByTestId('next-question').click();
  await expect(page.getByTestId('result-pending')).toBeVisible();
  // The answer and the finish wait in the outbox; nothing is paid yet.
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '2');
  expect((await ledger(request, p.token)).coins).toBe(10);

  // Back online: the worker sends it; the server's result replaces the one graded here.
  await context.setOffline(false);
  await expect(page.getByTestId('result-pending')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('result-coins')).toContainText('10');
  await expect(page.getByTestId('coins-badge')).toContainText('20');
  expect((await ledger(request, p.token)).reasons).toContain('quiz_zone_level');
});

test('periodic sync: the worker refreshes the packs it holds, with the bearer they were cached under', async ({
  page,
  context,
  request,
}) => {
  const p = await signIn(page, request);
  await packsReady(page);
  const before = (await readPack(page, 'bookmarks')).bookmarks;
  expect(before).toHaveLength(1);
  // A second bookmark, made elsewhere (another device); the app itself does not ask.
  const tf = await api(request, 'get_questions_by_type', { language_id: '1', type: '2' }, p.token);
  const other = (tf.questions as { id: number }[]).find((x) => x.id !== before[0]!.question.id)!;
  await api(request, 'set_bookmark', { question_id: String(other.id), status: '1' }, p.token);
  const { periodicSync } = await workerEvents(context, page);
  await periodicSync();
  await expect.poll(async () => (await readPack(page, 'bookmarks')).bookmarks.length).toBe(2);
});

test('logout: no token or player data left in IndexedDB, the caches or the queue', async ({
  page,
  context,
  request,
}) => {
  const p = await signIn(page, request);
  await packsReady(page);
  // A result waiting in the queue when the player logs out (still offline).
  await playDailyOffline(page, context);
  await page.goto('/profile');
  await page.getByTestId('logout').click();
  // Said first: logging out now discards it.
  await expect(page.getByTestId('logout-pending')).toContainText('1 result');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/logout-pending.png` });
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('coins-badge')).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  await context.setOffline(false);

  const secrets = [p.token, p.email, 'Offline Player'];
  await expect
    .poll(
      () =>
        page.evaluate(async (needles) => {
          const dump: string[] = [];
          for (const { name } of await indexedDB.databases()) {
            const db = await new Promise<IDBDatabase>((res, rej) => {
              const r = indexedDB.open(name!);
              r.onsuccess = () => res(r.result);
              r.onerror = () => rej(r.error);
            });
            for (const store of Array.from(db.objectStoreNames)) {
              const all = await new Promise<unknown[]>((res) => {
                const r = db.transaction(store).objectStore(store).getAll();
                r.onsuccess = () => res(r.result);
              });
              dump.push(`${name}/${store}:${JSON.stringify(all)}`);
            }
            db.close();
          }
          const caches_ = await caches.keys();
          return {
            leaks: needles.filter((n) => dump.some((d) => d.includes(n))),
            userCaches: caches_.filter((c) => c.startsWith('quizhub-pack')),
          };
        }, secrets),
      { timeout: 10_000 },
    )
    .toEqual({ leaks: [], userCaches: [] });
});
