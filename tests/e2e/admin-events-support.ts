import { expect, type Browser, type Page } from '@playwright/test';

/** The operator's zone in these journeys, and a player's zone ahead of it (their day starts first). */
export const ADMIN_ZONE = 'Asia/Kolkata';
export const PLAYER_ZONE = 'Asia/Tokyo';

export const LAPTOP = { width: 1280, height: 800 };
export const TABLET = { width: 820, height: 1180 };
export const PHONE = { width: 360, height: 740 };

/** `YYYY-MM-DDTHH:mm[:ss]` of an instant on the wall clocks of a zone (a datetime-local value). */
export function wallClock(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const s = get('second');
  // The browser writes a whole minute without its seconds (and Playwright checks the value it set).
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}${s === '00' ? '' : `:${s}`}`;
}

/** A browser context on a server of the journey's own, in a zone, with page errors in the log. */
export async function zonedPage(
  browser: Browser,
  base: string,
  o: { zone: string; viewport: { width: number; height: number } },
) {
  const context = await browser.newContext({ baseURL: base, viewport: o.viewport, timezoneId: o.zone });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

/** Adds questions from the form's pool: the first match of each search ('' for the first offered). */
export async function pickQuestions(page: Page, searches: string[]) {
  const picked = page.getByTestId('picked-question');
  for (const search of searches) {
    const before = await picked.count();
    await page.getByTestId('question-search').fill(search);
    await page.getByTestId('pool-question').first().getByTestId('pool-add').click();
    await expect(picked).toHaveCount(before + 1);
  }
  await page.getByTestId('question-search').fill('');
}

/** With SHOTS set: the screen from its top, and the whole page (.tmp/screens/admin/<name>[-full].png). */
export async function shotTopAndFull(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: `.tmp/screens/admin/${name}.png` });
  await page.screenshot({ path: `.tmp/screens/admin/${name}-full.png`, fullPage: true });
}
