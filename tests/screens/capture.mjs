// Signs up through the UI (code from /dev/outbox), plays a quiz-zone level and screenshots each
// screen at 360×740 and 1280×800, in English and Arabic, into .tmp/screens/.
// Run against a built app and server: npx vite build && npm run build:server &&
//   DATA_DIR=/tmp/ui-data PORT=8080 node build/server.mjs   then   node tests/screens/capture.mjs
import { mkdir } from 'node:fs/promises';
import { chooseLanguage, launchChromium, outboxCode } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = new URL('../../.tmp/screens/', import.meta.url).pathname;
const VIEWPORTS = { mobile: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };
await mkdir(OUT, { recursive: true });

const browser = await launchChromium();

/** One full journey in one viewport and language. */
async function journey(name, viewport, lang) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow', locale: lang });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  const shot = async (step) => {
    await page.waitForTimeout(350); // let toasts and transitions settle
    await page.screenshot({ path: `${OUT}${name}-${step}.png`, fullPage: true });
  };
  const email = `player-${name}-${Date.now()}@example.com`;

  await page.goto(`${BASE}/`);
  await page.getByTestId('mode-quizZone').waitFor();
  if (lang === 'ar') {
    await chooseLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  await shot('01-home-guest');
  await page.goto(`${BASE}/quiz-zone/`);
  await page.getByTestId('email').waitFor();
  await shot('02-login-redirect');

  await page.goto(`${BASE}/auth/sign-up/`);
  await page.getByTestId('name').fill('sam tester');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill('correct horse battery');
  await page.getByTestId('confirm-password').fill('correct horse battery');
  await shot('03-sign-up');
  await page.getByTestId('submit').click();
  await page.getByTestId('code').waitFor();
  await shot('04-verify');
  await page.getByTestId('code').fill(await outboxCode(BASE, email));
  await page.getByTestId('submit').click();
  await page.getByTestId('coins-badge').waitFor();
  // A new account's first-run onboarding (its own screenshots: tests/screens/onboarding.mjs).
  await page.getByTestId('onboarding-skip').click();
  // The login errand brings the player back to the quiz zone asked for as a guest; home first.
  await page.goto(`${BASE}/`);
  await page.getByTestId('mode-quizZone').waitFor();
  await shot('05-home-player');

  await page.getByTestId('mode-quizZone').click();
  await page.getByTestId('category-science').waitFor();
  await shot('06-categories');
  await page.getByTestId('category-science').click();
  const sub = page.locator('[data-testid^="subcategory-"]').first();
  await sub.waitFor();
  await shot('07-subcategories');
  await sub.click();
  await page.getByTestId('level-1').waitFor();
  await shot('08-levels');
  await page.getByTestId('level-2').click();
  await shot('08b-locked-toast');
  await page.getByTestId('level-1').click();

  let n = 0;
  await page.getByTestId('question-counter').waitFor();
  for (;;) {
    if (n === 0) await shot('09-question');
    // A wrong pick now and then, so the review has both colours.
    await page
      .locator('[data-testid^="option-"]')
      .nth(n % 4 === 3 ? 1 : 0)
      .click();
    await page.locator('.option.correct').waitFor();
    if (n === 0) await shot('10-reveal');
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
  await page.getByTestId('result').waitFor({ timeout: 15000 });
  await shot('11-result');
  await page.getByTestId('review-answers').click();
  await shot('12-review');
  await page.getByTestId('close-review').click();
  await page.getByTestId('back-to-levels').click();
  await page.getByTestId('level-1').waitFor();
  await shot('13-levels-after');
  await page.goto(`${BASE}/profile/`);
  await page.getByTestId('logout').waitFor();
  await shot('14-profile');
  await page.goto(`${BASE}/about-us/`);
  await page.getByTestId('page-about_us').waitFor();
  await shot('16-about');
  await page.goto(`${BASE}/no-such-page`);
  await page.getByTestId('not-found').waitFor();
  await shot('17-not-found');
  await context.close();
  console.log(`${name}: ${n} questions played`);
}

try {
  const only = process.argv[2];
  for (const [vp, size] of Object.entries(VIEWPORTS)) {
    for (const lang of ['en', 'ar']) {
      const name = `${vp}-${lang}`;
      if (!only || name.includes(only)) await journey(name, size, lang);
    }
  }
} finally {
  await browser.close();
}
console.log(`screens in ${OUT}`);
