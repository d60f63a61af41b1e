// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, BAR_COLOUR, resetThemeForTest, setThemeChoice, subscribeTheme, themeChoice } from './theme';

const html = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  resetThemeForTest();
  delete html.dataset.theme;
  document.head.innerHTML =
    '<meta name="theme-color" content="#5b3cc4" media="(prefers-color-scheme: light)">' +
    '<meta name="theme-color" content="#3f2b96" media="(prefers-color-scheme: dark)">';
});

const barColours = () =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.content);

describe('the theme chosen on this device', () => {
  it('follows the system until the player chooses: no data-theme, one bar colour per system theme', () => {
    expect(themeChoice()).toBe('system');
    applyTheme();
    expect(html.dataset.theme).toBeUndefined();
    expect(barColours()).toEqual([BAR_COLOUR.light, BAR_COLOUR.dark]);
  });

  it('is written on <html> and the browser bar at once, kept on the device and told to who follows it', () => {
    const heard = vi.fn();
    const off = subscribeTheme(heard);
    setThemeChoice('light');
    expect(html.dataset.theme).toBe('light');
    expect(barColours()).toEqual([BAR_COLOUR.light, BAR_COLOUR.light]);
    expect(heard).toHaveBeenCalledTimes(1);
    off();
    resetThemeForTest();
    delete html.dataset.theme;
    applyTheme();
    expect(themeChoice()).toBe('light');
    expect(html.dataset.theme).toBe('light');
  });

  it('goes back to the system when System is chosen again, forgetting the stored choice', () => {
    setThemeChoice('dark');
    expect(barColours()).toEqual([BAR_COLOUR.dark, BAR_COLOUR.dark]);
    setThemeChoice('system');
    expect(html.dataset.theme).toBeUndefined();
    expect(barColours()).toEqual([BAR_COLOUR.light, BAR_COLOUR.dark]);
    expect(localStorage.getItem('quizhub.theme')).toBeNull();
  });

  it('reads a damaged or hostile stored value as the system', () => {
    localStorage.setItem('quizhub.theme', '"><script>');
    expect(themeChoice()).toBe('system');
    resetThemeForTest();
    localStorage.setItem('quizhub.theme', 'DARK');
    expect(themeChoice()).toBe('system');
  });
});
