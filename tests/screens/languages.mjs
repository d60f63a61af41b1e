// French and Hindi (issue 23): the player's screens at 360×740 (French also at 320×740, its labels
// being the longest), to look for clipped Devanagari and labels that overflow. Against a built
// app and server:
//   DATA_DIR=/tmp/lang-data PORT=8080 node build/server.mjs   then   node tests/screens/languages.mjs
// Writes .tmp/screens/lang-<language>-<width>-<step>.png; prints any page wider than the screen.
import { mkdir } from 'node:fs/promises';
import { launchChromium, signUpThroughApp } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = process.env.OUT ?? new URL('../../.tmp/screens/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });
const browser = await launchChromium();

async function journey(lang, width) {
  const context = await browser.newContext({ viewport: { width, height: 740 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${lang}] page error:`, e.message));
  page.on('dialog', (d) => void d.accept());
  const shot = async (step, fullPage = false) => {
    await page.waitForTimeout(500);
    const wide = await page.evaluate(() => document.scrollingElement.scrollWidth - innerWidth);
    if (wide > 0) console.log(`${lang} ${width} ${step}: ${wide}px wider than the screen`);
    await page.screenshot({ path: `${OUT}lang-${lang}-${width}-${step}.png`, fullPage });
  };
  await page.goto(`${BASE}/`);
  await page.getByTestId('mode-quizZone').waitFor();
  await page.getByTestId('language-switch').click();
  await shot('00-menu');
  await page.getByTestId(`language-option-${lang}`).click();
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  await shot('01-home-guest', true);
  await page.goto(`${BASE}/auth/sign-up`);
  await shot('02-sign-up');
  const email = `lang-${lang}-${width}-${Date.now()}@example.com`;
  await signUpThroughApp(page, BASE, email);
  const onboarding = page.getByTestId('onboarding');
  await onboarding.waitFor();
  await shot('03-onboarding-1');
  await onboarding.getByTestId('onboarding-next').click();
  await shot('04-onboarding-2');
  await onboarding.getByTestId('onboarding-next').click();
  await shot('05-onboarding-3');
  await onboarding.getByTestId('onboarding-start').click();
  await page.goto(`${BASE}/`);
  await page.getByTestId('home-today').waitFor();
  await shot('06-home', true);
  await page.goto(`${BASE}/quiz-zone`);
  await page.locator('main [data-testid^="category-"]').first().waitFor();
  await shot('07-categories', true);
  await page.locator('main [data-testid^="category-"]').first().click();
  await page.locator('main [data-testid^="subcategory-"]').first().click();
  await page.getByTestId('level-1').waitFor();
  await shot('08-levels', true);
  await page.getByTestId('level-1').click();
  await page.getByTestId('option-a').waitFor();
  await shot('09-question');
  const open = page.locator('[data-testid^="option-"]:enabled').first();
  const next = page.getByTestId('next-question');
  const result = page.getByTestId('result');
  for (let i = 0; i < 40; i++) {
    await open.or(next).or(result).first().waitFor();
    if (await result.isVisible()) break;
    if (await next.isVisible()) {
      if (i === 1) await shot('10-verdict');
      await next.click();
      continue;
    }
    await page.waitForTimeout(1600); // past the server's human floor
    await open.click();
  }
  await page.getByTestId('result').waitFor();
  await shot('11-result', true);
  for (const [step, path] of [
    ['12-profile', '/profile'],
    ['13-wallet', '/profile/wallet'],
    ['14-redeem', '/profile/redeem'],
    ['15-settings', '/profile/settings'],
    ['16-statistics', '/profile/statistics'],
    ['17-leaderboard', '/leaderboard'],
    ['18-daily-quiz', '/quiz-play/daily-quiz-dashboard'],
    ['19-battle', '/random-battle'],
    ['20-group-battle', '/group-battle'],
    ['21-exams', '/exam-module'],
    ['22-contests', '/contest-play'],
    ['23-badges', '/profile/badges'],
    ['24-how-to-play', '/instructions'],
  ]) {
    await page.goto(`${BASE}${path}`);
    await page.locator('main h1').first().waitFor();
    await shot(step, true);
  }
  await context.close();
}

const only = process.argv[2];
for (const [lang, width] of [
  ['fr', 360],
  ['hi', 360],
  ['fr', 320],
]) {
  if (!only || only === lang) await journey(lang, width);
}
await browser.close();
