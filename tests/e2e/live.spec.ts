import { expect, test, type Page } from '@playwright/test';
import { api, apiPlayer, chooseLanguage, loginByEmail, perfectLevel } from './support';

// Issue 21 §5 and §7: a battle whose tab was closed is found again from the home screen, and what
// changes on the server while the app is open — a refund, a notification, a contest's start —
// shows without a reload. "Without a reload" is checked with a mark left on the page's window,
// which a reload would wipe. SHOTS=1 saves screenshots into .tmp/screens/live/ (SHOTS_LANG=ar
// in Arabic, DESKTOP=1 at 1280×800); the English text checks are then skipped.

const SHOTS = process.env.SHOTS ? '.tmp/screens/live' : '';
const ARABIC = process.env.SHOTS_LANG === 'ar';
const DESKTOP = Boolean(process.env.DESKTOP);
if (DESKTOP) test.use({ viewport: { width: 1280, height: 800 } });

async function shot(page: Page, name: string) {
  const tag = `${ARABIC ? 'ar' : 'en'}-${DESKTOP ? 'desktop' : 'mobile'}`;
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${tag}-${name}.png`, fullPage: true });
}

async function arabic(page: Page) {
  if (ARABIC) await chooseLanguage(page, 'ar');
}

/** Leaves a mark on the page's window; `stillSamePage` fails if a reload (or navigation) wiped it. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
}
async function stillSamePage(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
}

/** The header's balance (Arabic writes its own digits: checked in English). */
async function badge(page: Page, n: number) {
  // The figure shown; the badge's name goes on with the words "Coins" for screen readers.
  if (!ARABIC) await expect(page.getByTestId('coins-badge')).toHaveText(new RegExp(`^${n}(\\D|$)`));
}

test('a battle whose tab was closed is offered again on the home screen within a second, and resumes', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const p = await apiPlayer(request, 'Tab Closer');
  await loginByEmail(page, p.email, p.password);
  await arabic(page);
  // Nothing held: no way back offered.
  await expect(page.getByTestId('mode-randomBattle')).toBeVisible();
  await expect(page.getByTestId('back-to-battle')).toHaveCount(0);

  // A battle against the bot, long enough to outlast the test (rounds of 6 s).
  const room = await api(request, 'play_with_bot', { language_id: '1', category: 'science', no_of_que: '10' }, p.token);
  await page.goto(`/random-battle/${room.room_id}`);
  await expect(page.getByTestId('battle-play')).toBeVisible();
  await page.close();

  const home = await context.newPage();
  const t0 = Date.now();
  await home.goto('/');
  await expect(home.getByTestId('back-to-battle')).toBeVisible({ timeout: 5_000 });
  const wallMs = Date.now() - t0;
  const onScreenMs = await home.evaluate(() => {
    const ready = performance.getEntriesByName('app-ready')[0]!.startTime;
    return performance.getEntriesByName('battle-back-shown')[0]!.startTime - ready;
  });
  console.log(
    `back-to-battle: ${wallMs} ms from opening the home page, ${Math.round(onScreenMs)} ms after it was on screen`,
  );
  test.info().annotations.push({
    type: 'back-to-battle-ms',
    description: `${wallMs} wall, ${Math.round(onScreenMs)} on screen`,
  });
  // The goal is 1 s on screen; the bound is generous for a loaded machine.
  expect(onScreenMs).toBeLessThan(3_000);
  await shot(home, 'home-back-to-battle');

  // The battle lobby offers it too; following it resumes the seat.
  await home.goto('/random-battle');
  await expect(home.getByTestId('back-to-battle')).toBeVisible();
  await shot(home, 'lobby-back-to-battle');
  await home.getByTestId('back-to-battle-link').click();
  await expect(home).toHaveURL(new RegExp(`/random-battle/${room.room_id}$`));
  await expect(home.getByTestId('battle-play')).toBeVisible();
  await expect
    .poll(async () => (await api(request, 'get_active_battle', {}, p.token)).seat?.seat_state)
    .toBe('connected');
});

test('a refunded joiner’s coin badge follows the server without a reload', async ({ page, request }) => {
  const owner = await apiPlayer(request, 'Room Owner');
  const joiner = await apiPlayer(request, 'Refunded Joiner');
  await loginByEmail(page, joiner.email, joiner.password);
  await arabic(page);
  await badge(page, 10);
  await markPage(page);
  const room = await api(
    request,
    'create_room',
    { room_type: 'friend', category: 'science', no_of_que: '5', entry_fee: '4' },
    owner.token,
  );
  await api(request, 'join_room', { room_code: room.room_code }, joiner.token);
  await badge(page, 6);
  await api(request, 'delete_room', { room_id: room.room_id }, owner.token);
  await badge(page, 10);
  await stillSamePage(page);
  await shot(page, 'refunded-badge');
});

test('a notification appears in the open list and on the bell with its unread count', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The app icon's badge (Badging API), recorded as the installed app would show it.
  await page.addInitScript(() => {
    const w = window as unknown as { __badge: (number | 'clear')[] };
    w.__badge = [];
    Object.defineProperty(navigator, 'setAppBadge', {
      configurable: true,
      value: async (n: number) => void w.__badge.push(n),
    });
    Object.defineProperty(navigator, 'clearAppBadge', {
      configurable: true,
      value: async () => void w.__badge.push('clear'),
    });
  });
  const appBadge = () => page.evaluate(() => (window as unknown as { __badge: (number | 'clear')[] }).__badge.at(-1));
  const p = await apiPlayer(request, 'Live Notices');
  await loginByEmail(page, p.email, p.password);
  await arabic(page);
  await page.goto('/profile/notifications');
  await expect(page.getByTestId('notifications-bell')).toBeVisible();
  await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
  await markPage(page);
  // A perfect level unlocks badges: each one's notification is made on the server (and its coins
  // reach the badge).
  const { coins } = await perfectLevel(request, p.token, 'history', 'ancient-world');
  await badge(page, 10 + coins);
  const notices = page.getByTestId('notices');
  await expect(notices.locator('li')).toHaveCount(3);
  await expect(page.getByTestId('notifications-unread')).toHaveText('3');
  await expect.poll(appBadge).toBe(3);
  if (!ARABIC) await expect(notices).toContainText('You unlocked Brainiac.');
  await shot(page, 'notifications-live');
  // Read here: the bell follows the server's count.
  await page.getByTestId('notices-read-all').click();
  await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
  await expect.poll(appBadge).toBe('clear');
  await stillSamePage(page);
});

test('an upcoming contest turns playable at its start without a reload', async ({ page, request }) => {
  const made = await request.post('/dev/contests', {
    data: { name: 'Starts Soon Cup', starts_in_seconds: 600, questions: 3 },
  });
  expect(made.status()).toBe(200);
  const contestId = (await made.json()).data.id as number;
  const p = await apiPlayer(request, 'Contest Waiter');
  await loginByEmail(page, p.email, p.password);
  await arabic(page);
  // The wait is the subject: the page's clock is the test's.
  await page.clock.install();
  await page.goto('/contest-play?tab=upcoming');
  const card = page.locator(`[data-testid="contest-card"][data-contest-id="${contestId}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('contest-starts')).toBeVisible();
  await expect(card.getByTestId('contest-play-button')).toHaveCount(0);
  await markPage(page);
  const lists = await api(request, 'get_contest', { language_id: '1' }, p.token);
  const startsAt = Date.parse(
    (lists.upcoming as { id: number; starts_at: string }[]).find((c) => c.id === contestId)!.starts_at,
  );
  // A second before its start (on the page's clock): still upcoming.
  await page.clock.fastForward(startsAt - (await page.evaluate(() => Date.now())) - 1_000);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('contest-starts')).toBeVisible();
  await page.clock.fastForward(2_000);
  // Started: gone from the upcoming list, on the live one with its Play button.
  await expect(card).toHaveCount(0);
  await page.getByTestId('contest-tab-live').click();
  await expect(card.getByTestId('contest-play-button')).toBeVisible();
  await stillSamePage(page);
  await shot(page, 'contest-live');
  // The server's clock reaches the start too (it is not the page's): the Play button plays.
  expect((await request.post(`/dev/contests/${contestId}/start`)).status()).toBe(200);
  await card.getByTestId('contest-play-button').click();
  await expect(page.getByTestId('contest-play')).toBeVisible();
});
