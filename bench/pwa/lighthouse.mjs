// Part 2 of bench:pwa: Lighthouse (mobile, simulated throttling, performance only) on the home
// page as a guest and on a play screen as a signed-in player, each in a Chromium this bench
// launched with a debugging port Lighthouse connects to.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { loginOnScreen, post, signedUpPlayer } from '../../tests/screens/support.mjs';
import { freePort, median, persistentChromium } from './common.mjs';

/** The goals of issue 24 (P3 with margin): every run's score, the medians of LCP and TBT. */
export const LH_GOALS = { score: 90, lcp: 2500, tbt: 200, cls: 0.1 };
/** LH_REPORT_DIR: each run's full Lighthouse result (JSON) is written there, for its diagnostics. */
const REPORT_DIR = process.env.LH_REPORT_DIR;

/**
 * A quiz-zone level opens its questions as soon as the screen shows (no start card): the play
 * screen measured. Level 1 is open to every new player; the same level the e2e suite plays.
 */
export const PLAY_PATH = '/quiz-zone/science/physics-and-chemistry/1';

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    finalUrl: lhr.finalDisplayedUrl,
    // Lighthouse's measure of this machine's speed: simulated throttling scales the CPU work it
    // sees by 4, so a slow host (a low index) inflates TBT.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
}

/** What Lighthouse says about the median run's start: where LCP's time goes, what runs longest. */
function diagnostics(lhr) {
  const a = lhr.audits;
  const lines = [];
  const lcpItems = a['largest-contentful-paint-element']?.details?.items ?? [];
  const element = lcpItems[0]?.items?.[0]?.node;
  if (element) lines.push(`LCP element: ${element.nodeLabel ?? ''} (${element.selector ?? element.snippet})`);
  const phases = lcpItems[1]?.items;
  if (phases) lines.push(`LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(' · ')}`);
  const bootup = (a['bootup-time']?.details?.items ?? []).slice(0, 4);
  if (bootup.length)
    lines.push(
      `script time (4× CPU): ${bootup.map((i) => `${i.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(i.total)} ms`).join(' · ')}`,
    );
  const work = (a['mainthread-work-breakdown']?.details?.items ?? []).slice(0, 4);
  if (work.length)
    lines.push(`main thread: ${work.map((i) => `${i.groupLabel} ${Math.round(i.duration)} ms`).join(' · ')}`);
  const blocking = a['render-blocking-resources']?.details?.items ?? [];
  lines.push(`render-blocking: ${blocking.map((i) => i.url.replace(/^https?:\/\/[^/]+/, '')).join(', ') || 'none'}`);
  return lines;
}

/**
 * `runs` Lighthouse runs of `url` on the browser at `port`: each run's figures, the medians of
 * each figure, the lowest score, and the median run (Lighthouse's own pick) for its diagnostics.
 */
async function runLighthouse(url, port, runs, { keepStorage, beforeEach, tag }) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    await beforeEach?.();
    const r = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // Mobile form factor and simulated throttling are the default config's.
      disableStorageReset: keepStorage,
    });
    if (!r?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (r.lhr.runtimeError) throw new Error(`Lighthouse: ${r.lhr.runtimeError.code} ${r.lhr.runtimeError.message}`);
    const f = figures(r.lhr);
    console.log(
      `  ${new URL(url).pathname} run ${i + 1}/${runs}: score ${f.score} ${f.score >= LH_GOALS.score ? 'PASS' : 'FAIL'}, ` +
        `LCP ${f.lcp.toFixed(0)} ms, TBT ${f.tbt.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}`,
    );
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, `${tag}-${i + 1}.json`), JSON.stringify(r.lhr));
    }
    results.push(r.lhr);
  }
  const each = results.map(figures);
  const medianRun = computeMedianRun(results);
  return {
    runs: each,
    minScore: Math.min(...each.map((f) => f.score)),
    score: median(each.map((f) => f.score)),
    lcp: median(each.map((f) => f.lcp)),
    tbt: median(each.map((f) => f.tbt)),
    cls: median(each.map((f) => f.cls)),
    benchmarkIndex: median(each.map((f) => f.benchmarkIndex)),
    finalUrl: figures(medianRun).finalUrl,
    warnings: [...new Set(each.flatMap((f) => f.warnings))],
    diagnostics: diagnostics(medianRun),
  };
}

/**
 * Clears the origin's `storageTypes` and the HTTP cache. A worker still precaching when it was
 * removed (the last run's, registered once the page was idle) finishes its fetches into the HTTP
 * cache: it is cleared once they are over, or the next run's scripts come from the disk.
 */
async function clearForFirstVisit(cdp, origin, storageTypes) {
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes });
  await new Promise((r) => setTimeout(r, 1000));
  await cdp.send('Network.clearBrowserCache');
}

/**
 * The home page on a first visit. Lighthouse's own reset keeps IndexedDB (it clears the worker,
 * the caches and the HTTP cache only): a run would see the state the run before left there
 * (the guest's persisted settings), so every run starts with the origin's storage all cleared.
 */
export async function lighthouseHome({ base, runs }) {
  const port = await freePort();
  const chrome = await persistentChromium('lh-home', { port });
  try {
    const page = chrome.context.pages()[0] ?? (await chrome.context.newPage());
    const cdp = await chrome.context.newCDPSession(page);
    return await runLighthouse(`${base}/`, port, runs, {
      tag: 'home',
      keepStorage: false,
      beforeEach: () => clearForFirstVisit(cdp, base, 'all'),
    });
  } finally {
    await chrome.close();
  }
}

/**
 * Grades the player's open session of the level (nothing answered), so that each run opens the
 * screen on a new session, as a link into a level does: the last run's session would be resumed
 * instead, its clock run out between runs, and some runs would measure a timed-out reveal.
 */
async function endOpenPlay(base, player) {
  const [, , category, subcategory, level] = PLAY_PATH.split('/');
  const token = player.user.api_token;
  const open = await post(
    base,
    'get_questions_by_level',
    { category, subcategory, level, language_id: 1, resume: 1 },
    token,
  );
  await post(base, 'submit_quiz_answers', { session_id: open.session_id, answers: '[]' }, token);
}

/**
 * The play screen of a player signed in on screen. Lighthouse must keep the origin's storage
 * (disableStorageReset), or the sign-in in IndexedDB might go; what a reset would otherwise clear
 * for a first visit (the service worker, its caches, the HTTP cache) is cleared here before each
 * run, so this is the screen's first load with a session, comparable with the home page's.
 */
export async function lighthousePlay({ base, runs }) {
  const port = await freePort();
  const chrome = await persistentChromium('lh-play', { port });
  try {
    const player = await signedUpPlayer(base, 'pwa-lh');
    const setup = chrome.context.pages()[0] ?? (await chrome.context.newPage());
    await loginOnScreen(setup, base, player);
    // The screen shows a question without a click, signed in (not sent to the login page).
    await setup.goto(`${base}${PLAY_PATH}`);
    await setup.getByTestId('question-counter').waitFor({ timeout: 30_000 });
    // The worker installed (its precache done) before anything is cleared.
    await setup.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Lighthouse runs in a tab of its own: the sign-in tab's in-memory cache (which clearing
    // the browser's cache leaves alone) would serve the first run's scripts.
    const page = await chrome.context.newPage();
    await setup.close();
    const cdp = await chrome.context.newCDPSession(page);
    const result = await runLighthouse(`${base}${PLAY_PATH}`, port, runs, {
      tag: 'play',
      keepStorage: true,
      beforeEach: async () => {
        await endOpenPlay(base, player);
        await clearForFirstVisit(cdp, base, 'service_workers,cache_storage');
      },
    });
    if (new URL(result.finalUrl).pathname !== PLAY_PATH)
      throw new Error(`Lighthouse ended on ${result.finalUrl}, not the play screen: the sign-in was lost`);
    return result;
  } finally {
    await chrome.close();
  }
}
