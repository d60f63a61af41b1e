// Screenshots of the motion of issue 22 (answer reveal wrong and right, the result with its coins
// in flight and landed, a bot battle's countdown, reveal and podium) at 360×740 in English and
// Arabic and at 1280×800, into .tmp/screens/motion/. Mid-animation frames are named `-mid`.
// Run against a built app and server: npm run build &&
//   DATA_DIR=/tmp/motion-data PORT=8213 node build/server.mjs   then   BASE_URL=http://localhost:8213 node tests/screens/motion.mjs
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chooseLanguage, launchChromium, loginOnScreen, signedUpPlayer } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8213';
const OUT = new URL('../../.tmp/screens/motion/', import.meta.url).pathname;
const DEMO = new URL('../../src/server/db/seed/demo-content/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });

/** Question text → the seed's right option id (mcq and true/false), to win the battle. */
const sheet = new Map();
async function readSheet(dir) {
  for (const n of await readdir(dir)) {
    const p = join(dir, n);
    if ((await stat(p)).isDirectory()) await readSheet(p);
    else if (n.endsWith('.json')) walk(JSON.parse(await readFile(p, 'utf8')));
  }
}
function walk(v) {
  if (Array.isArray(v)) v.forEach(walk);
  else if (v && typeof v === 'object') {
    if (typeof v.question === 'string' && typeof v.answer === 'number') sheet.set(v.question, 'abcde'[v.answer]);
    else Object.values(v).forEach(walk);
  }
}
await readSheet(DEMO);

const browser = await launchChromium();
const RUN = crypto.randomUUID().slice(0, 4);
const pause = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function journey(tag, viewport, lang) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  const shot = (name) => page.screenshot({ path: `${OUT}${tag}-${name}.png` });
  const p = await signedUpPlayer(BASE, `motion-${tag}`);
  await loginOnScreen(page, BASE, p);
  if (lang === 'ar') await chooseLanguage(page, 'ar');

  // A level: the first answer wrong, the second right, the rest right.
  await page.goto(`${BASE}/quiz-zone/sports/football-and-ball-games`);
  const sessionReply = page.waitForResponse((r) => r.url().endsWith('/api/get_questions_by_level'));
  await page.getByTestId('level-1').click();
  const session = (await (await sessionReply).json()).data;
  for (let i = 0; i < session.questions.length; i++) {
    const q = session.questions[i];
    await page.getByTestId('question-counter').waitFor();
    await pause(450);
    const right = q.answer ?? sheet.get(q.question) ?? q.options[0].id;
    const pick = i === 0 ? q.options.find((o) => o.id !== right).id : right;
    await page.getByTestId(`option-${pick}`).click();
    await page.getByTestId('verdict').waitFor();
    if (i < 2) {
      await pause(120);
      await shot(`reveal-${i === 0 ? 'wrong' : 'right'}-mid`);
      await pause(1000);
      await shot(`reveal-${i === 0 ? 'wrong' : 'right'}`);
    }
    await page.getByTestId('next-question').click();
  }
  await page.getByTestId('result').waitFor();
  await pause(350);
  await shot('result-mid');
  await pause(2000);
  await shot('result');
  await page.screenshot({ path: `${OUT}${tag}-result-full.png`, fullPage: true });

  // A bot battle, answered right: countdown, a reveal, the victory podium.
  await page.goto(`${BASE}/random-battle`);
  await page.getByTestId('battle-category').selectOption('science');
  await page.getByTestId('play-bot').click();
  await page.getByTestId('battle-play').waitFor();
  let counted = false;
  let revealed = false;
  const result = page.getByTestId('battle-result');
  const open = page.locator('.battle-question [data-testid^="battle-option-"]:enabled');
  for (let round = 0; round < 30; round++) {
    const ready = page.getByTestId('ready-count');
    await result.or(open.first()).or(ready).first().waitFor({ timeout: 60_000 });
    if (await result.isVisible()) break;
    if (!counted && (await ready.isVisible())) {
      counted = true;
      await shot('battle-countdown');
    }
    if (!(await open.first().isVisible())) {
      await result.or(open.first()).first().waitFor({ timeout: 60_000 });
      if (await result.isVisible()) break;
    }
    await pause(450);
    const text = await page.locator('#battle-q').innerText();
    const id = sheet.get(text.trim());
    const target = id ? page.getByTestId(`battle-option-${id}`) : open.first();
    await target.click();
    if (!revealed) {
      await page.getByTestId('battle-reveal').waitFor({ timeout: 60_000 });
      await pause(700);
      revealed = true;
      await shot('battle-reveal');
    }
    await page.getByTestId('battle-reveal').or(result).first().waitFor({ timeout: 60_000 });
  }
  await result.waitFor();
  await page.getByTestId('battle-result').scrollIntoViewIfNeeded();
  await pause(300);
  await shot('battle-result-mid');
  await pause(2000);
  await page.getByTestId('podium').scrollIntoViewIfNeeded();
  await shot('battle-podium');
  await page.screenshot({ path: `${OUT}${tag}-battle-result-full.png`, fullPage: true });
  await context.close();
}

/** A contest played by three players (3, 2 and 1 right), then its board's podium. */
async function contestJourney(tag, viewport, lang) {
  const made = await fetch(`${BASE}/dev/contests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Motion Cup ${tag} ${RUN}`,
      entry_fee: 0,
      questions: 3,
      prizes: [{ rank: 1, coins: 30 }],
    }),
  }).then((r) => r.json());
  const contestId = made.data.id;
  let page;
  // The demo contest's first questions: Nile (b), six sides (b), the Pacific (a: true).
  for (const [n, answers] of [
    [1, ['b', 'c', 'b']],
    [2, ['b', 'b', 'b']],
    [3, ['b', 'b', 'a']],
  ]) {
    const context = await browser.newContext({ viewport });
    page = await context.newPage();
    const p = await signedUpPlayer(BASE, `contest-${tag}-${n}`);
    await loginOnScreen(page, BASE, p);
    await page.goto(`${BASE}/contest-play`);
    const card = page.getByTestId('contest-card').filter({ hasText: `Motion Cup ${tag} ${RUN}` });
    await card.getByTestId('contest-play-button').click();
    // A free contest opens at once; a paid one asks first.
    const confirm = page.getByTestId('contest-join-confirm');
    await confirm.or(page.getByTestId('contest-counter')).first().waitFor();
    if (await confirm.isVisible()) await confirm.click();
    for (const [i, a] of answers.entries()) {
      await page
        .getByTestId('contest-counter')
        .filter({ hasText: `${i + 1}` })
        .waitFor();
      await pause(450);
      await page.locator(`[data-testid="contest-option"][data-option="${a}"]`).click();
    }
    await page.getByTestId('contest-finish').waitFor();
    if (n < 3) await context.close();
  }
  if (lang === 'ar') await chooseLanguage(page, 'ar');
  await page.goto(`${BASE}/contest-play/${contestId}/leaderboard`);
  await page.getByTestId('podium').waitFor();
  await pause(1500);
  await page.screenshot({ path: `${OUT}${tag}-contest-podium.png` });
  await page.context().close();
}

const only = process.env.ONLY;
for (const [tag, viewport, lang] of [
  ['en-phone', { width: 360, height: 740 }, 'en'],
  ['ar-phone', { width: 360, height: 740 }, 'ar'],
  ['en-desktop', { width: 1280, height: 800 }, 'en'],
  ['ar-desktop', { width: 1280, height: 800 }, 'ar'],
]) {
  if (only && only !== tag) continue;
  if (!process.env.CONTEST_ONLY) await journey(tag, viewport, lang);
  await contestJourney(tag, viewport, lang);
  console.log(`${tag}: done`);
}
await browser.close();
console.log(`screens in ${OUT}`);
