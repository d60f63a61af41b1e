import { expect, test, type Page } from '@playwright/test';
import { apiPlayer, loginByEmail } from './support';

// Issue 23, the app's frame for a keyboard player and for large text: a skip link first, focus on
// the new page's heading after a route change, a visible focus ring, dialogs that keep Tab inside
// and give focus back; and at 320 px with text at 200 %, nothing cut off or scrolled sideways.
// SHOTS=1 saves the large-text screens into /work/shots/issue23-a11y-player/.

async function signIn(page: Page, request: Parameters<typeof apiPlayer>[0]) {
  const p = await apiPlayer(request, 'Keys Player');
  await loginByEmail(page, p.email, p.password);
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid);

test('keyboard: skip link first, the heading after a route change, a focus ring, a dialog that keeps and returns focus', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await page.goto('/');
  await expect(page.getByTestId('home-today')).toBeVisible();

  // The first Tab reaches "Skip to content", shown while focused; Enter lands on the page's heading.
  await page.keyboard.press('Tab');
  expect(await focusedTestId(page)).toBe('skip-link');
  await expect(page.getByTestId('skip-link')).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main h1').first()).toBeFocused();

  // A mode opened from the keyboard: focus goes to the new page's heading.
  await page.getByTestId('mode-quizZone').focus();
  const ring = await page.getByTestId('mode-quizZone').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(ring).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quiz-zone$/);
  await expect(page.locator('main h1').first()).toBeFocused();

  // A dialog (unlocking a premium category): focus inside, Tab goes round it, Escape closes it
  // and focus is back on the tile that opened it.
  const tile = page.getByTestId('category-world-cuisine');
  await tile.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(tile).toBeFocused();
});

test('text at 200 % on a 320 px screen: nothing overflows sideways, the header and tab bar stay in view', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 740 });
  // Large text as a reader's browser setting gives it: the root font size doubled.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.fontSize = '200%';
    }),
  );
  await signIn(page, request);
  for (const [name, path] of [
    ['home', '/'],
    ['quiz-zone', '/quiz-zone'],
    ['profile', '/profile'],
    ['wallet', '/profile/wallet'],
    ['about', '/about-us'],
  ]) {
    await page.goto(path!);
    await expect(page.locator('main h1').first()).toBeVisible();
    if (process.env.SHOTS) await page.screenshot({ path: `/work/shots/issue23-a11y-player/zoom200-320-${name}.png` });
    const { sideways, wide } = await page.evaluate(() => {
      const root = document.scrollingElement!;
      // What sticks out, named in the failure (fixed bars included: they do not scroll).
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > root.clientWidth + 1 || r.left < -1);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} ${el.outerHTML.slice(0, 80)}`)
        .slice(0, 6);
      return { sideways: root.scrollWidth - root.clientWidth, wide };
    });
    expect.soft(wide, `${name}: wider than the screen`).toEqual([]);
    expect.soft(sideways, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    for (const id of ['coins-badge', 'notifications-bell', 'language-switch', 'tab-home', 'tab-profile'])
      await expect.soft(page.getByTestId(id), `${name}: ${id}`).toBeInViewport({ ratio: 1 });
  }
});
