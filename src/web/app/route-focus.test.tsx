// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useRouteFocus } from './route-focus';

afterEach(cleanup);

let go: (to: string) => void = () => undefined;

function Frame() {
  useRouteFocus();
  go = useNavigate();
  return (
    <>
      <a href="/elsewhere">a header link</a>
      <main id="main">
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/levels" element={<h1>Levels</h1>} />
          <Route
            path="/login"
            element={
              <>
                <h1>Log in</h1>
                <input aria-label="E-mail" autoFocus />
              </>
            }
          />
          <Route path="/late" element={<Late />} />
        </Routes>
      </main>
    </>
  );
}

/** A page whose heading comes after its data. */
let showLate: () => void = () => undefined;
function Late() {
  const [ready, setReady] = useState(false);
  showLate = () => setReady(true);
  return ready ? <h1>Late heading</h1> : <p>Loading…</p>;
}

function at(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Frame />
    </MemoryRouter>,
  );
}

describe('focus on a route change', () => {
  it('leaves focus alone on the first load', () => {
    at('/');
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new page main heading, made focusable without entering the Tab order', () => {
    at('/');
    act(() => go('/levels'));
    const heading = screen.getByRole('heading', { name: 'Levels' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that arrives after the route', async () => {
    at('/');
    act(() => go('/late'));
    expect(document.activeElement).toBe(document.body);
    act(() => showLate());
    await act(async () => await Promise.resolve());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Late heading' }));
  });

  it('keeps the focus a page gives a field of its own', () => {
    at('/');
    act(() => go('/login'));
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
  });
});
