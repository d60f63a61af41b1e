// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { api } from '../../../lib/api-client';
import { DataTable, type Column, type TablePage } from './DataTable';

vi.mock('../../../lib/api-client', async (actual) => ({
  ...(await actual<typeof import('../../../lib/api-client')>()),
  api: vi.fn(),
}));

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [
  { id: 'id', header: 'Id', cell: (r) => r.id, sort: 'id' },
  { id: 'name', header: 'Name', cell: (r) => r.name, sort: 'name' },
];

/** The server's side of the list action: the fields it was sent, the page it answers. */
type Load = (fields: Record<string, unknown>) => Promise<TablePage<Row>>;

const apiMock = vi.mocked(api);

function table(load: Load, url = '/admin/users') {
  apiMock.mockImplementation(async (_action, fields, opts) => {
    const page = await load(fields as Record<string, unknown>);
    if (page.total !== null) opts?.onTotal?.(page.total);
    return page.rows as never;
  });
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[url]}>
        <DataTable
          label="Users"
          testId="t"
          columns={columns}
          rowKey={(r) => r.id}
          list={{
            action: 'admin_get_users',
            fields: (q) => ({
              offset: q.offset,
              limit: q.limit,
              search: q.search,
              status: q.filters.status,
              sort: q.sort,
              order: q.order,
            }),
          }}
          pageSize={2}
          search="Search"
          defaults={{ sort: 'id', order: 'desc', filters: { status: 'all' } }}
          filters={[
            {
              name: 'status',
              label: 'Status',
              options: [
                { value: 'all', label: 'All' },
                { value: 'active', label: 'Active' },
              ],
            },
          ]}
          empty="Nobody"
          rowActions={(r) => <button data-testid={`act-${r.id}`}>Act</button>}
        />
      </MemoryRouter>
    </Provider>,
  );
}

/** Lets the replies in and the store's updates render (the store tells its screens on an animation frame). */
const flush = () =>
  act(async () => {
    for (let i = 0; i < 3; i++) await new Promise((ok) => setTimeout(ok, 16));
  });

beforeEach(() => apiMock.mockReset());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DataTable', () => {
  it('asks the server for a page with the query the address holds, and shows the rows and the range', async () => {
    const load = vi.fn<Load>(async () => ({ rows: [{ id: 3, name: 'Ann' }], total: 3 }));
    table(load, '/admin/users?q=ann&status=active&page=2&sort=name&order=asc');
    await flush();
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({
        search: 'ann',
        status: 'active',
        sort: 'name',
        order: 'asc',
        offset: 2,
        limit: 2,
      }),
    );
    expect(screen.getAllByTestId('t-row')).toHaveLength(1);
    expect(screen.getByTestId('t-count').textContent).toBe('3–3 of 3');
    expect((screen.getByTestId('t-next') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('t-prev') as HTMLButtonElement).disabled).toBe(false);
  });

  it('waits for typing to pause before searching, and starts again from the first page', async () => {
    vi.useFakeTimers();
    const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    const load = vi.fn<Load>(async () => ({ rows: [], total: 0 }));
    table(load, '/admin/users?page=3');
    await tick(0);
    expect(load).toHaveBeenCalledTimes(1);
    load.mockClear();
    const box = screen.getByTestId('t-search');
    fireEvent.change(box, { target: { value: 'a' } });
    await tick(200);
    fireEvent.change(box, { target: { value: 'an' } });
    await tick(200);
    fireEvent.change(box, { target: { value: 'ann' } });
    await tick(299);
    expect(load).not.toHaveBeenCalled();
    await tick(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(expect.objectContaining({ search: 'ann', offset: 0 }));
    // The store tells the table on the next animation frame.
    await tick(20);
    expect(screen.getByTestId('t-empty').textContent).toBe('Nobody');
  });

  it('sorts by a header (descending first, then ascending) and filters from the first page', async () => {
    const load = vi.fn<Load>(async () => ({ rows: [{ id: 1, name: 'Ann' }], total: null }));
    table(load);
    await flush();
    fireEvent.click(screen.getByTestId('t-sort-name'));
    await flush();
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', order: 'desc' }));
    fireEvent.click(screen.getByTestId('t-sort-name'));
    await flush();
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', order: 'asc' }));
    fireEvent.change(screen.getByTestId('t-filter-status'), { target: { value: 'active' } });
    await flush();
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'active', offset: 0 }));
    expect(screen.getByTestId('t-count').textContent).toBe('1–1');
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    const load = vi.fn<Load>(async () => {
      if (fail) throw new Error('offline');
      return { rows: [{ id: 9, name: 'Zed' }], total: 1 };
    });
    table(load);
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');
    fail = false;
    fireEvent.click(screen.getByText('Try again'));
    expect(await screen.findByText('Zed')).toBeTruthy();
    expect(screen.getByTestId('act-9')).toBeTruthy();
  });

  it('drops a reply that comes after a newer query was sent', async () => {
    let answerFirst!: (p: TablePage<Row>) => void;
    const load = vi
      .fn<Load>()
      .mockImplementationOnce(() => new Promise((ok) => (answerFirst = ok)))
      .mockImplementation(async () => ({ rows: [{ id: 2, name: 'Newer' }], total: 1 }));
    table(load);
    fireEvent.click(screen.getByTestId('t-sort-name'));
    await flush();
    expect(screen.getByText('Newer')).toBeTruthy();
    await act(async () => answerFirst({ rows: [{ id: 1, name: 'Stale' }], total: 1 }));
    expect(screen.queryByText('Stale')).toBeNull();
  });
});
