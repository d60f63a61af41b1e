import { expect, test, type Page } from '@playwright/test';
import { readQuestion } from './answer-sheet';
import { apiPlayer, chooseLanguage, loginByEmail, nextSession } from './support';

// Issue 22: the game is heard and felt. What the browser plays, vibrates and keeps awake is
// recorded by a spy around its own APIs (installed before the app loads), so the journey sees
// what a player's phone would do.
const SPY = () => {
  const w = window as unknown as {
    __feel: { oscillators: number; vibrations: unknown[]; wake: { requests: number; held: number } };
  };
  w.__feel = { oscillators: 0, vibrations: [], wake: { requests: 0, held: 0 } };
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      override createOscillator() {
        w.__feel.oscillators++;
        return super.createOscillator();
      }
    } as typeof AudioContext;
  }
  Object.defineProperty(navigator, 'vibrate', {
    configurable: true,
    value: (pattern: unknown) => {
      w.__feel.vibrations.push(pattern);
      return true;
    },
  });
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async () => {
        w.__feel.wake.requests++;
        w.__feel.wake.held++;
        const lock = {
          released: false,
          release: async () => {
            if (!lock.released) w.__feel.wake.held--;
            lock.released = true;
          },
        };
        return lock;
      },
    },
  });
};

type Feel = { oscillators: number; vibrations: unknown[]; wake: { requests: number; held: number } };
const feel = (page: Page) => page.evaluate(() => (window as unknown as { __feel: Feel }).__feel);

async function openLevel(page: Page) {
  await page.goto('/quiz-zone');
  await page.getByTestId('category-sports').click();
  await page.getByTestId('subcategory-football-and-ball-games').click();
  const session = nextSession(page);
  await page.getByTestId('level-1').click();
  return session;
}

test('a right answer sounds and buzzes, a wrong one buzzes twice; turned off in settings, the next play is silent and still', async ({
  page,
  request,
}) => {
  await page.addInitScript(SPY);
  const p = await apiPlayer(request, 'Sound Player');
  await loginByEmail(page, p.email, p.password);

  // The first screens play nothing and load no sound code.
  const synthLoads: string[] = [];
  page.on('request', (r) => {
    if (/synth/i.test(r.url())) synthLoads.push(r.url());
  });
  expect((await feel(page)).oscillators).toBe(0);
  expect(synthLoads).toEqual([]);

  const s = await openLevel(page);
  const [q1, q2] = s.questions;
  await readQuestion(page);
  await page.getByTestId(`option-${q1!.answer}`).click();
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect.poll(async () => (await feel(page)).oscillators).toBeGreaterThan(0);
  expect((await feel(page)).vibrations).toEqual([30]);
  await page.getByTestId('next-question').click();
  await readQuestion(page);
  await page.getByTestId(`option-${q2!.options.find((o) => o.id !== q2!.answer)!.id}`).click();
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect.poll(async () => (await feel(page)).vibrations).toEqual([30, [70, 50, 70]]);

  // The settings screen: effects and vibration off, kept on this device across a reload.
  await page.goto('/profile/settings');
  const effects = page.getByTestId('feedback-effects');
  const vibration = page.getByTestId('feedback-vibration');
  await expect(effects).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('feedback-music')).toHaveAttribute('aria-checked', 'false');
  await effects.click();
  await vibration.click();
  await page.reload();
  await expect(effects).toHaveAttribute('aria-checked', 'false');
  await expect(vibration).toHaveAttribute('aria-checked', 'false');
  if (process.env.SHOTS) {
    await page.getByTestId('feedback-setting').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/screens/feel-settings-en.png' });
    await chooseLanguage(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('feedback-setting').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/screens/feel-settings-ar.png' });
    await chooseLanguage(page, 'en');
  }

  // The level resumes where the first play left off (issue 22 §15): the question on screen is
  // the third, so any of its options (right or wrong, both would sound and buzz).
  await openLevel(page);
  await expect(page.getByTestId('resume-note')).toBeVisible();
  const before = await feel(page);
  await readQuestion(page);
  await page.locator('[data-testid^="option-"]:enabled').first().click();
  await expect(page.getByTestId('verdict')).toBeVisible();
  await page.waitForTimeout(300);
  const after = await feel(page);
  expect(after.oscillators).toBe(before.oscillators);
  expect(after.vibrations).toEqual(before.vibrations);
});

test('an exam keeps the screen on while it runs and lets it sleep once submitted', async ({ page, request }) => {
  await page.addInitScript(SPY);
  const p = await apiPlayer(request, 'Awake Examinee');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/exam-module');
  await page.getByTestId('exam-card').filter({ hasText: 'General Science Test' }).getByTestId('exam-open').click();
  await page.getByTestId('exam-key-input').fill('2468');
  await page.getByTestId('exam-rules-checkbox').check();
  expect((await feel(page)).wake.held).toBe(0);
  await page.getByTestId('exam-start').click();
  await expect(page.getByTestId('exam-play')).toBeVisible();
  await expect.poll(async () => (await feel(page)).wake.held).toBe(1);
  await page.getByTestId('exam-submit').click();
  await page.getByTestId('exam-submit-confirm').click();
  await expect(page.getByTestId('exam-result')).toBeVisible();
  await expect.poll(async () => (await feel(page)).wake.held).toBe(0);
});
