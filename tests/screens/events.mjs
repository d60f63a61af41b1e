// Screenshots of the exam module and contests at 360×740 in English and Arabic, and at 1280×800
// in English, into /tmp/shots-events/: the exam list, the rules and key sheet, a question, the
// result; the contest list, the entry fee, a question, the finish, the live leaderboard, a closed
// board with prizes and the prize notification. Self-contained: builds the app when dist/ or
// build/ is missing, starts the server on a free port with a fresh PGlite data dir, stops it at
// the end.   node tests/screens/events.mjs
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  chooseLanguage,
  launchChromium,
  loginOnScreen,
  post as postTo,
  signedUpPlayer,
  startBuiltServer,
} from './support.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const OUT = '/tmp/shots-events/';
const EVENTS = (lang) =>
  JSON.parse(readFileSync(join(ROOT, `src/server/db/seed/demo-content/events/${lang}.json`), 'utf8'));

const { base: BASE, stop: stopServer } = await startBuiltServer(ROOT);

await mkdir(OUT, { recursive: true });
const post = (action, fields, token) => postTo(BASE, action, fields, token);
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const browser = await launchChromium();

/** The right option's text of a demo question, by its text (the demo files know the answers). */
function rightOption(lang, question) {
  for (const e of [...EVENTS(lang).exams, ...EVENTS(lang).contests])
    for (const q of e.questions) if (q.question === question) return q.options[q.answer];
  return null;
}

/** A player who plays a contest through the API: right answers for the first `right` questions. */
async function apiPlayer(tag, name, contestId, right, lang = 'en') {
  const p = await signedUpPlayer(BASE, `ev-${tag}`, { name });
  const token = p.user.api_token;
  let play = await post('get_questions_by_contest', { contest_id: contestId }, token);
  let n = 0;
  while (play.question) {
    await sleep(350); // faster than a person reads is not scored
    const good = rightOption(lang, play.question.question);
    const option = play.question.options.find((o) => (n < right ? o.text === good : o.text !== good));
    const step = await post(
      'set_contest_answer',
      { contest_id: contestId, question_id: play.question.id, answer: option?.id ?? '' },
      token,
    );
    play = step.play;
    n++;
  }
  await post('set_contest_leaderboard', { contest_id: contestId }, token);
  return p;
}

async function devPost(path, body) {
  const r = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const j = await r.json();
  if (j.error) throw new Error(`${path}: ${JSON.stringify(j)}`);
  return j.data;
}

const problems = [];
const check = (ok, what) => {
  if (!ok) problems.push(what);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

/** The page says it is hidden (another app in front), or visible again. */
async function setVisibility(page, state) {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** `away`: the player leaves the exam for 6 s instead of submitting it (the 5-second rule). */
async function journey(tag, lang, viewport, { away = false } = {}) {
  const context = await browser.newContext({ viewport, locale: lang });
  const page = await context.newPage();
  page.on('pageerror', (e) => problems.push(`[${tag}] page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && console.log(`[${tag}] console: ${m.text()}`));
  const shot = async (name, full = true) => {
    await page.waitForTimeout(350);
    // A full-page capture of a scrolled page draws the sticky bars where they stood.
    if (full) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${OUT}${tag}-${name}.png`, fullPage: full });
  };

  const p = await signedUpPlayer(BASE, `ev-${tag}`, { name: lang === 'ar' ? 'سارة الأحمد' : 'Sam Tester' });
  await loginOnScreen(page, BASE, p);
  if (lang === 'ar') {
    await chooseLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }

  // Exams
  await page.goto(`${BASE}/exam-module`);
  if (lang === 'ar') await page.getByTestId('content-language-ar').click();
  await page.getByTestId('exam-card').first().waitFor();
  await shot('01-exam-list');
  await page.getByTestId('exam-open').first().click();
  await page.getByTestId('exam-sheet').waitFor();
  await page.getByTestId('exam-start').click();
  await page.getByTestId('exam-rules-error').waitFor();
  await shot('02-exam-sheet-required', false);
  await page.getByTestId('exam-key-input').fill('1111');
  await page.getByTestId('exam-rules-checkbox').check();
  await page.getByTestId('exam-start').click();
  await page.getByTestId('exam-key-error').waitFor();
  await shot('03-exam-sheet-wrong-key', false);
  await page.getByTestId('exam-key-input').fill('2468');
  await page.getByTestId('exam-start').click();
  await page.getByTestId('exam-play').waitFor();
  await shot('04-exam-question');
  // Answer the first three (one of them wrong), then come back and change the second.
  const examText = async () => page.locator('.question-text').innerText();
  for (let i = 0; i < 3; i++) {
    const good = rightOption(lang, (await examText()).trim());
    const options = page.locator('[data-testid^="option-"]');
    if (i === 1) await options.first().click();
    else await page.locator('[data-testid^="option-"]', { hasText: good }).first().click();
    await page.getByTestId('exam-next').click();
  }
  await page.getByTestId('exam-palette-2').click();
  const good2 = rightOption(lang, (await examText()).trim());
  await page.locator('[data-testid^="option-"]', { hasText: good2 }).first().click();
  await page.getByTestId('exam-palette-4').click();
  await shot('05-exam-navigator');
  // A reload keeps the answers and resumes the same attempt; so does Resume on the list.
  await page.reload();
  await page.getByTestId('exam-play').waitFor();
  const answered = await page.locator('[data-testid^="exam-palette-"][data-answered="true"]').count();
  check(answered === 3, `[${tag}] answers kept across a reload (${answered} of 3)`);
  await page.goto(`${BASE}/exam-module`);
  await page.getByTestId('exam-resume').waitFor();
  await shot('05b-exam-ongoing');
  await page.getByTestId('exam-resume').click();
  await page.getByTestId('exam-play').waitFor();
  const again = await page.locator('[data-testid^="exam-palette-"][data-answered="true"]').count();
  check(again === 3, `[${tag}] Resume from the list goes back in with the answers (${again} of 3)`);
  if (away) {
    await setVisibility(page, 'hidden');
    await page.waitForTimeout(6000);
    await setVisibility(page, 'visible');
    await page.getByTestId('exam-result').waitFor();
    check(
      await page.getByTestId('exam-result-violated').isVisible(),
      `[${tag}] leaving for 6 s submitted the exam with the rules violated`,
    );
    await shot('07-exam-result-violated');
  } else {
    // Away for 2 s: forgiven.
    await setVisibility(page, 'hidden');
    await page.waitForTimeout(2000);
    await setVisibility(page, 'visible');
    await page.waitForTimeout(4000);
    check(await page.getByTestId('exam-play').isVisible(), `[${tag}] 2 s away: the exam goes on`);
    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm').waitFor();
    await shot('06-exam-confirm', false);
    await page.getByTestId('exam-submit-confirm').click();
    await page.getByTestId('exam-result').waitFor();
    const correct = await page.getByTestId('exam-result-correct').innerText();
    check(correct.trim() === '3', `[${tag}] exam graded by the server: ${correct} correct`);
    await shot('07-exam-result');
  }
  await page.getByTestId('exam-review').click();
  await page.getByTestId('review').waitFor();
  await shot('08-exam-review');
  await page.goto(`${BASE}/exam-module?tab=completed`);
  await page.getByTestId('exam-card').first().waitFor();
  await shot('09-exam-completed');

  // Contests: the live one, after three other players
  await page.goto(`${BASE}/contest-play`);
  await page.getByTestId('contest-card').first().waitFor();
  const cup = page.getByTestId('contest-card').filter({ hasText: lang === 'ar' ? 'كأس' : 'World Trivia Cup' });
  const cupId = Number(await cup.getAttribute('data-contest-id'));
  await Promise.all([
    apiPlayer(`${tag}-b1`, 'Lina Haddad', cupId, 99, lang),
    apiPlayer(`${tag}-b2`, 'Omar Farouk', cupId, 3, lang),
    apiPlayer(`${tag}-b3`, 'Priya Nair with a very long display name', cupId, 1, lang),
  ]);
  await page.reload();
  await page.getByTestId('contest-card').first().waitFor();
  await shot('10-contest-list');
  await page.getByTestId('contest-tab-upcoming').click();
  await shot('11-contest-upcoming');
  await page.getByTestId('contest-tab-past').click();
  await shot('12-contest-past');
  await page.getByTestId('contest-tab-live').click();
  await cup.getByTestId('contest-play-button').click();
  await page.getByTestId('contest-fee-dialog').waitFor();
  await shot('13-contest-fee', false);
  await page.getByTestId('contest-join-confirm').click();
  await page.getByTestId('contest-play').waitFor();
  await shot('14-contest-question');
  let n = 0;
  while (await page.getByTestId('contest-play').isVisible()) {
    const before = await page.getByTestId('contest-counter').innerText();
    const q = (await page.locator('.question-text').innerText()).trim();
    await page.waitForTimeout(450);
    const good = rightOption(lang, q);
    // Right, except every third.
    const pick =
      n % 3 === 2
        ? page
            .getByTestId('contest-option')
            .filter({ hasNotText: good ?? '' })
            .first()
        : page
            .getByTestId('contest-option')
            .filter({ hasText: good ?? '' })
            .first();
    await pick.click();
    if (n === 1) await shot('15-contest-sending');
    await page.waitForFunction(
      (b) =>
        document.querySelector('[data-testid="contest-finish"]') ||
        document.querySelector('[data-testid="contest-counter"]')?.textContent !== b,
      before,
    );
    n++;
    if (n > 20) break;
  }
  await page.getByTestId('contest-finish').waitFor();
  await shot('16-contest-finish');
  await page.getByTestId('contest-finish-leaderboard').click();
  await page.getByTestId('contest-board-row').first().waitFor();
  await page.getByTestId('contest-my-rank').waitFor();
  await shot('17-contest-leaderboard');
  // Live: another player finishes while the board is on screen.
  const rowsBefore = await page.getByTestId('contest-board-row').count();
  await apiPlayer(`${tag}-b4`, 'Zed Latecomer', cupId, 99, lang);
  await page
    .getByTestId('contest-board-row')
    .filter({ hasText: 'Zed Latecomer' })
    .waitFor({ timeout: 8000 })
    .catch(() => undefined);
  const rowsAfter = await page.getByTestId('contest-board-row').count();
  check(rowsAfter === rowsBefore + 1, `[${tag}] live board gained a row (${rowsBefore} → ${rowsAfter})`);
  await shot('18-contest-leaderboard-live');

  // A contest that closes: the player wins first place and its prize
  const made = await devPost('/dev/contests', {
    name: lang === 'ar' ? 'مسابقة سريعة' : 'Flash Final',
    language: lang,
    entry_fee: 0,
    prizes: [
      { rank: 1, coins: 60 },
      { rank: 2, coins: 30 },
    ],
    questions: 3,
  });
  {
    let play = await post('get_questions_by_contest', { contest_id: made.id }, p.user.api_token);
    while (play.question) {
      await sleep(350);
      const good = rightOption(lang, play.question.question);
      const o = play.question.options.find((x) => x.text === good);
      play = (
        await post(
          'set_contest_answer',
          { contest_id: made.id, question_id: play.question.id, answer: o?.id ?? '' },
          p.user.api_token,
        )
      ).play;
    }
    await post('set_contest_leaderboard', { contest_id: made.id }, p.user.api_token);
  }
  await apiPlayer(`${tag}-b5`, 'Lina Haddad', made.id, 1, lang);
  await page.goto(`${BASE}/contest-play/${made.id}/leaderboard`);
  await page.getByTestId('contest-board-row').first().waitFor();
  await devPost(`/dev/contests/${made.id}/end`);
  // The closing job runs every few seconds; the open board hears the final one live.
  await page
    .locator('[data-testid="contest-board-status"][data-status="closed"]')
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  await page
    .getByTestId('contest-board-prize')
    .first()
    .waitFor({ timeout: 5000 })
    .catch(() => undefined);
  check(
    (await page.getByTestId('contest-board-prize').count()) > 0,
    `[${tag}] closed board shows prizes without a reload`,
  );
  await shot('19-contest-board-closed');
  await page.goto(`${BASE}/profile/notifications`);
  await page.getByTestId('notices').locator('li').first().waitFor();
  await shot('20-notifications');
  await page.goto(`${BASE}/profile/wallet`);
  await page.waitForLoadState('networkidle');
  await shot('21-wallet');
  await context.close();
}

try {
  await journey('en', 'en', { width: 360, height: 740 });
  await journey('ar', 'ar', { width: 360, height: 740 });
  await journey('desktop', 'en', { width: 1280, height: 800 }, { away: true });
} finally {
  await browser.close();
  stopServer();
}
console.log(`screens in ${OUT}`);
if (problems.length) {
  console.log(`${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exitCode = 1;
}
