// Screenshots of the redeem screen (/profile/redeem) at 360×740, in English and Arabic, into
// .tmp/screens/payouts/: refusals at the fields, then a pending request in the list.
// Run against a built app and server: npm run build &&
//   DATA_DIR=/tmp/pay-data PORT=8086 node build/server.mjs   then   BASE_URL=http://localhost:8086 node tests/screens/payouts.mjs
import { mkdir } from 'node:fs/promises';
import { launchChromium, loginOnScreen, signedUpPlayer } from './support.mjs';

const BASE = process.env.BASE_URL ?? 'http://localhost:8080';
const OUT = new URL('../../.tmp/screens/payouts/', import.meta.url).pathname;
await mkdir(OUT, { recursive: true });
const browser = await launchChromium();

const player = (tag, extra) => signedUpPlayer(BASE, `pay-${tag}`, extra);

async function run(lang) {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, locale: lang })).newPage();
  page.on('pageerror', (e) => console.error(`[${lang}] page error:`, e.message));
  const shot = async (name) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}${lang}-${name}.png`, fullPage: true });
  };
  // A friend signing up with the player's code pays the player 100 coins (10 + 100 = 110).
  const p = await player(lang);
  await player(`${lang}-friend`, { friends_code: p.user.refer_code });
  await loginOnScreen(page, BASE, p);
  if (lang === 'ar') {
    await page.getByTestId('language-switch').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  }
  await page.goto(`${BASE}/profile/redeem`);
  await page.getByTestId('redeem-balance').waitFor();
  await shot('00-empty');
  await page.getByTestId('redeem-submit').click();
  await shot('01-required');
  await page.getByTestId('redeem-method').selectOption('paypal');
  await page.getByTestId('redeem-address').fill('sam@example.com');
  await page.getByTestId('redeem-coins').fill('50');
  await page.getByTestId('redeem-submit').click();
  await shot('02-below-minimum');
  await page.getByTestId('redeem-coins').fill('110');
  await page.getByTestId('redeem-submit').click();
  await page.getByTestId('redeem-item').waitFor();
  await shot('03-pending');
}

await run('en');
await run('ar');
await browser.close();
console.log(`screens in ${OUT}`);
