import { expect, request as requests, test, type Page } from '@playwright/test';
import type { OwnServer } from './own-server';
import { adminSignsIn, shot, startServerWithAdmin } from './admin-support';
import {
  ADMIN_ZONE,
  LAPTOP,
  PHONE,
  PLAYER_ZONE,
  TABLET,
  pickQuestions,
  shotTopAndFull,
  wallClock,
  zonedPage,
} from './admin-events-support';
import { api, apiPlayer, chooseLanguage, loginByEmail } from './support';

// The console's contests and exams (issue 8) on a server of their own, whose first admin
// `npm run admin:create` made; the operator works in India, the players play from Japan.
test.describe.configure({ mode: 'default' });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServerWithAdmin();
});
test.afterAll(() => server?.stop());

async function operator(browser: import('@playwright/test').Browser, viewport = LAPTOP) {
  const c = await zonedPage(browser, server.base, { zone: ADMIN_ZONE, viewport });
  await adminSignsIn(c.page);
  return c;
}

async function player(browser: import('@playwright/test').Browser, name: string) {
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, name);
  const c = await zonedPage(browser, server.base, { zone: PLAYER_ZONE, viewport: PHONE });
  await loginByEmail(c.page, p.email, p.password);
  return { ...c, ...p, request };
}

/** Fills the new-contest form but its times (demo contest questions of English). */
async function fillContest(page: Page, name: string) {
  await page.goto('/admin/events/contests/new');
  await expect(page.getByTestId('contest-form')).toBeVisible();
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('field-description').fill('Three questions, the fastest wins.');
  await pickQuestions(page, ['Cairo', '', '']);
}

test('an admin schedules a contest in the console, a player joins it and pays the fee, the results show it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const { page } = await operator(browser);
  await page.goto('/admin/events');
  await expect(page).toHaveURL(/\/admin\/events\/contests$/);
  await expect(page.getByTestId('events-zone')).toContainText(ADMIN_ZONE);
  await expect(page.getByTestId('contests-row').filter({ hasText: 'World Trivia Cup' })).toBeVisible();
  await shot(page, 'events-contests-laptop');

  await page.getByTestId('contest-new').click();
  await expect(page.getByTestId('field-timezone')).toHaveValue(ADMIN_ZONE);
  await page.getByTestId('field-name').fill('Console Cup');
  await page.getByTestId('field-description').fill('Three questions, the fastest wins.');
  await page.getByTestId('field-image').setInputFiles('public/icons/icon-192.png');
  await expect(page.getByTestId('contest-image-preview').locator('img')).toBeVisible();
  await page.getByTestId('field-entry_fee').fill('3');
  // The prize table: 30 and 10 coins for the first two ranks.
  await page.getByTestId('prize-remove').nth(2).click();
  await page.getByTestId('prize-coins').nth(0).fill('30');
  await page.getByTestId('prize-coins').nth(1).fill('10');
  await expect(page.getByTestId('prize-row')).toHaveCount(2);
  await expect(page.getByTestId('prize-total')).toContainText('40');
  await pickQuestions(page, ['Cairo', '', '']);
  // It starts in three quarters of a minute on the operator's clock, for an hour.
  const start = Date.now() + 45_000;
  await page.getByTestId('field-start_date').fill(wallClock(start, ADMIN_ZONE));
  await page.getByTestId('field-end_date').fill(wallClock(start + 3_600_000, ADMIN_ZONE));
  await expect(page.getByTestId('contest-lasts')).toContainText('1');
  await shotTopAndFull(page, 'events-contest-form-laptop');
  await page.getByTestId('contest-save').click();

  await expect(page).toHaveURL(/\/admin\/events\/contests$/);
  const row = page.getByTestId('contests-row').filter({ hasText: 'Console Cup' });
  await expect(row.getByTestId('contest-state')).toHaveText('Upcoming');
  await expect(row.locator('img')).toBeVisible();

  // A player in Japan sees it coming, then joins once it is live; the fee leaves their wallet.
  const p = await player(browser, 'Jun Joiner');
  await p.page.goto('/contest-play?tab=upcoming');
  await expect(p.page.getByTestId('contest-card').filter({ hasText: 'Console Cup' })).toBeVisible();
  const card = p.page.getByTestId('contest-card').filter({ hasText: 'Console Cup' });
  await expect(card.getByTestId('contest-play-button')).toHaveCount(0);
  // Its start comes (the server moves it to now instead of the journey waiting for it).
  const lists = await api(p.request, 'get_contest', { timezone: PLAYER_ZONE }, p.token);
  const upcoming = (lists.upcoming as { id: number; name: string }[]).find((c) => c.name === 'Console Cup')!;
  expect((await p.page.request.post(`${server.base}/dev/contests/${upcoming.id}/start`)).status()).toBe(200);
  await p.page.goto('/contest-play');
  await expect(card.getByTestId('contest-play-button')).toBeVisible();
  await expect(card.getByTestId('contest-fee')).toContainText('3');
  await card.getByTestId('contest-play-button').click();
  await expect(p.page.getByTestId('contest-fee-line')).toContainText('3');
  await p.page.getByTestId('contest-join-confirm').click();
  await expect(p.page.getByTestId('contest-play')).toBeVisible();
  await expect(p.page.getByTestId('coins-badge')).toHaveText(/\b7\b/);
  for (let i = 1; i <= 3; i++) {
    await expect(p.page.getByTestId('contest-counter')).toContainText(String(i));
    await p.page.waitForTimeout(400);
    await p.page.getByTestId('contest-option').first().click();
  }
  await expect(p.page.getByTestId('contest-finish')).toBeVisible();
  await p.page.goto('/profile/wallet');
  await expect(
    p.page
      .getByTestId('ledger')
      .locator('li')
      .filter({ hasText: /contest/i })
      .first(),
  ).toContainText('−3');

  // Started: the console locks its terms and refuses to delete it, and the results list the player.
  await page.getByTestId('contests-search').fill('Console Cup');
  // The search reaches the address once typing pauses: opening a row before that would be undone by it.
  await expect(page).toHaveURL(/q=Console/);
  await row.getByTestId('contest-edit').click();
  await expect(page.getByTestId('contest-locked')).toBeVisible();
  await expect(page.getByTestId('field-entry_fee')).toBeDisabled();
  await expect(page.getByTestId('field-name')).toBeEnabled();
  await expect(page.getByTestId('contest-delete')).toBeDisabled();
  await expect(page.getByTestId('contest-delete-why')).toContainText('started');
  await page.getByTestId('contest-results-link').click();
  const result = page.getByTestId('contest-results-row').filter({ hasText: 'Jun Joiner' });
  await expect(result.getByTestId('result-fee')).toHaveText('3', { timeout: 20_000 });
  await expect(page.getByTestId('contest-fact-fees')).toHaveText('3');

  // It ends; the closing job pays the only player the first prize.
  const id = /contests\/(\d+)\/results/.exec(page.url())![1];
  expect((await p.page.request.post(`${server.base}/dev/contests/${id}/end`)).status()).toBe(200);
  await expect(async () => {
    await page.reload();
    await expect(result.getByTestId('result-prize')).toHaveText('30', { timeout: 8_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(result.getByTestId('result-rank')).toHaveText('1');
  await expect(page.getByTestId('contest-state').first()).toHaveText('Over');
  await shot(page, 'events-contest-results-laptop');

  // The same screens on a tablet held upright.
  const tablet = await operator(browser, TABLET);
  const screens: [string, string][] = [
    ['/admin/events/contests', 'events-contests-tablet'],
    [`/admin/events/contests/${id}/results`, 'events-contest-results-tablet'],
  ];
  for (const [path, name] of screens) {
    await tablet.page.goto(path);
    await expect(tablet.page.getByRole('table')).toBeVisible();
    await shot(tablet.page, name);
  }
  await fillContest(tablet.page, 'Tablet Cup');
  await shotTopAndFull(tablet.page, 'events-contest-form-tablet');
});

test('a contest ending before it starts is refused at the end field, one starting in the past at the start; then saved, edited and deleted', async ({
  browser,
}) => {
  const { page } = await operator(browser);
  await fillContest(page, 'Backwards Cup');
  const start = Date.now() + 86_400_000;
  await page.getByTestId('field-start_date').fill(wallClock(start, ADMIN_ZONE));
  await page.getByTestId('field-end_date').fill(wallClock(start - 3_600_000, ADMIN_ZONE));
  await page.getByTestId('contest-save').click();
  await expect(page.locator('.has-error')).toHaveCount(1);
  await expect(page.locator('.has-error').getByTestId('field-end_date')).toBeVisible();
  await expect(page.locator('.has-error')).toContainText('Must be after the start');
  await shotTopAndFull(page, 'events-contest-error-laptop');

  // The server's own rule comes back at its field: a start already gone.
  await page.getByTestId('field-start_date').fill(wallClock(Date.now() - 3_600_000, ADMIN_ZONE));
  await page.getByTestId('field-end_date').fill(wallClock(start, ADMIN_ZONE));
  await page.getByTestId('contest-save').click();
  await expect(page.locator('.has-error')).toContainText('Must be in the future');
  await expect(page.locator('.has-error').getByTestId('field-start_date')).toBeVisible();
  await expect(page).toHaveURL(/contests\/new$/);

  // Tomorrow is fine; then renamed, and deleted (nobody entered it) once the operator confirms.
  await page.getByTestId('field-start_date').fill(wallClock(start - 3_600_000, ADMIN_ZONE));
  await page.getByTestId('contest-save').click();
  await expect(page).toHaveURL(/\/admin\/events\/contests$/);
  await page.getByTestId('contests-filter-state').selectOption('upcoming');
  await page.getByTestId('contests-row').filter({ hasText: 'Backwards Cup' }).getByTestId('contest-edit').click();
  await expect(page.getByTestId('field-start_date')).toBeEnabled();
  await page.getByTestId('field-name').fill('Forwards Cup');
  await page.getByTestId('contest-save').click();
  const row = page.getByTestId('contests-row').filter({ hasText: 'Forwards Cup' });
  await expect(row.getByTestId('contest-state')).toHaveText('Upcoming');
  await row.getByTestId('contest-edit').click();
  await page.getByTestId('contest-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Forwards Cup');
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/admin\/events\/contests(\?.*)?$/);
  await expect(page.getByTestId('contests-row').first()).toBeVisible();
  await expect(page.getByTestId('contests-row').filter({ hasText: 'Forwards Cup' })).toHaveCount(0);
});

test('an admin sets an exam with its key and marks; a player finds it in the exam list and takes it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page } = await operator(browser);
  await page.goto('/admin/events/exams');
  await expect(page.getByTestId('exams-row').filter({ hasText: 'General Science Test' })).toBeVisible();
  await shot(page, 'events-exams-laptop');
  await page.getByTestId('exam-new').click();
  await page.getByTestId('field-title').fill('Console Quiz Exam');
  await page.getByTestId('field-exam_key').fill('97531');
  await expect(page.getByTestId('field-exam_key')).toHaveAttribute('type', 'password');
  await page.getByTestId('field-exam_key-reveal').click();
  await expect(page.getByTestId('field-exam_key')).toHaveAttribute('type', 'text');
  await page.getByTestId('field-duration').fill('15');
  await page.getByTestId('field-description').fill('No notes. Leaving the app for more than 5 seconds ends the exam.');
  await pickQuestions(page, ['', '', '']);
  const marks = page.getByTestId('question-marks');
  const before = Number((await page.getByTestId('exam-total-marks').innerText()).replace(/\D/g, ''));
  const first = Number(await marks.first().inputValue());
  await marks.first().fill(String(first + 4));
  await expect(page.getByTestId('exam-total-marks')).toContainText(String(before + 4));
  await shotTopAndFull(page, 'events-exam-form-laptop');
  await page.getByTestId('exam-save').click();
  await expect(page).toHaveURL(/\/admin\/events\/exams$/);
  const row = page.getByTestId('exams-row').filter({ hasText: 'Console Quiz Exam' });
  await expect(row.getByTestId('exam-state')).toHaveText('Open');

  // A player (whose day starts before the operator's) finds it today, and takes it with the key.
  const p = await player(browser, 'Emi Examinee');
  await p.page.goto('/exam-module');
  const card = p.page.getByTestId('exam-card').filter({ hasText: 'Console Quiz Exam' });
  await expect(card).toBeVisible();
  await card.getByTestId('exam-open').click();
  await p.page.getByTestId('exam-key-input').fill('97531');
  await p.page.getByTestId('exam-rules-checkbox').check();
  await p.page.getByTestId('exam-start').click();
  await expect(p.page.getByTestId('exam-play')).toBeVisible();
  await p.page.getByTestId('option-a').click();
  await p.page.getByTestId('exam-submit').click();
  await p.page.getByTestId('exam-submit-confirm').click();
  await expect(p.page.getByTestId('exam-result')).toBeVisible();

  // The console: the attempt in the results, the key masked until revealed, the terms locked.
  await row.getByTestId('exam-results').click();
  const attempt = page.getByTestId('exam-results-row').filter({ hasText: 'Emi Examinee' });
  await expect(attempt.getByTestId('attempt-state')).toHaveText('Submitted');
  await expect(attempt.getByTestId('attempt-marks')).toContainText(`/ ${before + 4}`);
  await expect(page.getByTestId('exam-key')).not.toContainText('97531');
  await page.getByTestId('exam-key-reveal').click();
  await expect(page.getByTestId('exam-key')).toHaveText('97531');
  await shot(page, 'events-exam-results-laptop');
  await page.goto(page.url().replace(/\/results$/, ''));
  await expect(page.getByTestId('exam-locked')).toBeVisible();
  await expect(page.getByTestId('exam-delete')).toBeDisabled();

  const tablet = await operator(browser, TABLET);
  await tablet.page.goto('/admin/events/exams');
  await expect(tablet.page.getByTestId('exams-row').first()).toBeVisible();
  await shot(tablet.page, 'events-exams-tablet');
  await tablet.page.goto(page.url() + '/results');
  await expect(tablet.page.getByTestId('exam-results-row').first()).toBeVisible();
  await shot(tablet.page, 'events-exam-results-tablet');
  await tablet.page.getByTestId('events-back').click();
  await tablet.page.getByTestId('exam-new').click();
  await pickQuestions(tablet.page, ['', '']);
  await shotTopAndFull(tablet.page, 'events-exam-form-tablet');
  // In Arabic the console reads right to left.
  await chooseLanguage(tablet.page, 'ar');
  await expect(tablet.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(tablet.page.getByTestId('exam-save')).toHaveText('إنشاء الاختبار');
  await shotTopAndFull(tablet.page, 'events-exam-form-tablet-ar');
  await tablet.page.getByTestId('events-tab-contests').click();
  await expect(tablet.page.getByTestId('contests-row').first()).toBeVisible();
  await shot(tablet.page, 'events-contests-tablet-ar');
});
