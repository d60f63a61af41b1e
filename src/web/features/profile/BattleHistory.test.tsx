// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BattleStatistic } from '../../../core/contract';
import { makeStore } from '../../app/store';
import '../../lib/i18n';
import { BattleHistory } from './BattleHistory';

const battle = (n: number, result: BattleStatistic['result']): BattleStatistic => ({
  room_id: `room-${n}`,
  kind: 'random',
  date: '2025-01-01T00:00:00Z',
  opponent_id: n,
  opponent_name: `Rival ${n}`,
  opponent_image: '',
  result,
  points: 4,
  opponent_points: 2,
});

/** get_battle_statistics answering `rows` and `total`. */
function server(rows: BattleStatistic[], total: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ error: false, data: rows, total }), { status: 200 })),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BattleHistory', () => {
  it('totals the battles listed and says so when they are all of them', async () => {
    server([battle(1, 'win'), battle(2, 'lose'), battle(3, 'win')], 3);
    render(
      <Provider store={makeStore()}>
        <BattleHistory />
      </Provider>,
    );
    expect((await screen.findByTestId('battle-totals-label')).textContent).toBe('All your battles');
    expect(screen.getByTestId('battle-played').textContent).toBe('3');
    expect(screen.getByTestId('battle-won').textContent).toBe('2');
    expect(screen.getByTestId('battle-lost').textContent).toBe('1');
    expect(screen.getByTestId('battle-drawn').textContent).toBe('0');
  });

  it('labels the totals as the last battles when the server has more than it sent', async () => {
    server(
      Array.from({ length: 20 }, (_, i) => battle(i, i < 5 ? 'draw' : 'win')),
      25,
    );
    render(
      <Provider store={makeStore()}>
        <BattleHistory />
      </Provider>,
    );
    expect((await screen.findByTestId('battle-totals-label')).textContent).toBe('Your last 20 battles');
    expect(screen.getByTestId('battle-played').textContent).toBe('20');
    expect(screen.getByTestId('battle-drawn').textContent).toBe('5');
  });
});
