import { expect, test, type Page } from '@playwright/test';
import { openedSession, readQuestion } from './answer-sheet';
import { apiPlayer, loginByEmail } from './support';

// Each mode played once to its result by a new player (10 welcome coins), answering every
// question right through the screen's own controls; coins and score checked against the rules
// (4 points a correct answer; full coins at 70 % or more: fun and learn and true/false 5, the
// others 10).

interface Q {
  id: number;
  question_type: string;
  answer: string;
  options: { id: string; text: string }[];
  match_options: { id: string }[];
  audio: string;
}
interface Session {
  questions: Q[];
}

const sessionOf = (page: Page, action: string) =>
  openedSession<Session & { questions: (Q & { question: string })[] }>(page, action);

async function signIn(page: Page, request: Parameters<typeof apiPlayer>[0]) {
  const p = await apiPlayer(request, 'Mode Player');
  await loginByEmail(page, p.email, p.password);
  await expect(page.getByTestId('coins-badge')).toContainText('10');
  return p;
}

/** Gives the right answer to the question on screen through its own controls. */
async function answer(page: Page, q: Q, o: { typed?: string } = {}) {
  await readQuestion(page);
  switch (q.question_type) {
    case 'multi_select':
      for (const id of q.answer.split(',')) await page.getByTestId(`option-${id}`).click();
      await page.getByTestId('check-answer').click();
      break;
    case 'sequence': {
      const order = q.options.map((x) => x.id);
      const target = q.answer.split(',');
      for (let i = 0; i < target.length; i++) {
        let j = order.indexOf(target[i]!);
        while (j > i) {
          await page.getByTestId(`seq-up-${target[i]}`).click();
          [order[j - 1], order[j]] = [order[j]!, order[j - 1]!];
          j--;
        }
      }
      await page.getByTestId('check-answer').click();
      break;
    }
    case 'match':
      for (const pair of q.answer.split(',')) {
        const [left, right] = pair.split(':');
        await page.getByTestId(`match-left-${left}`).click();
        await page.getByTestId(`match-right-${right}`).click();
      }
      await page.getByTestId('check-answer').click();
      break;
    case 'word':
      await page.keyboard.type(o.typed ?? q.answer);
      await page.getByTestId('check-answer').click();
      break;
    default:
      if (q.audio) {
        // Answerable once the clip has been heard to its end: play it fast.
        await page.getByTestId('audio-play').click();
        await page.evaluate(() => {
          const a = document.querySelector('audio');
          if (a) a.playbackRate = 16;
        });
        await expect(page.getByTestId(`option-${q.answer}`)).toBeEnabled({ timeout: 15_000 });
      }
      await page.getByTestId(`option-${q.answer}`).click();
  }
  await expect(page.getByTestId('verdict')).toBeVisible();
}

/** Plays every question of a session right; `before` runs on a question before answering. */
async function playAll(page: Page, s: Session, before?: (q: Q, i: number) => Promise<{ typed?: string } | void>) {
  for (let i = 0; i < s.questions.length; i++) {
    const q = s.questions[i]!;
    await expect(page.getByTestId('question-counter')).toContainText(`${i + 1}`);
    const o = (await before?.(q, i)) ?? {};
    await answer(page, q, o);
    await page.getByTestId('next-question').click();
  }
  await expect(page.getByTestId('result')).toBeVisible();
}

async function expectResult(page: Page, o: { coins: number; score: number; balance: number }) {
  await expect(page.getByTestId('result-coins')).toContainText(String(o.coins));
  await expect(page.getByTestId('result-score')).toContainText(String(o.score));
  await expect(page.getByTestId('coins-badge')).toHaveText(new RegExp(`\\b${o.balance}\\b`));
}

/** Counts requests for the KaTeX chunk (it must load for maths only). */
function katexLoads(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/katex/i.test(r.url())) seen.push(r.url());
  });
  return seen;
}

test('true and false: an audience poll costs 10 coins, a perfect quiz pays 5', async ({ page, request }) => {
  const katex = katexLoads(page);
  await signIn(page, request);
  await page.goto('/quiz-play/true-and-false-play');
  const s = sessionOf(page, 'get_questions_by_type');
  await page.getByTestId('start-quiz').click();
  const session = await s;
  await playAll(page, session, async (_q, i) => {
    if (i !== 0) return;
    await page.getByTestId('lifeline-audience_poll').click();
    await expect(page.getByTestId('coins-badge')).toHaveText(/\b0\b/);
    await expect(page.getByTestId('lifeline-audience_poll')).toBeDisabled();
    await expect(page.getByTestId('lifeline-fifty_fifty')).toHaveCount(0);
  });
  await expectResult(page, { coins: 5, score: 40, balance: 5 });
  await expect(page.getByTestId('result-spent')).toContainText('10');
  expect(katex).toEqual([]);
});

test('daily quiz: played once a day, paid once', async ({ page, request }) => {
  const p = await signIn(page, request);
  await page.goto('/quiz-play/daily-quiz-dashboard');
  await expect(page.getByTestId('daily-status')).toBeVisible();
  const s = sessionOf(page, 'get_daily_quiz');
  await page.getByTestId('start-quiz').click();
  const session = await s;
  await playAll(page, session);
  await expectResult(page, { coins: 10, score: 4 * session.questions.length, balance: 20 });
  await page.getByTestId('back-to-levels').click();
  await expect(page.getByTestId('daily-played')).toBeVisible();
  await expect(page.getByTestId('start-quiz')).toHaveCount(0);
  // Asking again, in the same timezone, is refused by the server.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const again = await request.post('/api/get_daily_quiz', {
    multipart: { timezone: zone },
    headers: { authorization: `Bearer ${p.token}` },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('already_played');
});

test('fun and learn: read a text, answer its questions, earn 5 coins', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/fun-and-learn');
  await page.getByTestId('category-nature-reads').click();
  await page.getByTestId('subcategory-wild-world').click();
  await page.locator('[data-testid^="fnl-text-"]').first().click();
  const s = sessionOf(page, 'get_fun_n_learn_questions');
  await page.getByTestId('start-quiz').click();
  const session = await s;
  await playAll(page, session);
  await expectResult(page, { coins: 5, score: 4 * session.questions.length, balance: 15 });
});

test('guess the word: a hint costs 5 coins and fixes a letter; a perfect round pays 10', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/guess-the-word');
  await page.getByTestId('category-animals').click();
  await page.getByTestId('subcategory-animal-clues').click();
  const s = sessionOf(page, 'get_guess_the_word');
  await page.getByTestId('round-1').click();
  const session = await s;
  await playAll(page, session, async (q, i) => {
    if (i !== 0) return;
    await page.getByTestId('hint').click();
    await expect(page.getByTestId('slot-0')).toHaveText(q.answer[0]!);
    await expect(page.getByTestId('coins-badge')).toHaveText(/\b5\b/);
    return { typed: q.answer.slice(1) };
  });
  await expectResult(page, { coins: 10, score: 4 * session.questions.length, balance: 15 });
  await expect(page.getByTestId('result-spent')).toContainText('5');
});

test('audio questions: answerable after listening; a perfect round pays 10', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/audio-questions');
  await page.getByTestId('category-listen-numbers').click();
  await page.getByTestId('subcategory-numbers-and-sums').click();
  const s = sessionOf(page, 'get_audio_questions');
  await page.getByTestId('round-1').click();
  const session = await s;
  await expect(page.locator('[data-testid^="option-"]').first()).toBeDisabled();
  await playAll(page, session);
  await expectResult(page, { coins: 10, score: 4 * session.questions.length, balance: 20 });
});

test('maths mania: formulas render with KaTeX; a perfect round pays 10', async ({ page, request }) => {
  const katex = katexLoads(page);
  await signIn(page, request);
  expect(katex).toEqual([]);
  await page.goto('/math-mania');
  await page.getByTestId('category-algebra').click();
  await page.getByTestId('subcategory-equations-and-expressions').click();
  const s = sessionOf(page, 'get_maths_questions');
  await page.getByTestId('round-1').click();
  const session = await s;
  await expect(page.locator('.katex').first()).toBeVisible();
  expect(katex.some((u) => /katex-chunk/.test(u))).toBe(true);
  await playAll(page, session);
  await expectResult(page, { coins: 10, score: 4 * session.questions.length, balance: 20 });
});

test('multi-match: multi select, sequence and match answered on screen unlock level 2', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/multi-match-questions');
  await page.getByTestId('category-science-mix').click();
  await page.getByTestId('subcategory-science-challenges').click();
  await expect(page.getByTestId('level-2')).toHaveAttribute('data-status', 'locked');
  const s = sessionOf(page, 'get_multi_match_questions_by_level');
  await page.getByTestId('level-1').click();
  const session = await s;
  expect(new Set(session.questions.map((q) => q.question_type))).toEqual(
    new Set(['multi_select', 'sequence', 'match']),
  );
  await playAll(page, session);
  await expectResult(page, { coins: 10, score: 4 * session.questions.length, balance: 20 });
  await page.getByTestId('back-to-levels').click();
  await expect(page.getByTestId('level-2')).toHaveAttribute('data-status', 'unlocked');
});

test('self challenge: questions and minutes are required; statistics only, no coins', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/self-learning');
  await page.getByTestId('start-quiz').click();
  await expect(page.getByTestId('sc-questions-error')).toBeVisible();
  await expect(page.getByTestId('sc-minutes-error')).toBeVisible();
  await page.getByTestId('sc-category').selectOption('science');
  await page.getByTestId('sc-questions-5').click();
  await page.getByTestId('sc-minutes-3').click();
  const s = sessionOf(page, 'get_questions_for_self_challenge');
  await page.getByTestId('start-quiz').click();
  const session = await s;
  expect(session.questions).toHaveLength(5);
  // At a reader's pace: the server counts no answer given faster than a person reads (its share
  // of the session's time, since a self challenge sends its answers at the end).
  for (let i = 0; i < session.questions.length; i++) {
    await page.getByTestId(`palette-${i + 1}`).click();
    await readQuestion(page);
    await page.getByTestId(`option-${session.questions[i]!.answer}`).click();
  }
  await page.getByTestId('submit-quiz').click();
  await expect(page.getByTestId('result')).toBeVisible();
  await expect(page.getByTestId('result-no-coins')).toBeVisible();
  await expect(page.getByTestId('result-correct')).toContainText('5');
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b10\b/);
});

test('bookmarks and reports: a report needs a reason; a bookmarked question plays again', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/quiz-zone/science/physics-and-chemistry/1');
  await expect(page.getByTestId('question-counter')).toBeVisible();
  await page.getByTestId('bookmark').click();
  await expect(page.getByTestId('bookmark')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('report').click();
  await page.getByTestId('report-submit').click();
  await expect(page.getByText('A reason is required when reporting a question.')).toBeVisible();
  await page.getByTestId('report-reason').fill('Two options could both be right.');
  const reported = page.waitForResponse((r) => r.url().endsWith('/api/report_question'));
  await page.getByTestId('report-submit').click();
  expect((await reported).status()).toBe(200);

  await page.goto('/profile/play-bookmark-questions');
  await expect(page.locator('[data-testid^="bookmark-row-"]')).toHaveCount(1);
  const s = sessionOf(page, 'get_bookmark_questions');
  await page.getByTestId('play-bookmarks').click();
  const session = await s;
  expect(session.questions).toHaveLength(1);
  await playAll(page, session);
  await expect(page.getByTestId('result-no-coins')).toBeVisible();
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b10\b/);
});

test('premium category: unlocked once for its price, then playable', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/quiz-zone');
  await page.getByTestId('category-world-cuisine').click();
  await page.getByTestId('unlock-confirm').click();
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b0\b/);
  await expect(page.getByTestId('subcategory-dishes-and-ingredients')).toBeVisible();
  await page.goto('/quiz-zone');
  await page.getByTestId('category-world-cuisine').click();
  await expect(page.getByTestId('subcategory-dishes-and-ingredients')).toBeVisible();
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b0\b/);
});
