import { expect, test, type Locator, type Page } from '@playwright/test';
import { readQuestion } from './answer-sheet';
import { apiPlayer, loginByEmail, nextSession } from './support';

// Issue 22: dark mode follows the system, with a setting on this device to override it. The
// colours are read as the browser computes them, and the contrast of what a player reads is
// worked out from them (WCAG: at least 4.5:1 for text).

/** Relative luminance of an sRGB colour (WCAG 2). */
function luminance([r, g, b]: number[]): number {
  const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** The element's text colour and the background it is read on (layers under it blended). */
function colours(target: Locator): Promise<{ fg: number[]; bg: number[] }> {
  return target.evaluate((el) => {
    const parse = (c: string) => {
      const m = (c.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
      return { rgb: m.slice(0, 3), a: m[3] ?? 1 };
    };
    const over = (top: { rgb: number[]; a: number }, under: number[]) =>
      top.rgb.map((v, i) => v * top.a + under[i]! * (1 - top.a));
    const layers: { rgb: number[]; a: number }[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg.a === 0) continue;
      layers.push(bg);
      if (bg.a === 1) break;
    }
    let bg = [255, 255, 255];
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return { fg: over(parse(getComputedStyle(el).color), bg), bg };
  });
}

async function contrast(target: Locator): Promise<number> {
  const { fg, bg } = await colours(target);
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The background colour's luminance: dark below 0.05, light above 0.8. */
async function backgroundLuminance(target: Locator): Promise<number> {
  return luminance((await colours(target)).bg);
}

/** Every custom property the stylesheets declare on :root, with the value it has now. */
function palette(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const names = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule && rule.selectorText.startsWith(':root')) {
          for (const p of Array.from(rule.style)) if (p.startsWith('--')) names.add(p);
        } else if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
    const style = getComputedStyle(document.documentElement);
    return Object.fromEntries([...names].sort().map((n) => [n, style.getPropertyValue(n).trim()]));
  });
}

/**
 * Waits for what a change starts to end (a button's background eases over 0.15 s after a theme
 * change; a reveal lights up): a colour read half way through one is neither state's. Endless
 * animations (a spinner) are not waited for.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The browser bar's colours, each with the media it applies under. */
const bars = (page: Page) =>
  page
    .locator('meta[name="theme-color"]')
    .evaluateAll((ms) => ms.map((m) => `${(m as HTMLMetaElement).content} ${(m as HTMLMetaElement).media}`));
const SYSTEM_BARS = ['#5b3cc4 (prefers-color-scheme: light)', '#3f2b96 (prefers-color-scheme: dark)'];

test('dark follows the system; Light in settings overrides it across a reload; System follows the system again', async ({
  page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const p = await apiPlayer(request, 'Dana Dark');
  await loginByEmail(page, p.email, p.password);

  // Dark from the system alone: home's page, then a card on the profile.
  const body = page.locator('body');
  expect(await backgroundLuminance(body)).toBeLessThan(0.05);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
  await page.goto('/profile');
  const card = page.locator('.card').first();
  await expect(card).toBeVisible();
  expect(await backgroundLuminance(card)).toBeLessThan(0.05);
  expect(await contrast(card.locator('h2, p').first())).toBeGreaterThanOrEqual(4.5);

  await page.goto('/profile/settings');
  await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true');
  expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
  // Readable in dark: the page title on the page, a card's note on the card, a primary button.
  expect(await contrast(page.getByRole('heading', { level: 1 }))).toBeGreaterThanOrEqual(4.5);
  expect(await contrast(page.getByTestId('theme-setting').locator('p.muted'))).toBeGreaterThanOrEqual(4.5);
  const primary = page.getByTestId('feedback-effects');
  await expect(primary).toHaveClass(/btn-primary/);
  expect(await contrast(primary)).toBeGreaterThanOrEqual(4.5);
  expect(await contrast(page.getByTestId('theme-system'))).toBeGreaterThanOrEqual(4.5);

  // The dark palette is one palette whether the system asks for it or the player chose it.
  const systemDark = await palette(page);
  expect(Object.keys(systemDark).length).toBeGreaterThan(30);

  // Light, chosen: the page turns light at once though the system is dark, and stays so.
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await settled(page);
  expect(await backgroundLuminance(body)).toBeGreaterThan(0.8);
  expect(await bars(page)).toEqual(['#5b3cc4 all', '#3f2b96 not all']);
  expect(await contrast(primary)).toBeGreaterThanOrEqual(4.5);
  await page.reload();
  await expect(page.getByTestId('theme-light')).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await backgroundLuminance(body)).toBeGreaterThan(0.8);
  expect(await backgroundLuminance(page.getByTestId('theme-setting'))).toBeGreaterThan(0.8);

  // Dark, chosen under a light system: the same palette as the system's dark.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await palette(page)).toEqual(systemDark);
  expect(await bars(page)).toEqual(['#5b3cc4 not all', '#3f2b96 all']);

  // System again: follows the emulated media, light now, dark when it turns dark.
  await page.getByTestId('theme-system').click();
  expect(await page.locator('html').getAttribute('data-theme')).toBeNull();
  await settled(page);
  expect(await backgroundLuminance(body)).toBeGreaterThan(0.8);
  await page.emulateMedia({ colorScheme: 'dark' });
  await settled(page);
  expect(await backgroundLuminance(body)).toBeLessThan(0.05);
  await page.reload();
  await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true');
  expect(await backgroundLuminance(body)).toBeLessThan(0.05);
  expect(await bars(page)).toEqual(SYSTEM_BARS);
});

test('in dark, the right and the wrong option after a reveal are readable', async ({ page, request }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const p = await apiPlayer(request, 'Rhea Reveal');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/quiz-zone');
  await page.getByTestId('category-sports').click();
  await page.getByTestId('subcategory-football-and-ball-games').click();
  const session = nextSession(page);
  await page.getByTestId('level-1').click();
  const q = (await session).questions[0]!;
  const wrong = q.options.find((o) => o.id !== q.answer)!.id;
  await readQuestion(page);
  await page.getByTestId(`option-${wrong}`).click();

  const right = page.getByTestId(`option-${q.answer}`);
  const picked = page.getByTestId(`option-${wrong}`);
  await expect(right).toHaveClass(/\bcorrect\b/);
  await expect(picked).toHaveClass(/\bincorrect\b/);
  // The reveal animates (the right answer lights up a beat after the pick): its colours are read
  // once it has ended, not half way through (flaky under load otherwise).
  await settled(page);
  expect(await backgroundLuminance(right)).toBeLessThan(0.1);
  for (const option of [right, picked]) {
    expect(await contrast(option.locator('.option-text'))).toBeGreaterThanOrEqual(4.5);
    expect(await contrast(option.locator('.option-key'))).toBeGreaterThanOrEqual(4.5);
  }
  expect(await contrast(page.getByTestId('next-question'))).toBeGreaterThanOrEqual(4.5);
});
