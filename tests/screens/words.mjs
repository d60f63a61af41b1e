// Issue 22 §6, §8–§11, §13 screens (leaderboard, exams, contests, wallet, redeem, badges,
// statistics, refer, the code step's toast) at 360×740 and 1280×800, in English and Arabic, into
// .tmp/screens/words/. Against a running built server:
//   DATA_DIR=/tmp/d PORT=8213 node build/server.mjs   then   BASE_URL=http://127.0.0.1:8213 npx tsx tests/screens/words.mjs (tsx: it reads the e2e answer sheet)
import { mkdir } from 'node:fs/promises';
import { READ_MS, withAnswers } from '../e2e/answer-sheet.ts';
import { launchChromium, outboxCode, post, signedUpPlayer } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8213';
const OUT = new URL('../../.tmp/screens/words/', import.meta.url).pathname;
const VIEWPORTS = { mobile: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };
await mkdir(OUT, { recursive: true });

/** Plays level 1 of a topic right through the API, so the player has a score and coins. */
async function perfectLevel(token, category, subcategory) {
  const s = await post(BASE, 'get_questions_by_level', { category, subcategory, level: 1, language_id: 1 }, token);
  const answers = withAnswers(s).questions.map((q) => ({ question_id: q.id, answer: q.answer }));
  await new Promise((ok) => setTimeout(ok, READ_MS * answers.length));
  await post(BASE, 'submit_quiz_answers', { session_id: s.session_id, answers: JSON.stringify(answers) }, token);
}

const player = await signedUpPlayer(BASE, 'words', { name: 'alice testington-longname' });
await perfectLevel(player.user.api_token, 'science', 'life-science');

const browser = await launchChromium();

async function login(page) {
  await page.goto(`${BASE}/auth/login`);
  await page.getByTestId('email').fill(player.email);
  await page.getByTestId('password').fill(player.password);
  await page.getByTestId('submit').click();
  await page.getByTestId('coins-badge').waitFor();
}

async function journey(name, viewport, lang) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow', locale: lang });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  const shot = async (step) => {
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}${name}-${step}.png`, fullPage: true });
  };
  await login(page);
  if (lang === 'ar') {
    await page.getByTestId('language-switch').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  const visit = async (path, step, ready) => {
    await page.goto(`${BASE}${path}`);
    if (ready)
      await page
        .locator(ready)
        .first()
        .waitFor({ timeout: 8000 })
        .catch(() => undefined);
    await shot(step);
  };
  await visit('/leaderboard', '01-leaderboard', '[data-testid^="leaderboard-row-"]');
  await visit('/exam-module', '02-exams', '.event-when');
  await visit('/contest-play', '03-contests', '[data-testid="contest-starts"], .contest-dates');
  await visit('/profile/wallet', '04-wallet', '[data-testid="ledger"]');
  await visit('/profile/redeem', '05-redeem', '[data-testid="redeem-balance"]');
  await visit('/profile/badges', '06-badges', '[data-testid="badge-elite"]');
  await visit('/profile/statistics', '07-statistics', '[data-testid="statistics"]');
  await visit('/profile/refer', '08-refer', '[data-testid="refer-stats"]');
  // A friend who joined, was paid for and deleted the account: the server's answer shaped so
  // (a real one needs days of the friend's play), to look at the "former player" line.
  await page.route('**/api/get_referral_summary', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data = { ...body.data, friends: 1, former_friends: 1, coins_earned: 100 };
    await route.fulfill({ response: res, json: body });
  });
  await visit('/profile/refer', '08b-refer-former', '[data-testid="refer-former"]');
  await context.close();
}

/** The code step: a wrong code's error, then the right code's success toast (the error gone). */
async function codeStep(name, viewport) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow' });
  // The toast is the point here: the new account's onboarding counts as seen on this device.
  await context.addInitScript(() => localStorage.setItem('quizhub.onboarding', 'done'));
  const page = await context.newPage();
  const email = `code-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await post(BASE, 'auth_email_signup', { email, password: 'correct horse battery', name: 'Code Player' });
  const code = await outboxCode(BASE, email);
  await page.goto(`${BASE}/auth/otp-verify?mode=email&email=${encodeURIComponent(email)}`);
  await page.getByTestId('code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('submit').click();
  await page.getByRole('alert').first().waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}${name}-09-code-wrong.png` });
  await page.getByTestId('code').fill(code);
  await page.getByTestId('submit').click();
  await page.getByText('E-mail verified.').waitFor();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${OUT}${name}-10-code-right.png` });
  await context.close();
}

for (const [vp, size] of Object.entries(VIEWPORTS)) {
  for (const lang of ['en', 'ar']) await journey(`${vp}-${lang}`, size, lang);
}
await codeStep('mobile-en', VIEWPORTS.mobile);
await browser.close();
console.log(`screens in ${OUT}`);
