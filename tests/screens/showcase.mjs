// The before/after screens: home, a question and its reveal, a result, a battle round and
// its result, at 360×740 (and 1280×800), English and Arabic, light and dark. Signs up through the UI
// (code from /dev/outbox), plays quiz-zone level 1 at a reader's pace and a bot battle.
// Run against a built app and server:
//   npm run build && DATA_DIR=/tmp/show-data PORT=8080 node build/server.mjs
//   OUT=.tmp/after node tests/screens/showcase.mjs [filter, e.g. mobile-en-light]
import { mkdir } from 'node:fs/promises';
import { chooseLanguage, launchChromium, outboxCode } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = `${process.env.OUT ?? '.tmp/showcase'}/`;
const VIEWPORTS = { mobile: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };
await mkdir(OUT, { recursive: true });
const browser = await launchChromium();

/** Clicks a first-run or onboarding "skip" when one shows (builds that have it). */
async function skipOnboarding(page) {
  const skip = page.locator('[data-testid="onboarding-skip"]');
  if (await skip.isVisible().catch(() => false)) await skip.click();
}

async function journey(name, viewport, lang, scheme) {
  const context = await browser.newContext({ viewport, locale: lang, colorScheme: scheme });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  const shot = async (step, full = false) => {
    await page.waitForTimeout(900); // let animations end
    await page.screenshot({ path: `${OUT}${name}-${step}.png`, fullPage: full });
  };
  const email = `show-${name}-${Date.now()}@example.com`;
  await page.goto(`${BASE}/`);
  await page.getByTestId('mode-quizZone').waitFor();
  if (lang === 'ar') {
    await chooseLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  await page.goto(`${BASE}/auth/sign-up/`);
  await page.getByTestId('name').fill('Sam Tester');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill('correct horse battery');
  await page.getByTestId('confirm-password').fill('correct horse battery');
  await page.getByTestId('submit').click();
  await page.getByTestId('code').waitFor();
  await page.getByTestId('code').fill(await outboxCode(BASE, email));
  await page.getByTestId('submit').click();
  await page.getByTestId('coins-badge').waitFor();
  await page.waitForTimeout(1000);
  await skipOnboarding(page);
  await page.goto(`${BASE}/`);
  await page.getByTestId('mode-quizZone').waitFor();
  await skipOnboarding(page);
  await shot('1-home', true);

  await page.goto(`${BASE}/quiz-zone/`);
  await page.getByTestId('category-science').click();
  await page.locator('[data-testid^="subcategory-"]').first().click();
  await page.getByTestId('level-1').click();
  await page.getByTestId('question-counter').waitFor();
  let n = 0;
  for (;;) {
    await page.locator('.option:not(:disabled)').first().waitFor();
    if (n === 0) await shot('2-question');
    await page.waitForTimeout(500); // a reader's pace: faster answers count nothing
    await page
      .locator('[data-testid^="option-"]')
      .nth(n % 4 === 3 ? 1 : 0)
      .click();
    await page.locator('.option.correct').waitFor();
    if (n === 0) await shot('3-reveal');
    n++;
    await page.getByTestId('next-question').click();
    const next = await Promise.race([
      page
        .getByTestId('result')
        .waitFor()
        .then(() => 'result'),
      page
        .locator('.option:not(:disabled)')
        .first()
        .waitFor()
        .then(() => 'question'),
    ]);
    if (next === 'result') break;
  }
  await shot('4-result', true);

  await page.goto(`${BASE}/random-battle/`);
  await page.getByTestId('battle-category').selectOption({ index: 1 });
  await page.getByTestId('play-bot').click();
  await page.getByTestId('battle-play').waitFor();
  const result = page.getByTestId('battle-result');
  const open = page.locator('.battle-question [data-testid^="battle-option-"]:enabled');
  for (let round = 1; round <= 30; round++) {
    await result.or(open.first()).waitFor({ timeout: 20_000 });
    if (await result.isVisible()) break;
    if (round === 1) await shot('5-battle-round');
    await page.waitForTimeout(500); // past the server's human floor
    if ((await open.count()) > 0)
      await open
        .first()
        .click()
        .catch(() => undefined);
    await open
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 })
      .catch(() => undefined);
  }
  await page.getByTestId('battle-result').waitFor({ timeout: 60_000 });
  await shot('6-battle-result', true);
  await context.close();
  console.log(`${name}: ${n} questions`);
}

try {
  const only = process.argv[2];
  for (const scheme of ['light', 'dark'])
    for (const [vp, size] of Object.entries(VIEWPORTS))
      for (const lang of ['en', 'ar']) {
        const name = `${vp}-${lang}-${scheme}`;
        if (!only || name.includes(only)) await journey(name, size, lang, scheme);
      }
} finally {
  await browser.close();
}
console.log(`screens in ${OUT}`);
