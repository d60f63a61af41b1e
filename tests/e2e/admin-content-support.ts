import sharp from 'sharp';
import { expect, type Browser, type Page } from '@playwright/test';
import { adminSignsIn } from './admin-support';

export const LAPTOP = { width: 1280, height: 800 };
export const TABLET = { width: 820, height: 1180 };
export const PHONE = { width: 360, height: 740 };

/** A small PNG of a red planet on a dark sky, made for the journey (w × h pixels). */
export async function planetPng(w = 320, h = 200): Promise<Buffer> {
  const r = Math.round(Math.min(w, h) / 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="#101830"/>
    <circle cx="${w / 2}" cy="${h / 2}" r="${r}" fill="#c1440e"/>
    <circle cx="${w / 2 - r / 3}" cy="${h / 2 - r / 4}" r="${r / 5}" fill="#8a2e08"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A short WAV (RIFF/WAVE, 8 kHz mono, 8-bit) of a tone: what the server takes as audio by its bytes. */
export function wavBytes(samples = 800): Buffer {
  const b = Buffer.alloc(44 + samples);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) b[44 + i] = 128 + Math.round(60 * Math.sin(i / 4));
  return b;
}

/** A file for an `<input type=file>`. */
export const upload = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

/** A signed-in console page on a server of the journey's own, with page errors in the log. */
export async function consolePage(browser: Browser, base: string, viewport = LAPTOP) {
  const context = await browser.newContext({ baseURL: base, viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console error:', m.text()));
  await adminSignsIn(page);
  return { context, page };
}

/** Opens a content section by its tab. */
export async function openContentTab(page: Page, tab: string) {
  await page.getByTestId(`content-tab-${tab}`).click();
  await expect(page.getByTestId(`content-tab-${tab}`)).toHaveClass(/active/);
}

/** Chooses an option of a `<select>` by its visible label (a part of it). */
export async function chooseByLabel(page: Page, testId: string, label: string | RegExp) {
  const select = page.getByTestId(testId);
  await expect(select.locator('option', { hasText: label }).first()).toBeAttached();
  const value = await select.locator('option', { hasText: label }).first().getAttribute('value');
  await select.selectOption(value!);
}
