// Screenshots of the economy and community screens (wallet, badges, leaderboard, notifications,
// refer and earn, statistics, settings, about us, 404) at 360×740 in English and Arabic, and at
// 1280×800 in English, into .tmp/screens/economy/. The player has played a level and been
// referred to, so every screen has content.
// Run against a built app and server: npm run build &&
//   DATA_DIR=/tmp/eco-data PORT=8087 node build/server.mjs   then   BASE_URL=http://localhost:8087 node tests/screens/economy.mjs
import { mkdir } from 'node:fs/promises';
import { chooseLanguage, launchChromium, loginOnScreen, post as postTo, signedUpPlayer } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = new URL('../../.tmp/screens/economy/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });
const browser = await launchChromium();
const post = (action, fields, token) => postTo(BASE, action, fields, token);

const player = (tag, extra) => signedUpPlayer(BASE, `eco-${tag}`, extra);

/** A perfect quiz-zone level 1, graded by the server: coins, score, badges, notifications. */
async function perfectLevel(token) {
  const s = await post(
    'get_questions_by_level',
    { category: 'sports', subcategory: 'football-and-ball-games', level: 1, language_id: 1 },
    token,
  );
  const answers = s.questions.map((q) => ({ question_id: q.id, answer: q.answer }));
  await post('submit_quiz_answers', { session_id: s.session_id, answers: JSON.stringify(answers) }, token);
}

const SCREENS = [
  ['wallet', '/profile/wallet'],
  ['badges', '/profile/badges'],
  ['leaderboard', '/leaderboard'],
  ['notifications', '/profile/notifications'],
  ['refer', '/profile/refer'],
  ['statistics', '/profile/statistics'],
  ['settings', '/profile/settings'],
  ['about', '/about-us'],
  ['not-found', '/no-such-page'],
];

async function run(lang, viewport, tag) {
  const page = await (await browser.newContext({ viewport, locale: lang })).newPage();
  page.on('pageerror', (e) => console.error(`[${tag}] page error:`, e.message));
  const p = await player(tag);
  await player(`${tag}-friend`, { friends_code: p.user.refer_code });
  await perfectLevel(p.user.api_token);
  await loginOnScreen(page, BASE, p);
  if (lang === 'ar') {
    await chooseLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  for (const [name, path] of SCREENS) {
    await page.goto(`${BASE}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}${tag}-${name}.png`, fullPage: true });
  }
}

await run('en', { width: 360, height: 740 }, 'en');
await run('ar', { width: 360, height: 740 }, 'ar');
await run('en', { width: 1280, height: 800 }, 'desktop');
await browser.close();
console.log(`screens in ${OUT}`);
