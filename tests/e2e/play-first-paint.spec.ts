import { expect, test, type Page } from '@playwright/test';
import { readQuestion } from './answer-sheet';
import { apiPlayer, loginByEmail, nextSession, playLevel } from './support';

// Issue 24 (P3): a link straight into a level's play draws its first question in the app's first
// render when the questions asked for at boot have come (within 1 s), instead of the screen with a
// spinner and then a second render with the question. A slower call keeps the spinner.

const LEVEL = '/quiz-zone/science/physics-and-chemistry/1';

/** Counts, from the page's start, the times the app drew a section's loading spinner. */
async function countSpinners(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { spinners: number };
    w.spinners = 0;
    let shown = false;
    new MutationObserver(() => {
      const now = document.querySelector('#root .section-loader') !== null;
      if (now && !shown) w.spinners += 1;
      shown = now;
    }).observe(document, { childList: true, subtree: true });
  });
}
const spinners = (page: Page) => page.evaluate(() => (window as unknown as { spinners: number }).spinners);

test('opened from a link, the first question is in the first render, and the level plays out', async ({
  page,
  request,
}) => {
  const p = await apiPlayer(request, 'Lina Link');
  await loginByEmail(page, p.email, p.password);
  await countSpinners(page);
  const session = nextSession(page);
  await page.goto(LEVEL);
  await expect(page.getByTestId('question-counter')).toBeVisible();
  expect(await spinners(page)).toBe(0);
  // The session drawn at once is the one the store plays: answers go in and the server grades.
  await playLevel(page, session, 10);
  await expect(page.getByTestId('result')).toBeVisible();
  await expect(page.getByTestId('result-correct')).toHaveText('10');
  // Play again asks the server for a new session (the boot's answer was taken once).
  const again = nextSession(page);
  await page.getByTestId('play-again').click();
  await again;
  await expect(page.getByTestId('question-counter')).toContainText('1');
});

test("the shell sent for a level names the play screen's chunks, each served", async ({ request }) => {
  const html = await (await request.get(LEVEL)).text();
  const hrefs = [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  expect(hrefs.length).toBeGreaterThanOrEqual(2);
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
  const home = await (await request.get('/')).text();
  expect(home).not.toContain('rel="modulepreload" crossorigin href="/assets/PlayPage');
});

test('a reload mid-quiz draws the resumed question in the first render too', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Rui Reload');
  await loginByEmail(page, p.email, p.password);
  await countSpinners(page);
  const session = nextSession(page);
  await page.goto(LEVEL);
  const { questions } = await session;
  for (const q of questions.slice(0, 2)) {
    await readQuestion(page);
    await page.getByTestId(`option-${q.answer}`).click();
    await page.getByTestId('next-question').click();
  }
  await expect(page.getByTestId('question-counter')).toContainText('3');
  await page.reload();
  await expect(page.getByTestId('resume-note')).toBeVisible();
  await expect(page.getByTestId('question-counter')).toContainText('3');
  expect(await spinners(page)).toBe(0);
});

test('when the questions are slow to come, the screen shows first, with a spinner, then the question', async ({
  page,
  request,
}) => {
  const p = await apiPlayer(request, 'Sam Slow');
  await loginByEmail(page, p.email, p.password);
  await countSpinners(page);
  await page.route('**/api/get_questions_by_level', async (route) => {
    await new Promise((ok) => setTimeout(ok, 2500));
    await route.continue();
  });
  await page.goto(LEVEL);
  await expect(page.locator('#root .section-loader')).toBeVisible();
  await expect(page.getByTestId('question-counter')).toBeVisible();
  expect(await spinners(page)).toBe(1);
});
