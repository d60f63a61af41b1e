import { expect, test, type Page } from '@playwright/test';
import { readQuestion } from './answer-sheet';
import { apiPlayer, loginByEmail, nextSession, playOut, type Session } from './support';

// Motion that rewards (issue 22): the answer reveal, the count-up, coins flying to the header's
// pill, confetti and the podium, and none of it with reduced motion. With motion, the page's
// animations run at a fifth of their speed (CDP Animation.setPlaybackRate), so what is checked
// "right after" an event is still running whatever the machine's pace; nothing here waits on time.

/** Records the names of the animations the page starts, and slows them down. */
async function watchAnimations(page: Page): Promise<string[]> {
  const started: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Animation.animationStarted', (e: { animation: { name: string } }) => started.push(e.animation.name));
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.2 });
  return started;
}

const running = (page: Page) => page.evaluate(() => document.getAnimations().length);
const namesOn = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate((el) => el.getAnimations().map((a) => (a as CSSAnimation).animationName ?? a.constructor.name));

/** Opens level 1 of sports / football as a new player with its 10 welcome coins. */
async function openLevel(page: Page, request: Parameters<typeof apiPlayer>[0], name: string): Promise<Session> {
  const p = await apiPlayer(request, name);
  await loginByEmail(page, p.email, p.password);
  await expect(page.getByTestId('coins-badge')).toContainText('10');
  await page.goto('/quiz-zone/sports/football-and-ball-games');
  const session = nextSession(page);
  await page.getByTestId('level-1').click();
  return session;
}

/** Answers question `i` (right or wrong) after a reader's pause; the reveal shows. */
async function answer(page: Page, s: Session, i: number, right: boolean): Promise<{ picked: string; key: string }> {
  await expect(page.getByTestId('question-counter')).toContainText(`${i + 1}`);
  const q = s.questions[i]!;
  const picked = right ? q.answer : q.options.find((o) => o.id !== q.answer)!.id;
  await readQuestion(page);
  await page.getByTestId(`option-${picked}`).click();
  await expect(page.getByTestId('verdict')).toBeVisible();
  return { picked, key: q.answer };
}

/** Plays the rest of the level right, from question `from`, and opens the result. */
async function finish(page: Page, s: Session, from: number) {
  await page.getByTestId('next-question').click();
  for (let i = from; i < s.questions.length; i++) {
    await answer(page, s, i, true);
    await page.getByTestId('next-question').click();
  }
  await expect(page.getByTestId('result')).toBeVisible();
}

test('with motion: the pick shakes or pops, the result counts up and the coins fly to the pill', async ({
  page,
  request,
}) => {
  const started = await watchAnimations(page);
  const s = await openLevel(page, request, 'Mia Motion');

  // Wrong: the pick shakes, the right answer lights up a beat later.
  const wrong = await answer(page, s, 0, false);
  expect(await running(page)).toBeGreaterThan(0);
  expect(await namesOn(page, `option-${wrong.picked}`)).toContain('reveal-shake');
  expect(await namesOn(page, `option-${wrong.key}`)).toContain('reveal-late');
  await page.getByTestId('next-question').click();

  // Right: the pick pops (and stays clickable-through: Next is pressed while it runs).
  const right = await answer(page, s, 1, true);
  expect(await namesOn(page, `option-${right.picked}`)).toContain('reveal-pop');
  await finish(page, s, 2);

  // 9 of 10 right: 36 points and the level's 10 coins, counted up and flown to the header.
  expect(await running(page)).toBeGreaterThan(0);
  await expect(page.locator('.coin-flight .coin-sprite').first()).toBeAttached();
  await expect(page.getByTestId('result-score').locator('.count-up')).toHaveText('36');
  await expect(page.getByTestId('result-coins').locator('.count-up')).toHaveText('10');
  await expect(page.locator('.coin-flight')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b20\b/);
  expect(started).toEqual(expect.arrayContaining(['reveal-shake', 'reveal-pop', 'badge-in']));
});

test('with reduced motion nothing moves: the reveal and the result show their final state at once', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const s = await openLevel(page, request, 'Rae Still');

  await answer(page, s, 0, false);
  expect(await running(page)).toBe(0);
  await page.getByTestId('next-question').click();
  await answer(page, s, 1, true);
  expect(await running(page)).toBe(0);
  await finish(page, s, 2);

  // Read once, without waiting: the figures are final as the result appears.
  expect(await page.getByTestId('result-score').locator('.count-up').textContent()).toBe('36');
  expect(await page.getByTestId('result-coins').locator('.count-up').textContent()).toBe('10');
  expect(await running(page)).toBe(0);
  await expect(page.locator('.coin-flight, canvas.confetti')).toHaveCount(0);
  await expect(page.getByTestId('coins-badge')).toHaveText(/\b20\b/);
  expect(await running(page)).toBe(0);
});

test('a battle counts down each round and ends on a podium with the players in rank order', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const started = await watchAnimations(page);
  const p = await apiPlayer(request, 'Pia Podium');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/random-battle');
  await page.getByTestId('battle-category').selectOption('science');
  await page.getByTestId('play-bot').click();
  await expect(page.getByTestId('battle-play')).toBeVisible();
  await playOut(page, 0);

  const places = page.getByTestId('podium').locator('li');
  await expect(places).toHaveCount(2);
  const ranks = await places.evaluateAll((li) => li.map((x) => Number(x.getAttribute('data-rank'))));
  expect(ranks[0]).toBeLessThanOrEqual(ranks[1]!);
  // The player stands where the outcome says: first on a win, second on a loss.
  const outcome = await page.getByTestId('battle-outcome').getAttribute('data-outcome');
  const mine = page.getByTestId(`standing-${p.user.id}`);
  if (outcome === 'win') await expect(places.first()).toHaveAttribute('data-testid', `standing-${p.user.id}`);
  if (outcome === 'lose') await expect(places.nth(1)).toHaveAttribute('data-testid', `standing-${p.user.id}`);
  await expect(mine).toHaveClass(/podium-place.*mine/);
  expect(started).toEqual(expect.arrayContaining(['count-pop', 'rise-in', 'step-up']));
});
