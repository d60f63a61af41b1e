// Screenshots of the offline states (issue 21) at 360×740, in English and Arabic, plus the home
// screen offline at 1280×800: home offline, a result queued, results being sent (the server
// answers 503 for a while), all sent, a pack missing offline, and a scrolled page under the
// sticky header. Into .tmp/screens/offline-*.png. Starts the built app itself:
//   npm run build && node tests/screens/offline.mjs
import { mkdir } from 'node:fs/promises';
import { chooseLanguage, launchChromium, loginOnScreen, signedUpPlayer, startBuiltServer } from './support.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const OUT = `${ROOT}.tmp/screens/`;
await mkdir(OUT, { recursive: true });

const app = await startBuiltServer(ROOT);
const browser = await launchChromium();

async function packsCached(page) {
  for (let i = 0; i < 80; i++) {
    const n = await page.evaluate(async () => (await (await caches.open('quizhub-packs')).keys()).length);
    if (n === 3) return;
    await page.waitForTimeout(250);
  }
  throw new Error('the packs never reached the cache');
}

/** The api_token of the page's own session (its login made it), from its persisted state. */
function pageToken(page) {
  return page.evaluate(
    () =>
      new Promise((ok, fail) => {
        const r = indexedDB.open('quizhub');
        r.onsuccess = () => {
          const g = r.result.transaction('state').objectStore('state').get('persist:root');
          g.onsuccess = () => {
            r.result.close();
            ok(JSON.parse(JSON.parse(g.result).auth).token);
          };
        };
        r.onerror = () => fail(r.error);
      }),
  );
}

/** Answers whatever is asked (the first option) until the result shows. */
async function playThrough(page) {
  const result = page.getByTestId('result');
  const option = page.locator('[data-testid^="option-"]').first();
  for (let i = 0; i < 30; i++) {
    await result.or(option).first().waitFor();
    if (await result.isVisible()) return;
    await option.click();
    await page.getByTestId('next-question').click();
  }
  await result.waitFor();
}

async function run(lang) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${lang}] page error:`, e.message));
  const shot = async (name, o = {}) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}offline-${name}-${lang}.png`, ...o });
    console.log(`offline-${name}-${lang}.png`);
  };
  const p = await signedUpPlayer(app.base, `shots-offline-${lang}`);
  await loginOnScreen(page, app.base, p);
  if (lang === 'ar') {
    await chooseLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  await packsCached(page);

  // Home, offline.
  await context.setOffline(true);
  await page.goto(`${app.base}/`);
  await page.getByTestId('offline-banner').waitFor();
  await shot('home');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot('home-desktop');
  await page.setViewportSize({ width: 360, height: 740 });
  // Scrolled: the banner stays whole under the sticky header.
  await page.mouse.wheel(0, 600);
  await shot('home-scrolled');

  // A daily quiz played offline: its result waits.
  await page.goto(`${app.base}/quiz-play/daily-quiz-dashboard`);
  await page.getByTestId('start-quiz').click();
  await playThrough(page);
  await page.getByTestId('pending-count').waitFor();
  await shot('queued-result');
  await page.goto(`${app.base}/`);
  await page.getByTestId('pending-count').waitFor();
  await shot('queued');

  // Back online while the server answers 503: sending, and sending again.
  const token = await pageToken(page);
  const fault = (count) =>
    fetch(`${app.base}/dev/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, action: 'submit_pack_play', status: 503, count }),
    });
  await fault(1000);
  await context.setOffline(false);
  await page.locator('[data-testid="pending-count"][data-state="sending"]').waitFor();
  await shot('syncing');
  await fault(0);
  await page.getByTestId('sync-done').waitFor({ timeout: 90_000 });
  await shot('synced');

  // A pack that never reached the device, offline: what the screen says.
  await page.evaluate(() => caches.delete('quizhub-packs'));
  await context.setOffline(true);
  await page.goto(`${app.base}/fun-and-learn`);
  await page.getByTestId('offline-banner').waitFor();
  await page.waitForTimeout(1500);
  await shot('pack-missing');
  await context.close();
}

try {
  for (const lang of (process.env.LANGS ?? 'en,ar').split(',')) await run(lang);
} finally {
  await browser.close();
  app.stop();
}
