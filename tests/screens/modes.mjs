// Screenshots of every solo mode's screens (picker, play, reveal, result, review) at 360×740
// (and 1280×800 with DESKTOP=1), in English and Arabic, into .tmp/screens/modes/.
// Run against a built app and server: npm run build &&
//   DATA_DIR=/tmp/ui-data PORT=8085 node build/server.mjs   then   BASE_URL=http://localhost:8085 node tests/screens/modes.mjs
import { mkdir } from 'node:fs/promises';
import { chooseLanguage, launchChromium, outboxCode, post as postTo } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = new URL('../../.tmp/screens/modes/', import.meta.url).pathname;
const VIEWPORT = process.env.DESKTOP ? { width: 1280, height: 800 } : { width: 360, height: 740 };
const TAG = process.env.DESKTOP ? 'desktop' : 'mobile';
await mkdir(OUT, { recursive: true });

const browser = await launchChromium();

const post = (action, fields, token) => postTo(BASE, action, fields, token);

async function player(lang) {
  const email = `shots-${lang}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  await post('auth_email_signup', { email, password, name: 'Sam Tester' });
  const proof = await post('auth_email_verify', { email, code: await outboxCode(BASE, email) });
  await post('user_signup', { firebase_id: proof.firebase_id, type: 'email', name: 'Sam Tester' }, proof.id_token);
  return { email, password };
}

async function run(lang) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: lang });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${lang}] page error:`, e.message));
  const shot = async (name) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}${TAG}-${lang}-${name}.png`, fullPage: true });
  };
  const p = await player(lang);
  await page.goto(`${BASE}/auth/login`);
  await page.getByTestId('email').fill(p.email);
  await page.getByTestId('password').fill(p.password);
  await page.getByTestId('submit').click();
  await page.getByTestId('coins-badge').waitFor();
  if (lang === 'ar') {
    await chooseLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    // Arabic content too (the content language is separate from the interface's).
    await page.goto(`${BASE}/quiz-play/true-and-false-play`);
    await page.getByTestId('content-language-ar').click();
    await page.goto(`${BASE}/`);
  }
  await shot('00-home');

  /** Pairs every left item with the right item in the same place. */
  async function pairAll() {
    const n = await page.locator('[data-testid^="match-left-"]').count();
    for (let k = 0; k < n; k++) {
      await page.locator('[data-testid^="match-left-"]').nth(k).click();
      await page.locator('[data-testid^="match-right-"]').nth(k).click();
    }
  }

  /** Places free letter tiles until every slot of the word is filled. */
  async function fillWord() {
    const check = page.getByTestId('check-answer');
    for (let i = 0; i < 20 && !(await check.isEnabled()); i++)
      await page.locator('[data-testid^="tile-"]:not([disabled])').first().click();
  }

  /** Gives some answer to the question on screen, whatever its type. */
  async function answerAny() {
    const audio = page.getByTestId('audio-play');
    if (await audio.count()) {
      await audio.click();
      await page.evaluate(() => {
        const a = document.querySelector('audio');
        if (a) a.playbackRate = 16;
      });
      await page.waitForFunction(() => !document.querySelector('[data-testid^="option-"][disabled]'));
    }
    const tile = page.locator('[data-testid^="tile-"]:not([disabled])').first();
    const left = page.locator('[data-testid^="match-left-"]').first();
    const option = page.locator('[data-testid^="option-"]:not([disabled])').first();
    if (await tile.count()) await fillWord();
    else if (await left.count()) await pairAll();
    else if (await option.count()) await option.click();
    const check = page.getByTestId('check-answer');
    if ((await check.count()) && (await check.isEnabled())) await check.click();
  }

  // Plays the open session: a screenshot of the first question, its reveal, the result, review.
  async function play(prefix, o = {}) {
    await page.getByTestId('question-counter').waitFor();
    await shot(`${prefix}-1-question`);
    if (o.before) await o.before();
    const first = page.locator('[data-testid^="option-"]:not([disabled])').first();
    if (o.word) {
      await page.locator('[data-testid^="tile-"]').first().click();
      await page.locator('[data-testid^="tile-"]').nth(1).click();
      await shot(`${prefix}-2-tiles`);
      await fillWord();
      await page.getByTestId('check-answer').click();
    } else if (o.check) {
      if (o.match) {
        await page.locator('[data-testid^="match-left-"]').first().click();
        await page.locator('[data-testid^="match-right-"]').first().click();
      } else if (await first.count()) await first.click();
      await shot(`${prefix}-2-answering`);
      await page.getByTestId('check-answer').click();
    } else {
      await first.click();
    }
    await page.getByTestId('verdict').waitFor();
    await shot(`${prefix}-3-reveal`);
    for (let i = 0; i < 60; i++) {
      const before = await page.getByTestId('question-counter').textContent();
      await page.getByTestId('next-question').click();
      await page.waitForFunction(
        (b) =>
          document.querySelector('[data-testid="result"]') ||
          (document.querySelector('[data-testid="question-counter"]') &&
            document.querySelector('[data-testid="question-counter"]').textContent !== b),
        before,
      );
      if (await page.getByTestId('result').count()) break;
      await answerAny();
      await page
        .getByTestId('verdict')
        .waitFor({ timeout: 5000 })
        .catch(async (e) => {
          await shot(`${prefix}-FAILED`);
          throw e;
        });
    }
    await shot(`${prefix}-4-result`);
    await page.getByTestId('review-answers').click();
    await shot(`${prefix}-5-review`);
  }

  async function pick(path, category, sub, item, prefix) {
    await page.goto(`${BASE}${path}`);
    await page.getByTestId(`category-${category}`).waitFor();
    await shot(`${prefix}-a-categories`);
    await page.getByTestId(`category-${category}`).click();
    await page.getByTestId(`subcategory-${sub}`).waitFor();
    await page.getByTestId(`subcategory-${sub}`).click();
    await page.getByTestId(item).waitFor();
    await shot(`${prefix}-b-rounds`);
    await page.getByTestId(item).click();
  }

  await page.goto(`${BASE}/quiz-play/true-and-false-play`);
  await page.getByTestId('start-quiz').waitFor();
  await shot('tf-0-start');
  await page.getByTestId('start-quiz').click();
  await play('tf', {
    before: async () => {
      await page.getByTestId('lifeline-audience_poll').click();
      await page.locator('[data-testid^="poll-"]').first().waitFor();
      await shot('tf-1b-poll');
    },
  });

  await page.goto(`${BASE}/quiz-play/daily-quiz-dashboard`);
  await page.getByTestId('start-quiz').waitFor();
  await shot('daily-0-dashboard');
  await page.getByTestId('start-quiz').click();
  await play('daily');
  await page.getByTestId('close-review').click();
  await page.getByTestId('back-to-levels').click();
  await page.getByTestId('daily-status').waitFor();
  await shot('daily-6-played');

  await page.goto(`${BASE}/fun-and-learn`);
  await page.getByTestId('category-nature-reads').click();
  await page.getByTestId('subcategory-wild-world').click();
  await page.locator('[data-testid^="fnl-text-"]').first().waitFor();
  await shot('fnl-a-texts');
  await page.locator('[data-testid^="fnl-text-"]').first().click();
  await page.getByTestId('start-quiz').waitFor();
  await shot('fnl-b-read');
  await page.getByTestId('start-quiz').click();
  await play('fnl');

  await pick('/guess-the-word', 'animals', 'animal-clues', 'round-1', 'gw');
  await play('gw', {
    word: true,
    before: async () => {
      await page.getByTestId('hint').click();
      await page.waitForTimeout(300);
    },
  });

  await pick('/audio-questions', 'listen-numbers', 'numbers-and-sums', 'round-1', 'audio');
  await page.getByTestId('question-counter').waitFor();
  await shot('audio-1a-locked');
  await page.getByTestId('audio-play').click();
  await page.evaluate(() => {
    const a = document.querySelector('audio');
    if (a) a.playbackRate = 16;
  });
  await page.waitForFunction(() => !document.querySelector('[data-testid^="option-"][disabled]'));
  await play('audio');

  await pick('/math-mania', 'algebra', 'equations-and-expressions', 'round-1', 'maths');
  await page.locator('.katex').first().waitFor();
  await play('maths');

  await pick('/multi-match-questions', 'science-mix', 'science-challenges', 'level-1', 'mm');
  await page.getByTestId('question-counter').waitFor();
  // Screens of the three question types as they come.
  for (let i = 0; i < 5; i++) {
    const kind = (await page.locator('[data-testid^="seq-item-"]').count())
      ? 'sequence'
      : (await page.locator('[data-testid^="match-left-"]').count())
        ? 'match'
        : 'multi';
    await shot(`mm-q${i + 1}-${kind}`);
    if (kind === 'match') {
      await pairAll();
      await shot(`mm-q${i + 1}-${kind}-paired`);
    } else if (kind === 'multi') await page.locator('[data-testid^="option-"]').first().click();
    await page.getByTestId('check-answer').click();
    await page.getByTestId('verdict').waitFor();
    await shot(`mm-q${i + 1}-${kind}-reveal`);
    await page.getByTestId('next-question').click();
    if (
      await page
        .getByTestId('result')
        .isVisible()
        .catch(() => false)
    )
      break;
    await page.waitForTimeout(300);
    if (await page.getByTestId('result').count()) break;
  }
  await page.getByTestId('result').waitFor();
  await shot('mm-4-result');

  await page.goto(`${BASE}/self-learning`);
  await page.getByTestId('start-quiz').waitFor();
  await page.getByTestId('start-quiz').click();
  await shot('sc-0-errors');
  await page.getByTestId('sc-category').selectOption('science');
  await page.getByTestId('sc-questions-5').click();
  await page.getByTestId('sc-minutes-3').click();
  await shot('sc-1-form');
  await page.getByTestId('start-quiz').click();
  await page.getByTestId('palette-1').waitFor();
  await page.locator('[data-testid^="option-"]').first().click();
  await shot('sc-2-question');
  await page.getByTestId('submit-quiz').click();
  await shot('sc-3-confirm');
  await page.getByTestId('confirm-submit').click();
  await page.getByTestId('result').waitFor();
  await shot('sc-4-result');

  await page.goto(`${BASE}/quiz-zone/science/physics-and-chemistry/1`);
  await page.getByTestId('bookmark').waitFor();
  await page.getByTestId('bookmark').click();
  await page.getByTestId('report').click();
  await page.getByTestId('report-submit').click();
  await shot('report-1-empty');
  await page.keyboard.press('Escape');
  await page.goto(`${BASE}/profile/play-bookmark-questions`);
  await page.locator('[data-testid^="bookmark-row-"]').first().waitFor();
  await shot('bm-1-list');

  await page.goto(`${BASE}/quiz-zone`);
  await page.getByTestId('category-world-cuisine').click();
  await page.getByTestId('unlock-confirm').waitFor();
  await shot('premium-1-dialog');
  await context.close();
}

for (const lang of (process.env.LANGS ?? 'en,ar').split(',')) {
  try {
    await run(lang);
  } catch (e) {
    console.error(`[${lang}]`, e);
  }
}
await browser.close();
console.log(`screenshots in ${OUT}`);
