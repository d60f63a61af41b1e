// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { cue } from '../../lib/feedback/cues';
import { Timer, warnFrom } from './Timer';

vi.mock('../../lib/feedback/cues', () => ({ cue: vi.fn() }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(cue).mockClear();
});

function urgent(): boolean {
  return screen.getByTestId('timer').classList.contains('urgent');
}

/** Moves the test's clock on by `s` seconds (the countdown reads Date.now on its interval). */
function pass(s: number) {
  act(() => {
    vi.advanceTimersByTime(s * 1000);
  });
}

describe('warnFrom', () => {
  it('warns in the last 10 s of a long question clock, the last 5 of a short one, the last minute of a quiz clock', () => {
    expect(warnFrom(60, false)).toBe(10);
    expect(warnFrom(90, false)).toBe(10);
    expect(warnFrom(30, false)).toBe(5);
    expect(warnFrom(10, false)).toBe(5);
    expect(warnFrom(180, true)).toBe(60);
  });
});

describe('Timer (issue 22: 60-second questions were red from the start)', () => {
  it('a 60-second question clock is calm at the start and turns red only with 10 s left', () => {
    render(<Timer seconds={60} questionKey="q1" running onExpire={() => undefined} />);
    expect(screen.getByTestId('timer').textContent).toContain('1:00');
    expect(urgent()).toBe(false);
    pass(49);
    expect(screen.getByTestId('timer').textContent).toContain('0:11');
    expect(urgent()).toBe(false);
    pass(1);
    expect(screen.getByTestId('timer').textContent).toContain('0:10');
    expect(urgent()).toBe(true);
  });

  it('a 20-second question clock turns red with 5 s left, not before', () => {
    render(<Timer seconds={20} questionKey="q1" running onExpire={() => undefined} />);
    expect(urgent()).toBe(false);
    pass(14);
    expect(urgent()).toBe(false);
    pass(1);
    expect(urgent()).toBe(true);
  });

  it('a whole-quiz clock of 3 minutes turns red in its last minute', () => {
    render(<Timer seconds={180} questionKey="s" running wholeQuiz onExpire={() => undefined} />);
    expect(urgent()).toBe(false);
    pass(119);
    expect(urgent()).toBe(false);
    pass(1);
    expect(urgent()).toBe(true);
  });

  it('a paused clock (answer shown) is never red, and a new question starts calm again', () => {
    const { rerender } = render(<Timer seconds={60} questionKey="q1" running onExpire={() => undefined} />);
    pass(55);
    expect(urgent()).toBe(true);
    rerender(<Timer seconds={60} questionKey="q1" running={false} onExpire={() => undefined} />);
    expect(urgent()).toBe(false);
    rerender(<Timer seconds={60} questionKey="q2" running onExpire={() => undefined} />);
    expect(urgent()).toBe(false);
    expect(screen.getByTestId('timer').textContent).toContain('1:00');
  });

  it('calls onExpire once at zero', () => {
    const expire = vi.fn();
    render(<Timer seconds={5} questionKey="q1" running onExpire={expire} />);
    pass(4);
    expect(expire).not.toHaveBeenCalled();
    pass(2);
    expect(expire).toHaveBeenCalledTimes(1);
  });
});

describe('Timer: time running out is heard and felt', () => {
  it('ticks once a second in the last five seconds of a question, not before, not when stopped', () => {
    const view = render(<Timer seconds={20} questionKey="q1" running onExpire={() => undefined} />);
    pass(14);
    expect(cue).not.toHaveBeenCalled();
    pass(1);
    expect(vi.mocked(cue).mock.calls).toEqual([['tick']]);
    for (let i = 0; i < 4; i++) pass(1);
    expect(cue).toHaveBeenCalledTimes(5);
    view.rerender(<Timer seconds={20} questionKey="q1" running={false} onExpire={() => undefined} />);
    pass(3);
    expect(cue).toHaveBeenCalledTimes(5);
  });
});

describe('Timer: a resumed question (issue 22 §15)', () => {
  it('goes on from the time the server says was used, not from the start', () => {
    const expire = vi.fn();
    render(<Timer seconds={30} spent={21.4} questionKey="q3:0" running onExpire={expire} />);
    expect(screen.getByTestId('timer').textContent).toContain('9');
    expect(urgent()).toBe(false);
    pass(8);
    expect(expire).not.toHaveBeenCalled();
    pass(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('a question whose time ran out while away times out at once', () => {
    const expire = vi.fn();
    render(<Timer seconds={30} spent={45} questionKey="q3:0" running onExpire={expire} />);
    expect(screen.getByTestId('timer').textContent).toContain('0');
    pass(0.5);
    expect(expire).toHaveBeenCalledTimes(1);
  });
});
