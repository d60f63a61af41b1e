// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentLanguage } from '../../../core/contract';
import { makeStore } from '../../app/store';
import '../../lib/i18n';
import StatisticsPage from './StatisticsPage';

const list: ContentLanguage[] = [
  { id: 1, language: 'English', code: 'en', rtl: false, is_default: true },
  { id: 2, language: 'العربية', code: 'ar', rtl: true, is_default: false },
];
const stats = { questions_answered: 10, correct_answers: 7, ratio: 70, quizzes_played: 1 };
const reply = (data: unknown) => new Response(JSON.stringify({ error: false, data }), { status: 200 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(appLanguage: string, contentId: number) {
  const asked: number[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/get_users_statistics')) {
        asked.push(Number((init?.body as FormData).get('language_id')));
        return reply({ ...stats, best_category: 'science', best_category_name: 'Science', weak_category: '' });
      }
      return new Response(JSON.stringify({ error: false, data: [], total: 0 }), { status: 200 });
    }),
  );
  const base = makeStore().getState();
  const store = makeStore({
    languages: {
      ...base.languages,
      list,
      appLanguage,
      currentLanguage: { id: contentId, code: contentId === 2 ? 'ar' : 'en', name: '' },
    },
  });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <StatisticsPage />
      </MemoryRouter>
    </Provider>,
  );
  return asked;
}

describe('StatisticsPage', () => {
  it('names categories in the English interface even when the quizzes are played in Arabic', async () => {
    const asked = show('en', 2);
    expect((await screen.findByTestId('stats-best')).textContent).toBe('Science');
    expect(asked).toEqual([1]);
  });

  it('keeps the content language when the interface language has no content of its own', async () => {
    const asked = show('fr', 2);
    await screen.findByTestId('stats-best');
    expect(asked).toEqual([2]);
  });
});
