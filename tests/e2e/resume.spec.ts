import { expect, test, type Page } from '@playwright/test';
import { readQuestion } from './answer-sheet';
import { api, apiPlayer, loginByEmail, nextSession, type Session } from './support';

// Issue 22 §15: reloading mid-quiz used to start a new set of questions and lose the coins spent
// on lifelines. The open session comes back instead, as the server recorded it.

const LEVEL = { category: 'sports', subcategory: 'football-and-ball-games', level: '1', language_id: '1' };
const LEVEL_URL = '/quiz-zone/sports/football-and-ball-games/1';

/** A number shown on its own (the badge's 0 is not the 0 of 10). */
const exactly = (n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`);

/** The ids of the options on screen. */
async function optionsShown(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="option-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('option-', '')));
  return ids.sort();
}

test('a reload mid-quiz goes on with the same session: answers, lifeline and coins kept, paid once', async ({
  page,
  request,
}) => {
  const p = await apiPlayer(request, 'Resume Player');
  // The level mixes true/false questions in, where 50/50 does not apply: the session this journey
  // plays is one whose third question is multiple choice. The latest open session of a level is
  // the one the play screen is handed (opened here untouched: no "welcome back" for it yet).
  let third = '';
  for (let i = 0; i < 30 && third !== 'mcq'; i++) {
    const s = (await api(request, 'get_questions_by_level', LEVEL, p.token)) as {
      questions: { question_type: string }[];
    };
    third = s.questions[2]!.question_type;
  }
  expect(third).toBe('mcq');
  await loginByEmail(page, p.email, p.password);
  await expect(page.getByTestId('coins-badge')).toHaveText(exactly(10)); // welcome bonus

  const opened = nextSession(page);
  await page.goto(LEVEL_URL);
  const session: Session = await opened;
  const total = session.questions.length;
  await expect(page.getByTestId('question-counter')).toContainText(`1 of ${total}`);
  await expect(page.getByTestId('resume-note')).toHaveCount(0);

  // Two answers at a reader's pace: the first right, the second wrong.
  const [q1, q2, q3] = session.questions as [Session['questions'][0], Session['questions'][0], Session['questions'][0]];
  await readQuestion(page);
  await page.getByTestId(`option-${q1.answer}`).click();
  await expect(page.getByTestId('verdict')).toContainText(/correct/i);
  await page.getByTestId('next-question').click();
  await readQuestion(page);
  await page.getByTestId(`option-${q2.options.find((o) => o.id !== q2.answer)!.id}`).click();
  await expect(page.getByTestId('verdict')).toBeVisible();
  await page.getByTestId('next-question').click();

  // 50/50 on the third: 10 coins, two options gone.
  await expect(page.getByTestId('question-counter')).toContainText(`3 of ${total}`);
  await page.getByTestId('lifeline-fifty_fifty').click();
  await expect(page.getByTestId('coins-badge')).toHaveText(exactly(0));
  await expect(page.locator('[data-testid^="option-"]')).toHaveCount(2);
  const kept = await optionsShown(page);
  expect(kept).toContain(q3.answer);

  // Reload: the same third question, the lifeline used and not charged again.
  const reopened = page.waitForResponse((r) => r.url().endsWith('/api/get_questions_by_level') && r.status() === 200);
  await page.reload();
  const back = (await (await reopened).json()).data as { session_id: string; questions: { id: number }[] };
  expect(back.questions.map((q) => q.id)).toEqual(session.questions.map((q) => q.id));
  await expect(page.getByTestId('resume-note')).toBeVisible();
  await expect(page.getByTestId('question-counter')).toContainText(`3 of ${total}`);
  await expect(page.getByRole('heading', { name: q3.question })).toBeVisible();
  expect(await optionsShown(page)).toEqual(kept);
  await expect(page.getByTestId('lifeline-fifty_fifty')).toBeDisabled();
  await expect(page.getByTestId('coins-badge')).toHaveText(exactly(0));

  // The rest, all right, to the result: the first two answers count as given.
  for (let i = 2; i < total; i++) {
    await expect(page.getByTestId('question-counter')).toContainText(`${i + 1} of ${total}`);
    await readQuestion(page);
    await page.getByTestId(`option-${session.questions[i]!.answer}`).click();
    await page.getByTestId('next-question').click();
  }
  await expect(page.getByTestId('result')).toBeVisible();
  await expect(page.getByTestId('result-correct')).toContainText(String(total - 1));
  await expect(page.getByTestId('result-incorrect')).toContainText('1');
  await expect(page.getByTestId('result-spent')).toContainText('10');
  // The figure as stated (the visible one counts up from 0; the spoken one is final at once).
  const coins = Number((await page.getByTestId('result-coins').locator('.sr-only').textContent())!.replace(/\D/g, ''));
  expect(coins).toBeGreaterThan(0);
  // Credited once: the balance is the reward on the 0 left after the lifeline.
  await expect(page.getByTestId('coins-badge')).toHaveText(exactly(coins));
  const wallet = (await api(request, 'get_user_coin_score', {}, p.token)) as { coins: number };
  expect(wallet.coins).toBe(coins);

  // A reload after the result does not resume the finished session: a new one starts.
  const fresh = nextSession(page);
  await page.reload();
  const next = await fresh;
  await expect(page.getByTestId('question-counter')).toContainText(`1 of ${total}`);
  await expect(page.getByTestId('resume-note')).toHaveCount(0);
  expect((next as unknown as { session_id: string }).session_id).not.toBe(back.session_id);
  expect(((await api(request, 'get_user_coin_score', {}, p.token)) as { coins: number }).coins).toBe(coins);
});
