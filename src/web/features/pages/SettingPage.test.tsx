// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemConfigurations } from '../../../core/contract';
import { makeStore } from '../../app/store';
import '../../lib/i18n';

vi.mock('../../lib/api-client', async (actual) => ({
  ...(await actual<typeof import('../../lib/api-client')>()),
  api: () => Promise.resolve({ type: 'contact_us', message: 'Write to us.', is_default: true }),
}));
const { default: SettingPage } = await import('./SettingPage');

function show(details: Pick<SystemConfigurations, 'contact_email' | 'contact_phone' | 'contact_address'>) {
  const systemConfig = details as SystemConfigurations;
  const store = makeStore({ settings: { data: null, systemConfig, status: 'ready', maintenance: false } });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SettingPage type="contact_us" />
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(cleanup);

describe('contact page', () => {
  it("shows the operator's details from the configuration, each a link", async () => {
    show({ contact_email: 'help@example.org', contact_phone: '+44 (20) 7946-0000', contact_address: '1 Quiz Lane' });
    expect(await screen.findByText('Write to us.')).toBeTruthy();
    expect(screen.getByTestId('contact-email').getAttribute('href')).toBe('mailto:help@example.org');
    expect(screen.getByTestId('contact-phone').getAttribute('href')).toBe('tel:+442079460000');
    expect(screen.getByTestId('contact-phone').textContent).toBe('+44 (20) 7946-0000');
    expect(screen.getByTestId('contact-address').textContent).toBe('1 Quiz Lane');
  });

  it('leaves out what the operator left empty, and the card when all are', async () => {
    show({ contact_email: 'help@example.org', contact_phone: '', contact_address: '' });
    await screen.findByText('Write to us.');
    expect(screen.getByTestId('contact-email')).toBeTruthy();
    expect(screen.queryByTestId('contact-phone')).toBeNull();
    cleanup();
    show({ contact_email: '', contact_phone: '', contact_address: '' });
    await screen.findByText('Write to us.');
    expect(screen.queryByTestId('contact-details')).toBeNull();
  });
});
