import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  ledger,
  packsReady,
  pageToken,
  playFirstFunAndLearnText,
  playRight,
  queuedCount,
  readPack,
} from './offline-support';
import { api, apiPlayer, loginByEmail, outboxCode, sessionSaved, skipOnboarding, uniqueEmail } from './support';

// Issue 21: a phone on a bad connection. (1) The first visit keeps what offline play needs: a
// player who signs up in a fresh browser and stays online at most 10 s can go offline, reload,
// and play fun and learn, the daily quiz and their bookmarks. (2) Back online with the app open,
// the queued results go at once: the page asks the worker itself rather than waiting for
// Background Sync, which the browser fires on its own schedule — after a sync that failed into a
// flapping network, its backoff: before the fix, the reconnect journey below (without the
// stub) stayed uncredited for over 120 s in about one run in five. Here the stub makes it never.

const SHOTS = process.env.SHOTS ? '.tmp/screens' : '';

/** The player's packs in the worker's cache, by kind (what an offline reload can use). */
function cachedPacks(page: Page) {
  return page.evaluate(async () => {
    const cache = await caches.open('quizhub-packs');
    const out: Record<string, unknown> = {};
    for (const req of await cache.keys())
      out[new URL(req.url).pathname.replace('/api/packs/', '')] = (
        (await (await cache.match(req))!.json()) as {
          data: unknown;
        }
      ).data;
    return out;
  });
}

/** Plays the three packs' modes offline, each from a page opened offline: three results queued. */
async function playThreeOffline(page: Page) {
  const fnl = await readPack(page, 'fun-and-learn');
  const daily = await readPack(page, 'daily-quiz');
  const marks = await readPack(page, 'bookmarks');
  await playFirstFunAndLearnText(page, fnl);
  await expect(page.getByTestId('result-pending')).toBeVisible();
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '1');

  await page.goto('/quiz-play/daily-quiz-dashboard');
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));
  await page.getByTestId('start-quiz').click();
  await playRight(page, daily.days.find((d) => d.date === today)!.questions);
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '2');

  await page.goto('/profile/play-bookmark-questions');
  await expect(page.locator('[data-testid^="bookmark-row-"]')).toHaveCount(1);
  await page.getByTestId('play-bookmarks').click();
  await playRight(page, [marks.bookmarks[0]!.question]);
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '3');
}

/**
 * Background Sync that never fires while the page is open: the page's registration is accepted
 * and dropped (the browser decides when a sync fires; on the run it took ~31 s).
 */
async function withoutBackgroundSync(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { SyncManager?: { prototype: { register: (tag: string) => Promise<void> } } };
    if (w.SyncManager) w.SyncManager.prototype.register = () => Promise.resolve();
  });
}

test('first visit: signed up and at most 10 s online, then offline and reloaded, fun and learn, the daily quiz and a bookmark play', async ({
  page,
  context,
  request,
}) => {
  await withoutBackgroundSync(context);
  const email = uniqueEmail('first-visit');
  const password = 'first visit password';
  await page.goto('/auth/sign-up');
  await page.getByTestId('name').fill('Fresh Phone');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('confirm-password').fill(password);
  await page.getByTestId('submit').click();
  await page.getByTestId('code').fill(await outboxCode(request, email));
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
  await skipOnboarding(page);
  await expect(page.getByTestId('coins-badge')).toContainText('10');
  const signedUpAt = Date.now();
  await sessionSaved(page);

  // The player bookmarks a question on the way (a quiz-zone question), as a person would.
  await page.goto('/quiz-zone/sports/football-and-ball-games');
  await page.getByTestId('level-1').click();
  await page.getByTestId('bookmark').click();
  await expect(page.getByTestId('bookmark')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/');

  // No reload, no second visit: what the first visit kept, within 10 s of signing up.
  await expect
    .poll(
      async () => {
        const packs = (await cachedPacks(page)) as { bookmarks?: { bookmarks: unknown[] } };
        const worker = await page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.active?.state,
        );
        return { kinds: Object.keys(packs).sort(), bookmarks: packs.bookmarks?.bookmarks.length ?? 0, worker };
      },
      { timeout: Math.max(1, 10_000 - (Date.now() - signedUpAt)), intervals: [250] },
    )
    .toEqual({ kinds: ['bookmarks', 'daily-quiz', 'fun-and-learn'], bookmarks: 1, worker: 'activated' });
  expect(Date.now() - signedUpAt).toBeLessThanOrEqual(10_000);

  // Airplane mode, and a reload.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('mode-funAndLearn')).toHaveAttribute('data-offline', 'ready');
  await expect(page.getByTestId('mode-quizZone')).toHaveAttribute('data-offline', 'waiting');
  await playThreeOffline(page);
  const token = await pageToken(page);
  expect((await ledger(request, token)).coins).toBe(10);

  // Back online with the app open: all three credited, without Background Sync.
  await context.setOffline(false);
  await expect.poll(() => queuedCount(page), { timeout: 10_000 }).toBe(0);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  const after = await ledger(request, token);
  expect(after.reasons.filter((r) => r === 'daily_quiz')).toHaveLength(1);
  expect(after.reasons.filter((r) => r === 'fun_n_learn_level')).toHaveLength(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-first-visit-synced.png` });
});

test('reconnect on home: results of three modes queued on pages opened offline are credited at once, once each, through toggles and reloads', async ({
  page,
  context,
  request,
}) => {
  await withoutBackgroundSync(context);
  const p = await apiPlayer(request, 'Reconnect Player');
  const tf = await api(request, 'get_questions_by_type', { language_id: '1', type: '2' }, p.token);
  await api(request, 'set_bookmark', { question_id: String(tf.questions[0].id), status: '1' }, p.token);
  await loginByEmail(page, p.email, p.password);
  await expect(page.getByTestId('coins-badge')).toContainText('10');
  await packsReady(page);
  const played = async () =>
    (await api(request, 'get_users_statistics', { language_id: '1' }, p.token)).quizzes_played as number;
  const before = await played();

  await context.setOffline(true);
  await playThreeOffline(page);
  await page.goto('/');
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-pending', '3');
  await expect(page.getByTestId('pending-count')).toHaveAttribute('data-state', 'waiting');

  // A flaky connection: back and gone again at once, a reload while offline, again.
  await context.setOffline(false);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // The page sends at once when the network is back, so the flap may have got some of them
  // through: the reloaded page shows what is still queued.
  await expect
    .poll(async () => {
      const queued = await queuedCount(page);
      const line = page.getByTestId('pending-count');
      const shown = (await line.count()) > 0 ? await line.getAttribute('data-pending') : '0';
      return shown === String(queued);
    })
    .toBe(true);
  await context.setOffline(false);
  await context.setOffline(true);

  // Back for good, the home screen open: every result credited without Background Sync.
  await context.setOffline(false);
  await expect.poll(() => queuedCount(page), { timeout: 10_000 }).toBe(0);
  await expect(page.getByTestId('pending-count')).toHaveCount(0);
  const once = async () => {
    const l = await ledger(request, p.token);
    return {
      daily: l.reasons.filter((r) => r === 'daily_quiz').length,
      fnl: l.reasons.filter((r) => r === 'fun_n_learn_level').length,
      played: (await played()) - before,
      coins: l.coins,
    };
  };
  const credited = await once();
  expect(credited).toMatchObject({ daily: 1, fnl: 1, played: 3 });
  // Reloaded and toggled again: nothing is sent twice.
  await page.reload();
  await context.setOffline(true);
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('coins-badge')).toContainText(String(credited.coins));
  expect(await queuedCount(page)).toBe(0);
  expect(await once()).toEqual(credited);
});
