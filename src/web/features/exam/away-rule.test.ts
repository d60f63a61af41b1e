// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwayGuard, bindAwayGuard } from './away-rule';

let violations: number;
let remembered: (number | null)[];

function guard(since: number | null = null) {
  return new AwayGuard({ onViolation: () => violations++, remember: (s) => remembered.push(s) }, since);
}

/** jsdom's document says what the test wants about its visibility. */
function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
  violations = 0;
  remembered = [];
});

afterEach(() => {
  setVisibility('visible');
  vi.useRealTimers();
});

describe('AwayGuard (the exam’s 5-second rule)', () => {
  it('forgives an absence of 5 seconds or less', () => {
    const g = guard();
    g.left();
    vi.advanceTimersByTime(5000);
    g.back();
    vi.advanceTimersByTime(60_000);
    expect(violations).toBe(0);
    expect(g.violated).toBe(false);
    expect(remembered).toEqual([1_000_000, null]);
  });

  it('breaks the rule when the timer fires while the page is still away', () => {
    const g = guard();
    g.left();
    vi.advanceTimersByTime(5001);
    expect(violations).toBe(1);
    expect(g.violated).toBe(true);
    // Coming back afterwards does not submit a second time.
    g.back();
    expect(violations).toBe(1);
  });

  it('measures the time away with the clock when a throttled timer never fired', () => {
    const g = guard();
    g.left();
    // A hidden tab's timers held back: the clock moved on, no timer ran.
    vi.setSystemTime(1_000_000 + 7_000);
    g.back();
    expect(violations).toBe(1);
  });

  it('counts from the first departure, not from a repeated one', () => {
    const g = guard();
    g.left();
    vi.advanceTimersByTime(3000);
    g.left(); // pagehide after visibilitychange: the same absence
    vi.advanceTimersByTime(2001);
    expect(violations).toBe(1);
  });

  it('starts afresh after each return', () => {
    const g = guard();
    g.left();
    vi.advanceTimersByTime(4000);
    g.back();
    g.left();
    vi.advanceTimersByTime(4000);
    g.back();
    expect(violations).toBe(0);
  });

  it('judges an absence that began before a reload by its start', () => {
    const g = guard(1_000_000 - 6_000);
    g.back();
    expect(violations).toBe(1);
    const h = guard(1_000_000 - 2_000);
    h.back();
    expect(violations).toBe(1);
    expect(remembered).toEqual([null]);
  });

  it('stops its timer when disposed', () => {
    const g = guard();
    g.left();
    g.dispose();
    vi.advanceTimersByTime(10_000);
    expect(violations).toBe(0);
  });
});

describe('bindAwayGuard', () => {
  it('follows visibilitychange both ways, pagehide and freeze', () => {
    const g = guard();
    const unbind = bindAwayGuard(g);
    setVisibility('hidden');
    vi.advanceTimersByTime(2000);
    setVisibility('visible');
    expect(violations).toBe(0);

    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(5001);
    expect(violations).toBe(1);
    unbind();
  });

  it('submits on return after a long hidden period whose timer was throttled', () => {
    const g = guard();
    const unbind = bindAwayGuard(g);
    document.dispatchEvent(new Event('freeze'));
    vi.setSystemTime(1_000_000 + 30_000);
    document.dispatchEvent(new Event('resume'));
    expect(violations).toBe(1);
    unbind();
  });

  it('lets go of the page when unbound', () => {
    const g = guard();
    bindAwayGuard(g)();
    setVisibility('hidden');
    vi.advanceTimersByTime(10_000);
    expect(violations).toBe(0);
  });
});
