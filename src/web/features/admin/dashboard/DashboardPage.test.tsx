// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDashboard } from '../../../../core/contract';
import { makeStore } from '../../../app/store';
import DashboardPage from './DashboardPage';

const FIGURES = {
  users: 3,
  active_7d: 1,
  questions: 40,
  open_reports: 0,
  pending_payouts: 0,
  coins_held: 120,
  live_rooms: 0,
};

function serve(board: AdminDashboard) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: false, data: board }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the operator’s dashboard', () => {
  it('warns when sign-in codes cannot be sent, naming the setting for each channel', async () => {
    serve({ ...FIGURES, undeliverable: ['email', 'sms'] });
    const notice = await screen.findByTestId('dashboard-undeliverable');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('SMTP_URL');
    expect(notice.textContent).toContain('SMS_WEBHOOK_URL');
  });

  it('shows no warning when every channel can deliver', async () => {
    serve({ ...FIGURES, undeliverable: [] });
    await screen.findByTestId('dashboard-tiles');
    expect(screen.queryByTestId('dashboard-undeliverable')).toBeNull();
  });
});
