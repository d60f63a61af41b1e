// The first-run onboarding's steps and how to play, at 360×740 and 1280×800, in English and
// Arabic, into .tmp/screens/ (issue 22). Against a built app and server:
//   DATA_DIR=/tmp/ui-data PORT=8080 node build/server.mjs   then   node tests/screens/onboarding.mjs
// (COLOR_SCHEME=dark for the dark theme's shots, named -dark).
import { mkdir } from 'node:fs/promises';
import { chooseLanguage, launchChromium, signUpThroughApp } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = new URL('../../.tmp/screens/', import.meta.url).pathname;
const VIEWPORTS = { mobile: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };
await mkdir(OUT, { recursive: true });
const SCHEME = process.env.COLOR_SCHEME ?? 'light';
const browser = await launchChromium();

async function journey(name, viewport, lang) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'allow', colorScheme: SCHEME });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  const shot = async (step) => {
    await page.waitForTimeout(400); // transitions settle
    const suffix = SCHEME === 'light' ? '' : `-${SCHEME}`;
    await page.screenshot({ path: `${OUT}onboarding-${name}-${step}${suffix}.png` });
  };
  const email = `onboard-${name}-${Date.now()}@example.com`;
  await page.goto(`${BASE}/`);
  await page.getByTestId('mode-quizZone').waitFor();
  if (lang === 'ar') {
    await chooseLanguage(page, 'ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  await signUpThroughApp(page, BASE, email);
  const dialog = page.getByTestId('onboarding');
  await dialog.waitFor();
  await shot('1-languages');
  await dialog.getByTestId('onboarding-next').click();
  await shot('2-coins');
  await dialog.getByTestId('onboarding-next').click();
  await shot('3-levels');
  await dialog.getByTestId('onboarding-start').click();
  await page.getByTestId('how-to-play-link').waitFor();
  await shot('4-quiz-zone');
  await page.getByTestId('how-to-play-link').click();
  await page.getByTestId('how-to-quiz_zone').waitFor();
  await shot('5-how-to-play-anchor');
  await page.goto(`${BASE}/instructions`);
  await page.getByTestId('how-to-group_battle').waitFor();
  await shot('6-how-to-play');
  await page.goto(`${BASE}/instructions#one-vs-one-battle`);
  await page.getByTestId('how-to-one_vs_one_battle').waitFor();
  await shot('6b-how-to-play-battles');
  await page.goto(`${BASE}/random-battle`);
  await page.getByTestId('how-to-play-link').waitFor();
  await shot('7-battle');
  await context.close();
}

for (const [vp, size] of Object.entries(VIEWPORTS)) {
  for (const lang of ['en', 'ar']) await journey(`${vp}-${lang}`, size, lang);
}
await browser.close();
