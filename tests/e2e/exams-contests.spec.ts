import { expect, test, type Page } from '@playwright/test';
import { apiPlayer, loginByEmail } from './support';

/** The demo exam (demo-content/events/en.json): key 2468, 8 questions, 11 marks. */
const EXAM = 'General Science Test';

async function openExam(page: Page) {
  await page.goto('/exam-module');
  const card = page.getByTestId('exam-card').filter({ hasText: EXAM });
  await card.getByTestId('exam-open').click();
  await expect(page.getByTestId('exam-sheet')).toBeVisible();
}

/**
 * Hides or shows the page as the browser does when the player switches away. Headless Chromium
 * keeps every page "visible" whatever tab is in front (w3c/webdriver#1718), so the page's
 * visibility is set through the DevTools protocol and the browser's own event dispatched.
 */
async function setHidden(page: Page, hidden: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Runtime.evaluate', {
    expression: `Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${
      hidden ? 'hidden' : 'visible'
    }' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} });
      document.dispatchEvent(new Event('visibilitychange'));`,
  });
  await cdp.detach();
}

test('an exam: the key and the rules, answers changed before submitting, marks from the server', async ({
  page,
  request,
}) => {
  const p = await apiPlayer(request, 'Exam Taker');
  await loginByEmail(page, p.email, p.password);
  await openExam(page);
  // Both refusals at their fields before anything is sent.
  await page.getByTestId('exam-start').click();
  await expect(page.getByTestId('exam-key-error')).toBeVisible();
  await expect(page.getByTestId('exam-rules-error')).toBeVisible();
  // A wrong key comes back from the server.
  await page.getByTestId('exam-key-input').fill('1111');
  await page.getByTestId('exam-rules-checkbox').check();
  await page.getByTestId('exam-start').click();
  await expect(page.getByTestId('exam-key-error')).toContainText(/invalid exam key/i);
  await page.getByTestId('exam-key-input').fill('2468');
  await page.getByTestId('exam-start').click();

  await expect(page.getByTestId('exam-play')).toBeVisible();
  await expect(page.getByTestId('exam-timer')).toBeVisible();
  // Q1 right (b); Q2 first wrong (a), then changed to right (b) from the navigator.
  await page.getByTestId('option-b').click();
  await page.getByTestId('exam-next').click();
  await page.getByTestId('option-a').click();
  await page.getByTestId('exam-palette-1').click();
  await page.getByTestId('exam-palette-2').click();
  await page.getByTestId('option-b').click();
  await expect(page.getByTestId('exam-answered')).toContainText('2');
  // The answers outlive a reload (the attempt resumes with the same deadline).
  await page.reload();
  await expect(page.getByTestId('exam-play')).toBeVisible();
  await expect(page.getByTestId('exam-answered')).toContainText('2');

  await page.getByTestId('exam-submit').click();
  await page.getByTestId('exam-submit-confirm').click();
  const result = page.getByTestId('exam-result');
  await expect(result).toBeVisible();
  await expect(page.getByTestId('exam-result-marks')).toContainText('2');
  await expect(page.getByTestId('exam-result-marks')).toContainText('11');
  await expect(page.getByTestId('exam-result-correct')).toHaveText('2');
  await expect(page.getByTestId('exam-result-unattempted')).toHaveText('6');
  await expect(page.getByTestId('exam-result-violated')).toHaveCount(0);
  await expect(page.getByTestId('exam-result-statistics')).toBeVisible();

  // One attempt: the exam has moved to the completed list.
  await page.goto('/exam-module');
  await expect(page.getByTestId('exam-card').filter({ hasText: EXAM })).toHaveCount(0);
});

test('exam answers live on the server: answered on one device (one of them offline), resumed on another, marks from both', async ({
  page,
  browser,
  request,
}) => {
  const p = await apiPlayer(request, 'Two Devices');
  await loginByEmail(page, p.email, p.password);
  await openExam(page);
  await page.getByTestId('exam-key-input').fill('2468');
  await page.getByTestId('exam-rules-checkbox').check();
  await page.getByTestId('exam-start').click();
  await expect(page.getByTestId('exam-play')).toBeVisible();
  const saved = page.getByTestId('exam-save-state');
  // Q1 right (b, 1 mark), Q2 right (b, 1 mark), Q3 wrong (a, 1 mark): each saved as given.
  for (const pick of ['b', 'b', 'a']) {
    await page.getByTestId(`option-${pick}`).click();
    await expect(saved).toHaveAttribute('data-state', 'saved');
    await page.getByTestId('exam-next').click();
  }
  // Q4 (c, right, 2 marks) answered offline: kept on the device, sent when the network is back.
  await page.context().setOffline(true);
  await page.getByTestId('option-c').click();
  await expect(saved).toHaveAttribute('data-state', 'queued');
  await expect(saved).toContainText(/back online/i);
  await page.context().setOffline(false);
  await expect(saved).toHaveAttribute('data-state', 'saved');
  await expect(page.getByTestId('exam-answered')).toContainText('4 of 8');
  const timeOnA = await page.getByTestId('exam-timer').innerText();
  // The browser is closed.
  await page.context().close();

  // Another device, the same player: the exam resumes with every answer and the server's time.
  const other = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const second = await other.newPage();
  await loginByEmail(second, p.email, p.password);
  await second.goto('/exam-module');
  const card = second.getByTestId('exam-card').filter({ hasText: EXAM });
  await card.getByTestId('exam-resume').click();
  await second.getByTestId('exam-key-input').fill('2468');
  await second.getByTestId('exam-rules-checkbox').check();
  await second.getByTestId('exam-start').click();
  await expect(second.getByTestId('exam-play')).toBeVisible();
  await expect(second.getByTestId('exam-answered')).toContainText('4 of 8');
  await expect(second.getByTestId('option-b')).toHaveAttribute('aria-pressed', 'true');
  // The time left runs on from the first device's (the deadline is the server's), not from the start.
  const minutes = (text: string) => Number(text.split(':')[0]);
  expect(minutes(await second.getByTestId('exam-timer').innerText())).toBeLessThanOrEqual(minutes(timeOnA));
  await second.getByTestId('exam-palette-4').click();
  await expect(second.getByTestId('option-c')).toHaveAttribute('aria-pressed', 'true');
  // Q5 right (a, 2 marks), answered here.
  await second.getByTestId('exam-palette-5').click();
  await second.getByTestId('option-a').click();
  await expect(second.getByTestId('exam-answered')).toContainText('5 of 8');
  await second.getByTestId('exam-submit').click();
  await second.getByTestId('exam-submit-confirm').click();
  await expect(second.getByTestId('exam-result')).toBeVisible();
  // 1 + 1 + 0 + 2 + 2 = 6 of 11: four right, one wrong, three unanswered.
  await expect(second.getByTestId('exam-result-marks')).toContainText('6');
  await expect(second.getByTestId('exam-result-marks')).toContainText('11');
  await expect(second.getByTestId('exam-result-correct')).toHaveText('4');
  await expect(second.getByTestId('exam-result-unattempted')).toHaveText('3');
  await other.close();
});

test('the 5-second rule: away from the app for more than 5 seconds completes the exam', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Wanderer');
  // The rule is about time: the page's clock is the test's, moved on instead of waited for.
  await page.clock.install();
  await loginByEmail(page, p.email, p.password);
  await openExam(page);
  await page.getByTestId('exam-key-input').fill('2468');
  await page.getByTestId('exam-rules-checkbox').check();
  await page.getByTestId('exam-start').click();
  await expect(page.getByTestId('exam-play')).toBeVisible();
  await page.getByTestId('option-b').click();

  // Away briefly: nothing happens. The clock stands still but for the test's moves.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await setHidden(page, true);
  await page.clock.fastForward(4900);
  await setHidden(page, false);
  await page.clock.fastForward(500);
  await expect(page.getByTestId('exam-play')).toBeVisible();

  // Away for longer than 5 seconds: the exam completes by itself, marked as a violation.
  await setHidden(page, true);
  await page.clock.fastForward(5100);
  await setHidden(page, false);
  await page.clock.resume();
  await expect(page.getByTestId('exam-result')).toBeVisible();
  await expect(page.getByTestId('exam-result-violated')).toBeVisible();
  await expect(page.getByTestId('exam-result-marks')).toContainText('1');
});

test('a contest: entry fee, one question at a time, a live leaderboard in another context, prizes after close', async ({
  page,
  browser,
  request,
}) => {
  const made = await request.post('/dev/contests', {
    data: { name: 'E2E Cup', entry_fee: 2, questions: 3, prizes: [{ rank: 1, coins: 30 }] },
  });
  expect(made.status()).toBe(200);
  const contestId = (await made.json()).data.id as number;

  // A second player watches the board from their own browser context.
  const watcher = await apiPlayer(request, 'Board Watcher');
  const other = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const board = await other.newPage();
  await loginByEmail(board, watcher.email, watcher.password);
  await board.goto(`/contest-play/${contestId}/leaderboard`);
  await expect(board.getByTestId('contest-board-status')).toBeVisible();
  await expect(board.getByTestId('contest-board-row')).toHaveCount(0);

  const p = await apiPlayer(request, 'Contest Player');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/contest-play');
  const card = page.getByTestId('contest-card').filter({ hasText: 'E2E Cup' });
  await expect(card.getByTestId('contest-fee')).toContainText('2');
  await card.getByTestId('contest-play-button').click();
  await page.getByTestId('contest-join-confirm').click();
  await expect(page.getByTestId('contest-play')).toBeVisible();
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b8\b/);

  // The demo contest's first questions: Nile (b), six sides (b), the Pacific (a: true).
  for (const [i, answer] of ['b', 'b', 'a'].entries()) {
    await expect(page.getByTestId('contest-counter')).toContainText(`${i + 1}`);
    await page.waitForTimeout(400);
    await page.locator(`[data-testid="contest-option"][data-option="${answer}"]`).click();
    if (i === 0) {
      // The board in the other context moves while the player is still playing.
      await expect(board.getByTestId('contest-board-row')).toHaveCount(1);
      await expect(board.getByTestId('contest-board-row').first()).toContainText('Contest Player');
    }
  }
  await expect(page.getByTestId('contest-finish')).toBeVisible();
  await expect(page.getByTestId('contest-finish-correct')).toContainText('3');
  await expect(page.getByTestId('contest-finish-rank')).toContainText('1');
  const score = (await page.getByTestId('contest-finish-score').innerText()).trim();
  expect(Number(score)).toBeGreaterThanOrEqual(12);
  await expect(board.getByTestId('contest-board-score').first()).toHaveText(score);

  // A second try is refused.
  await page.goto('/contest-play');
  await expect(
    page.getByTestId('contest-card').filter({ hasText: 'E2E Cup' }).getByTestId('contest-play-button'),
  ).toHaveCount(0);

  // The contest ends; the closing job pays the prize once and the board shows it.
  expect((await request.post(`/dev/contests/${contestId}/end`)).status()).toBe(200);
  await expect(board.getByTestId('contest-board-prize').first()).toContainText('30', { timeout: 20_000 });
  await page.goto('/profile/wallet');
  await expect(page.getByText(/contest prize/i).first()).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b38\b/);
  await other.close();
});

test('contests say they need a connection while the device is offline', async ({ page, context, request }) => {
  const p = await apiPlayer(request, 'Offline Player');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/contest-play');
  await expect(page.getByTestId('contest-card').first()).toBeVisible();
  await expect(page.getByTestId('contest-offline')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('contest-offline')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('contest-offline')).toHaveCount(0);
});
