// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountUp } from './CountUp';
import { COUNT_UP_MS } from './use-count-up';

/** matchMedia answering `reduce` for prefers-reduced-motion, or not. */
function motionPreference(reduce: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q === '(prefers-reduced-motion: reduce)' }));
}

const shown = () => screen.getByTestId('n').querySelector('[aria-hidden="true"]')!.textContent;
const spoken = () => screen.getByTestId('n').querySelector('.sr-only')!.textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderCount(value: number) {
  render(
    <span data-testid="n">
      <CountUp value={value} />
    </span>,
  );
}

describe('CountUp', () => {
  it('counts from 0 and ends on the exact value', () => {
    motionPreference(false);
    renderCount(137);
    expect(shown()).toBe('0');
    act(() => vi.advanceTimersByTime(COUNT_UP_MS / 4));
    const early = Number(shown());
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(137);
    // Ease-out: past the half-way figure at half the time.
    act(() => vi.advanceTimersByTime(COUNT_UP_MS / 4));
    expect(Number(shown())).toBeGreaterThan(137 / 2);
    act(() => vi.advanceTimersByTime(COUNT_UP_MS));
    expect(shown()).toBe('137');
    // Nothing left running once it has landed.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the final value at once when the player asked for reduced motion', () => {
    motionPreference(true);
    renderCount(137);
    expect(shown()).toBe('137');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives screen readers only the final value while the figure counts', () => {
    motionPreference(false);
    renderCount(42);
    act(() => vi.advanceTimersByTime(COUNT_UP_MS / 3));
    expect(shown()).not.toBe('42');
    expect(spoken()).toBe('42');
  });

  it('writes the figures with the given format', () => {
    motionPreference(true);
    render(
      <span data-testid="n">
        <CountUp value={5000} format={(n) => new Intl.NumberFormat('en').format(n)} />
      </span>,
    );
    expect(shown()).toBe('5,000');
  });
});
