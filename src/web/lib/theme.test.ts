// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyStoredTheme } from './theme';
import { resetThemeForTest, setThemeChoice, subscribeTheme, themeChoice } from './theme-choice';

const html = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  resetThemeForTest();
  delete html.dataset.theme;
  // As index.html has them: one bar colour per system scheme.
  document.head.innerHTML =
    '<meta name="theme-color" content="#5b3cc4" media="(prefers-color-scheme: light)" data-scheme="light">' +
    '<meta name="theme-color" content="#3f2b96" media="(prefers-color-scheme: dark)" data-scheme="dark">';
});

/** Which bar colour applies when: each meta's media, in order (light's, dark's). */
const barMedia = () =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.getAttribute('media'));
const SYSTEM_BARS = ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)'];

describe('the theme chosen on this device', () => {
  it('follows the system until the player chooses: no data-theme, each bar colour for its system scheme', () => {
    expect(themeChoice()).toBe('system');
    applyStoredTheme();
    expect(html.dataset.theme).toBeUndefined();
    expect(barMedia()).toEqual(SYSTEM_BARS);
  });

  it('is shown at once (page and browser bar), kept on the device and told to who follows it', () => {
    const heard = vi.fn();
    const off = subscribeTheme(heard);
    setThemeChoice('light');
    expect(html.dataset.theme).toBe('light');
    expect(barMedia()).toEqual(['all', 'not all']);
    expect(heard).toHaveBeenCalledTimes(1);
    off();

    // The next visit: read from the device before the first render.
    resetThemeForTest();
    delete html.dataset.theme;
    for (const m of document.querySelectorAll<HTMLMetaElement>('meta[data-scheme]'))
      m.setAttribute('media', `(prefers-color-scheme: ${m.dataset.scheme})`);
    applyStoredTheme();
    expect(html.dataset.theme).toBe('light');
    // The bar too, from the first render of the next visit (not only once the setting is opened).
    expect(barMedia()).toEqual(['all', 'not all']);
    expect(themeChoice()).toBe('light');
  });

  it('goes back to the system when System is chosen again, forgetting the stored choice', () => {
    setThemeChoice('dark');
    expect(barMedia()).toEqual(['not all', 'all']);
    setThemeChoice('system');
    expect(html.dataset.theme).toBeUndefined();
    expect(barMedia()).toEqual(SYSTEM_BARS);
    expect(localStorage.getItem('quizhub.theme')).toBeNull();
  });

  it('reads a damaged or hostile stored value as the system', () => {
    for (const bad of ['"><script>', 'DARK', 'system', '']) {
      localStorage.setItem('quizhub.theme', bad);
      resetThemeForTest();
      applyStoredTheme();
      expect(themeChoice()).toBe('system');
      expect(html.dataset.theme).toBeUndefined();
    }
  });

  it('still opens, in the system theme, when the browser refuses storage', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => applyStoredTheme()).not.toThrow();
    expect(themeChoice()).toBe('system');
    getItem.mockRestore();
  });
});
