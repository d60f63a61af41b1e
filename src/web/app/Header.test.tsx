// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../core/contract';
import { i18n } from '../lib/i18n';
import { loggedIn } from './events';
import { Header } from './Header';
import { makeStore } from './store';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

async function header(language: string, coins: number) {
  await i18n.changeLanguage(language);
  const store = makeStore();
  store.dispatch(loggedIn({ user: { id: 1, name: 'Ada', coins } as UserRecord, token: 't' }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </Provider>,
  );
  return screen.getByTestId('coins-badge');
}

describe("the header's coins", () => {
  it.each([
    ['en', '1,234,567'],
    ['hi', '12,34,567'],
    ['fr', '1\u202f234\u202f567'],
  ])('are written as %s writes numbers', async (language, shown) => {
    expect((await header(language, 1_234_567)).textContent).toContain(shown);
  });

  it('are named by the figure shown, then what it is', async () => {
    const badge = await header('en', 42);
    expect(badge.textContent!.trim().startsWith('42')).toBe(true);
  });
});
