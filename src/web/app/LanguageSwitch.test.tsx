// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import '../lib/i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { makeStore } from './store';

afterEach(cleanup);

function renderSwitch() {
  const store = makeStore();
  render(
    <Provider store={store}>
      <LanguageSwitch />
      <p data-testid="elsewhere">elsewhere</p>
    </Provider>,
  );
  return { store, button: screen.getByTestId('language-switch') };
}

const option = (code: string) => screen.getByTestId(`language-option-${code}`);

describe("the header's language menu", () => {
  it('lists every interface language in its own name and script, the current one marked', () => {
    const { button } = renderSwitch();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(option('fr').closest('ul')!.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(option('en').closest('ul')!.hidden).toBe(false);
    expect(['en', 'ar', 'fr', 'hi'].map((c) => option(c).getAttribute('lang'))).toEqual(['en', 'ar', 'fr', 'hi']);
    expect(option('ar').textContent).toContain('العربية');
    expect(option('hi').textContent).toContain('हिन्दी');
    expect(option('ar').querySelector('[dir]')!.getAttribute('dir')).toBe('rtl');
    expect(option('en').getAttribute('aria-current')).toBe('true');
    expect(option('fr').getAttribute('aria-current')).toBeNull();
  });

  it('names the button by the mark it shows (the current language), then what it does', () => {
    const { button } = renderSwitch();
    expect(button.textContent!.startsWith('EN')).toBe(true);
  });

  it('switches to the language chosen, closes and gives the focus back to the button', () => {
    const { store, button } = renderSwitch();
    fireEvent.click(button);
    fireEvent.click(option('hi'));
    expect(store.getState().languages.appLanguage).toBe('hi');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(button.textContent!.startsWith('हि')).toBe(true);
  });

  it('closes on Escape and on a press outside, choosing nothing', () => {
    const { store, button } = renderSwitch();
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByTestId('elsewhere'));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(store.getState().languages.appLanguage).toBe('en');
  });
});
