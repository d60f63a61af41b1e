// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../core/contract';
import '../lib/i18n';
import { loggedIn } from './events';
import { GuestOnly, RequireAuth, useReturnToErrand } from './guards';
import { forgetReturnTo, rememberReturnTo } from './return-to';
import { makeStore } from './store';

afterEach(() => {
  cleanup();
  forgetReturnTo();
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function Frame() {
  useReturnToErrand();
  return (
    <Routes>
      <Route element={<GuestOnly />}>
        <Route path="/auth/login" element={<Where />} />
        <Route path="/auth/sign-up" element={<Where />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route path="/exam-module" element={<Where />} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>
  );
}

function app(at: string) {
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>
        <Frame />
      </MemoryRouter>
    </Provider>,
  );
  const signIn = () =>
    act(() => {
      store.dispatch(loggedIn({ user: { id: 1, name: 'Ada' } as UserRecord, token: 't' }));
    });
  return { signIn, where: () => screen.getByTestId('where').textContent };
}

describe('the sign-in errand', () => {
  it('a protected page sends to the login with next=, and the sign-in comes back to it', () => {
    const a = app('/exam-module');
    expect(a.where()).toBe('/auth/login?next=%2Fexam-module');
    a.signIn();
    expect(a.where()).toBe('/exam-module');
  });

  it("back from Google's redirect (a new page load on the login, no next=): the path kept is where it goes", () => {
    rememberReturnTo('/exam-module');
    const a = app('/auth/login');
    a.signIn();
    expect(a.where()).toBe('/exam-module');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com'])('a hostile next=%s lands on home', (next) => {
    const a = app(`/auth/login?next=${encodeURIComponent(next)}`);
    a.signIn();
    expect(a.where()).toBe('/');
  });

  it('a page other than the auth pages ends the errand', () => {
    rememberReturnTo('/exam-module');
    app('/');
    cleanup();
    const a = app('/auth/login');
    a.signIn();
    expect(a.where()).toBe('/');
  });
});
