import { expect, test, type Page } from '@playwright/test';
import { openedSession, readQuestion } from './answer-sheet';
import { apiPlayer, loginByEmail, perfectLevel } from './support';

// Home says what to do today (issue 22, Home) and phones get a bottom tab bar (Navigation).
test.use({ viewport: { width: 360, height: 740 } });

interface Q {
  id: number;
  question: string;
  answer: string;
  options: { id: string; text: string }[];
}

/** The session a page opens with `action`, its answers from the tests' sheet. */
const sessionOf = (page: Page, action: string) => openedSession<{ questions: Q[] }>(page, action);

/** No sideways scroll: the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test("a new player sees today's daily quiz unplayed, plays it, and home then says played with a 1-day streak", async ({
  page,
  request,
}) => {
  const p = await apiPlayer(request, 'Today Player');
  await loginByEmail(page, p.email, p.password);
  const daily = page.getByTestId('today-daily-state');
  await expect(daily).toHaveAttribute('data-played', 'false');
  await expect(page.getByTestId('today-streak')).toHaveAttribute('data-streak', '0');
  await expectNoSidewaysScroll(page);

  await page.getByTestId('today-daily-go').click();
  await expect(page.getByTestId('daily-status')).toBeVisible();
  const opened = sessionOf(page, 'get_daily_quiz');
  await page.getByTestId('start-quiz').click();
  const s = await opened;
  // During the play the tab bar steps aside.
  await expect(page.getByTestId('question-counter')).toBeVisible();
  await expect(page.getByTestId('tab-bar')).toHaveCount(0);
  for (let i = 0; i < s.questions.length; i++) {
    await expect(page.getByTestId('question-counter')).toContainText(`${i + 1}`);
    await readQuestion(page);
    await page.getByTestId(`option-${s.questions[i]!.answer}`).click();
    await expect(page.getByTestId('verdict')).toBeVisible();
    await page.getByTestId('next-question').click();
  }
  await expect(page.getByTestId('result')).toBeVisible();
  await page.getByTestId('back-to-levels').click();
  await expect(page.getByTestId('daily-played')).toBeVisible();

  await page.getByTestId('tab-home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(daily).toHaveAttribute('data-played', 'true');
  await expect(page.getByTestId('today-streak')).toHaveAttribute('data-streak', '1');
  await expect(page.getByTestId('today-streak')).toContainText('1 day');
});

test('after level 1 is cleared, "continue" points to level 2 of that topic and opens it', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Continue Player');
  await perfectLevel(request, p.token, 'sports', 'football-and-ball-games');
  await loginByEmail(page, p.email, p.password);
  const level = page.getByTestId('today-continue-level');
  await expect(level).toHaveAttribute('data-level', '2');
  await expect(page.getByTestId('today-continue')).toContainText(/football/i);
  await page.getByTestId('today-continue-go').click();
  await expect(page).toHaveURL(/\/quiz-zone\/sports\/football-and-ball-games\/2$/);
  await expect(page.getByTestId('question-counter')).toBeVisible();
});

test('on a phone the tab bar goes to each place and marks where the player is', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByTestId('mode-quizZone')).toBeVisible();
  await expect(page.getByTestId('tab-login')).toBeVisible();
  await expectNoSidewaysScroll(page);

  const p = await apiPlayer(request, 'Tab Player');
  await loginByEmail(page, p.email, p.password);
  const bar = page.getByTestId('tab-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
  for (const [tab, url] of [
    ['tab-leaderboard', /\/leaderboard$/],
    ['tab-battles', /\/random-battle$/],
    ['tab-profile', /\/profile$/],
    ['tab-home', /\/$/],
  ] as const) {
    await page.getByTestId(tab).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByTestId(tab)).toHaveAttribute('aria-current', 'page');
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
  }
  // The page's last line is not under the bar: scrolled to the end, the footer ends above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await page.locator('.footer').boundingBox();
  const barBox = await bar.boundingBox();
  expect(footer!.y + footer!.height).toBeLessThanOrEqual(barBox!.y + 1);
  await expectNoSidewaysScroll(page);
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('there is no tab bar; the header keeps the coins and the bell', async ({ page, request }) => {
    const p = await apiPlayer(request, 'Wide Player');
    await loginByEmail(page, p.email, p.password);
    await expect(page.getByTestId('today-daily-state')).toBeVisible();
    await expect(page.getByTestId('coins-badge')).toBeVisible();
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toBeHidden();
  });
});
