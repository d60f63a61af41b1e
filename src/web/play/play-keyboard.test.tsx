// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayQuestion, PlaySession, SystemConfig, UserRecord } from '../../core/contract';
import { loggedIn } from '../app/events';
import { makeStore } from '../app/store';
import { contentLanguageChosen, contentLanguagesLoaded } from '../features/languages/languages-slice';
import '../lib/i18n';
import { SoloPlay } from './SoloPlay';
import { playQuestion, playSession, quizResult } from './test-fixtures';

const q = playQuestion;

const session = (questions: PlayQuestion[], over: Partial<PlaySession> = {}) =>
  playSession(questions, { session_id: '00000000-0000-4000-8000-000000000002', ...over });

const result = quizResult({ session_id: '00000000-0000-4000-8000-000000000002' });

function mockSubmit() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: false, data: result }), { status: 200 })),
  );
}

function setup(s: PlaySession, prepare: (store: ReturnType<typeof makeStore>) => void = () => undefined) {
  const store = makeStore();
  prepare(store);
  store.dispatch(loggedIn({ user: { name: 'Ada', coins: 10, all_time_score: 0 } as UserRecord, token: 't' }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SoloPlay open={() => Promise.resolve(s)} playKey="k" back={{ to: '/levels', label: 'Back' }} />
      </MemoryRouter>
    </Provider>,
  );
}

const key = (k: string, code: string, over: object = {}) =>
  fireEvent.keyDown(document.activeElement ?? window, { key: k, code, ...over });
const said = () => screen.getByTestId('announcer').textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('playing by keyboard', () => {
  it('answers by number and letter keys, says each verdict with the right answer, focuses Next, the next question and the result', async () => {
    mockSubmit();
    setup(session([q(1), q(2)]));
    const first = await screen.findByRole('heading', { name: 'Question 1' });
    expect(document.activeElement).toBe(first);
    expect(screen.getByTestId('keys-hint').textContent).toBe('Keys 1–3 or A–C answer.');
    expect(screen.getByTestId('option-b').getAttribute('aria-keyshortcuts')).toBe('2 B');

    key('1', 'Digit1', { ctrlKey: true });
    expect(screen.queryByTestId('verdict')).toBeNull();
    key('2', 'Digit2');
    expect(screen.getByTestId('verdict').textContent).toBe('Not quite.');
    expect(said()).toBe('Wrong — the answer was Alpha');
    // Not by colour alone: a cross on the pick, a tick on the right one, and words for screen readers.
    expect(screen.getByTestId('option-b').textContent).toContain('✗');
    expect(screen.getByTestId('option-a').textContent).toContain('✓');
    expect(document.activeElement).toBe(screen.getByTestId('next-question'));
    // Keys answer nothing once the verdict is given.
    key('a', 'KeyA');
    expect(screen.getByTestId('option-b').className).toContain('incorrect');

    fireEvent.click(screen.getByTestId('next-question'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Question 2' }));
    expect(said()).toBe('');
    key('ش', 'KeyA'); // an Arabic keyboard's A key
    expect(said()).toBe('Correct!');

    await act(async () => fireEvent.click(screen.getByTestId('next-question')));
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(heading);
    expect(said()).toBe('1 of 2 right, score 4. 3 coins won.');
  });

  it('says "10 seconds left" once as the clock runs into its last ten seconds, not every second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    setup(session([q(1)]));
    await screen.findByRole('heading', { name: 'Question 1' });
    const heard: string[] = [];
    const shown = new Set<string>();
    for (let s = 0; s < 29; s++) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      shown.add(screen.getByTestId('timer').textContent ?? '');
      const now = said() ?? '';
      if (now !== (heard[heard.length - 1] ?? '')) heard.push(now);
    }
    expect(shown.size).toBe(29);
    expect(heard).toEqual(['10 seconds left']);
    // The clock is no live region: its figure changes every second unspoken.
    expect(screen.getByTestId('timer').closest('[aria-live]')).toBeNull();
    expect(screen.getByTestId('timer-warn')).toBeTruthy();
  });

  it('ticks and unticks a multi-select option by its key, and pairs a match item (letter) with its match (digit)', async () => {
    setup(
      session([
        q(1, { question_type: 'multi_select', answer: 'a,c' }),
        q(2, {
          question_type: 'match',
          options: [
            { id: 'x', text: 'Paris' },
            { id: 'y', text: 'Rome' },
          ],
          match_options: [
            { id: '1', text: 'Italy' },
            { id: '2', text: 'France' },
          ],
          answer: 'x:2,y:1',
        }),
      ]),
    );
    await screen.findByRole('heading', { name: 'Question 1' });
    const box = (id: string) => screen.getByTestId(`option-${id}`).querySelector('input')!;
    key('1', 'Digit1');
    key('c', 'KeyC');
    key('b', 'KeyB');
    key('b', 'KeyB');
    expect([box('a').checked, box('b').checked, box('c').checked]).toEqual([true, false, true]);
    fireEvent.click(screen.getByTestId('check-answer'));
    expect(said()).toBe('Correct!');
    fireEvent.click(screen.getByTestId('next-question'));

    await screen.findByRole('heading', { name: 'Question 2' });
    key('a', 'KeyA');
    key('2', 'Digit2');
    key('1', 'Digit1'); // the next item still without a match is taken on its own
    expect(screen.getByTestId('match-left-x').textContent).toContain('France');
    expect(screen.getByTestId('match-left-y').textContent).toContain('Italy');
    fireEvent.click(screen.getByTestId('check-answer'));
    expect(said()).toBe('Correct!');
  });

  it('moves between the options with the arrow keys, Home and End, wrapping round', async () => {
    setup(session([q(1)]));
    await screen.findByRole('heading', { name: 'Question 1' });
    const option = (id: string) => screen.getByTestId(`option-${id}`);
    option('a').focus();
    fireEvent.keyDown(option('a'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(option('b'));
    fireEvent.keyDown(option('b'), { key: 'End' });
    expect(document.activeElement).toBe(option('c'));
    fireEvent.keyDown(option('c'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(option('a'));
    fireEvent.keyDown(option('a'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(option('c'));
    // Moving is not answering: Enter or Space on the focused option (a button) is.
    expect(screen.queryByTestId('verdict')).toBeNull();
  });

  it("gives a question in a content language other than the interface's its own lang and dir", async () => {
    setup(session([q(1, { question: 'ما عاصمة مصر؟' })]), (store) => {
      store.dispatch(
        contentLanguagesLoaded({
          list: [
            { id: 1, language: 'English', code: 'en', rtl: false, is_default: true },
            { id: 2, language: 'العربية', code: 'ar', rtl: true, is_default: false },
          ],
          config: { language_mode: '1' } as SystemConfig,
        }),
      );
      store.dispatch(contentLanguageChosen(2));
    });
    const heading = await screen.findByRole('heading', { name: 'ما عاصمة مصر؟' });
    expect([heading.getAttribute('lang'), heading.getAttribute('dir')]).toEqual(['ar', 'rtl']);
  });

  it('leaves a question in the interface language to the page (no lang of its own)', async () => {
    setup(session([q(1)]));
    const heading = await screen.findByRole('heading', { name: 'Question 1' });
    expect([heading.getAttribute('lang'), heading.getAttribute('dir')]).toEqual([null, 'auto']);
  });
});
