// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationView } from '../../../core/contract';
import { notificationsHeard } from '../../app/live-slice';
import { paths } from '../../app/paths';
import { stubApi } from '../../test-support/api-stub';
import { renderWithProviders, signedIn } from '../../test-support/render';
import NotificationsPage, { noticeText } from './NotificationsPage';

const notice = (id: number, over: Partial<NotificationView> = {}): NotificationView => ({
  id,
  type: 'general',
  params: {},
  title: `Notice ${id}`,
  message: `Message ${id}`,
  link: '',
  date: '2026-11-26T10:00:00Z',
  read: false,
  ...over,
});

/** get_notifications over `list`, newest first, in pages of the call's `limit`. */
const pagesOf = (list: NotificationView[]) => (fields: FormData) => {
  const offset = Number(fields.get('offset'));
  return list.slice(offset, offset + Number(fields.get('limit')));
};

const titles = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.notice-title')!.textContent);
const unread = () => screen.queryByTestId('notices-unread')?.textContent ?? null;
const openPage = () =>
  renderWithProviders(<NotificationsPage />, {
    route: paths.profileNotifications,
    path: paths.profileNotifications,
    preloadedState: signedIn(),
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationsPage', () => {
  it('lists the newest first, a notification pushed meanwhile on top', async () => {
    stubApi({ get_notifications: pagesOf([notice(3), notice(2, { read: true }), notice(1)]) });
    const { store } = openPage();

    await screen.findByTestId('notice-3');
    expect(titles()).toEqual(['Notice 3', 'Notice 2', 'Notice 1']);
    expect(unread()).toBe('2 unread');
    act(() => {
      store.dispatch(notificationsHeard({ unread: 3, latest: notice(4) }));
    });

    expect(titles()).toEqual(['Notice 4', 'Notice 3', 'Notice 2', 'Notice 1']);
    expect(unread()).toBe('3 unread');
  });

  it('marks a tapped notification read at once and tells the server', async () => {
    const calls = stubApi({
      get_notifications: pagesOf([notice(2), notice(1)]),
      set_notifications_read: () => ({ unread: 1 }),
    });
    openPage();

    await act(async () => fireEvent.click(await screen.findByTestId('notice-2')));

    expect(screen.getByTestId('notice-2').className).not.toContain('unread');
    expect(unread()).toBe('1 unread');
    const read = calls.find((c) => c.action === 'set_notifications_read');
    expect(read?.fields.get('ids')).toBe('2');
    // Marked here: the list is not asked for again.
    expect(calls.filter((c) => c.action === 'get_notifications')).toHaveLength(1);
  });

  it('marks every one read with "Mark all as read"', async () => {
    stubApi({ get_notifications: pagesOf([notice(2), notice(1)]), set_notifications_read: () => ({ unread: 0 }) });
    openPage();

    await act(async () => fireEvent.click(await screen.findByTestId('notices-read-all')));

    await vi.waitFor(() => expect(unread()).toBeNull());
    expect(screen.getByTestId('notice-1').className).not.toContain('unread');
  });

  it('adds the next page on "Show more"', async () => {
    const list = Array.from({ length: 23 }, (_, i) => notice(23 - i));
    stubApi({ get_notifications: pagesOf(list) });
    openPage();

    await screen.findByTestId('notice-23');
    expect(titles()).toHaveLength(20);
    await act(async () => fireEvent.click(screen.getByTestId('notices-more')));

    await vi.waitFor(() => expect(titles()).toHaveLength(23));
    expect(titles().at(-1)).toBe('Notice 1');
  });

  it("words the server's own notifications in the player's language (a contest prize, its coins counted)", () => {
    const prize = notice(1, { type: 'contest_prize', params: { contest: 'Flash Final', rank: 1, coins: 60 } });
    expect(noticeText(prize)).toEqual({
      title: 'You won a contest prize',
      body: 'You ranked 1 in \u2068Flash Final\u2069 and won 60 coins.',
    });
    const one = notice(2, { type: 'contest_prize', params: { contest: 'Cup', rank: 3, coins: 1 } });
    expect(noticeText(one).body).toBe('You ranked 3 in \u2068Cup\u2069 and won 1 coin.');
  });
});
