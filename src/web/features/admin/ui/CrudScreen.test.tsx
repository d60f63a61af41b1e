// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { ApiError, api } from '../../../lib/api-client';
import { useMutate } from '../admin-api';
import { CrudScreen, type CrudContext } from './CrudScreen';
import type { Column } from './DataTable';

vi.mock('../../../lib/api-client', async (actual) => ({
  ...(await actual<typeof import('../../../lib/api-client')>()),
  api: vi.fn(),
}));

interface Row {
  id: number;
  name: string;
}

const columns: Column<Row>[] = [{ id: 'name', header: 'Name', cell: (r) => r.name }];
const apiMock = vi.mocked(api);
/** Lets the replies in and the store's updates render (the store tells its screens on an animation frame). */
const flush = () =>
  act(async () => {
    for (let i = 0; i < 3; i++) await new Promise((ok) => setTimeout(ok, 16));
  });
/** How many times the list was asked for. */
const listLoads = () => apiMock.mock.calls.filter(([action]) => action === 'admin_get_languages').length;
/** The calls of a change, by action. */
const changes = (action: string) => apiMock.mock.calls.filter(([a]) => a === action);

/** The drawer's form in small: each save is a change sent to the server. */
function Form({ row, saved }: { row: Row | null; saved: (next?: Row) => void }) {
  const mutate = useMutate();
  const save = (next?: Row) => void mutate('admin_save_language', { name: 'English (UK)' }).then(() => saved(next));
  return (
    <div data-testid="form">
      {row ? `editing ${row.name}` : 'new'}
      <button onClick={() => save()}>Save and close</button>
      <button onClick={() => save({ id: 1, name: 'English (UK)' })}>Save and stay</button>
    </div>
  );
}

/** The languages screen in small: a drawer form, delete with deactivate, and a confirmed change. */
function LanguagesScreen() {
  const mutate = useMutate();
  const ask = (r: Row, ctx: CrudContext<Row>) =>
    ctx.confirm({
      title: `Hide ${r.name}?`,
      body: 'Sure?',
      confirmLabel: 'Hide',
      onConfirm: () => mutate('admin_save_language', { id: r.id, status: 0 }),
    });
  return (
    <CrudScreen
      heading="section"
      title="Languages"
      add={{ label: 'Add a language', testId: 'add' }}
      testId="t"
      columns={columns}
      rowKey={(r) => r.id}
      defaults={{ filters: { status: 'all' } }}
      search="Search"
      list={{
        action: 'admin_get_languages',
        fields: (q) => ({ offset: q.offset, limit: q.limit, search: q.search, status: q.filters.status }),
      }}
      edit={{ label: 'Edit', testId: 'edit' }}
      drawer={{
        testId: 'drawer',
        title: (r) => r?.name ?? 'Add a language',
        body: (r, saved) => <Form row={r} saved={saved} />,
      }}
      remove={{
        label: 'Delete',
        testId: 'delete',
        title: (r) => `Delete ${r.name}?`,
        body: 'It goes for good.',
        run: (r) => mutate('admin_delete_category', { id: r.id }, { expect: ['category_not_empty'] }),
        deactivate: (r) => () => mutate('admin_save_category', { id: r.id, status: 0 }),
      }}
      rowActions={(r, ctx) => (
        <button onClick={() => ask(r, ctx)} data-testid="hide">
          Hide
        </button>
      )}
      empty="No languages"
    />
  );
}

/** Renders the screen, once its rows are in. */
async function languages() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={['/admin/content/languages?q=en&status=active']}>
        <LanguagesScreen />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findAllByTestId('t-row');
}

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async () => [{ id: 1, name: 'English' }] as never);
});

afterEach(cleanup);

describe('CrudScreen', () => {
  it("loads its rows through the list action, with the fields made from the address's query", async () => {
    await languages();
    expect(apiMock).toHaveBeenCalledWith(
      'admin_get_languages',
      { offset: 0, limit: 20, search: 'en', status: 'active' },
      expect.objectContaining({ onTotal: expect.any(Function) }),
    );
    expect(screen.getByRole('heading', { name: 'Languages' })).toBeTruthy();
    expect(screen.getAllByTestId('t-row')).toHaveLength(1);
    expect(screen.getByText('English')).toBeTruthy();
  });

  it('adds in a drawer, and a save closes it and loads the list again (the change refetches it)', async () => {
    await languages();
    fireEvent.click(screen.getByTestId('add'));
    expect(screen.getByTestId('form').textContent).toContain('new');
    fireEvent.click(screen.getByText('Save and close'));
    await flush();
    expect(screen.queryByTestId('drawer')).toBeNull();
    expect(changes('admin_save_language')).toHaveLength(1);
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('edits a row from its button or a click on it; a save can keep the saved row open', async () => {
    await languages();
    fireEvent.click(screen.getByTestId('t-row'));
    expect(screen.getByTestId('form').textContent).toContain('editing English');
    fireEvent.click(screen.getByTestId('drawer-close'));
    fireEvent.click(screen.getByTestId('edit'));
    fireEvent.click(screen.getByText('Save and stay'));
    await flush();
    expect(screen.getByTestId('form').textContent).toContain('editing English (UK)');
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('deletes only once asked, then loads the list again', async () => {
    await languages();
    fireEvent.click(screen.getByTestId('delete'));
    expect(screen.getByTestId('delete-dialog').textContent).toContain('Delete English?');
    expect(changes('admin_delete_category')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('delete-ok'));
    await flush();
    expect(changes('admin_delete_category')).toHaveLength(1);
    expect(screen.queryByTestId('delete-dialog')).toBeNull();
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('offers to deactivate a row the server will not delete because it is not empty', async () => {
    apiMock.mockImplementation(async (action) => {
      if (action === 'admin_delete_category') throw new ApiError('category_not_empty', 409, 'Not empty.');
      return [{ id: 1, name: 'English' }] as never;
    });
    await languages();
    fireEvent.click(screen.getByTestId('delete'));
    fireEvent.click(screen.getByTestId('delete-ok'));
    await flush();
    expect(screen.getByTestId('delete-refused')).toBeTruthy();
    expect(listLoads()).toBe(1);
    fireEvent.click(screen.getByTestId('delete-deactivate'));
    await flush();
    expect(changes('admin_save_category')).toHaveLength(1);
    expect(changes('admin_save_category')[0]![1]).toEqual({ id: 1, status: 0 });
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it("asks before a row's own change and loads the list again once it is done", async () => {
    await languages();
    fireEvent.click(screen.getByTestId('hide'));
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('Hide English?');
    expect(changes('admin_save_language')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await flush();
    expect(changes('admin_save_language')).toHaveLength(1);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('sends each change with an Idempotency-Key of its own', async () => {
    await languages();
    fireEvent.click(screen.getByTestId('add'));
    fireEvent.click(screen.getByText('Save and close'));
    await flush();
    fireEvent.click(screen.getByTestId('add'));
    fireEvent.click(screen.getByText('Save and close'));
    await flush();
    const keys = changes('admin_save_language').map(([, , opts]) => opts?.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('turns a reply that is not a plain list into a page, and lets the screen hear the rest of it', async () => {
    apiMock.mockImplementation(async () => ({ rows: [{ key: 'home.title' }], missing: 3, total: 9 }) as never);
    const heard = vi.fn();
    render(
      <Provider store={makeStore()}>
        <MemoryRouter>
          <CrudScreen
            title="Texts"
            testId="t"
            columns={columns}
            rowKey={(r) => r.id}
            list={{
              action: 'admin_get_translations',
              fields: (q) => ({ language_code: 'fr', offset: q.offset, limit: q.limit }),
              page: (reply, total) => ({
                rows: reply.rows.map((r, i) => ({ id: i, name: r.key })),
                total: total ?? reply.total,
              }),
              onReply: heard,
            }}
            empty="None"
          />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('home.title')).toBeTruthy();
    expect(screen.getByTestId('t-count').textContent).toBe('1–1 of 9');
    expect(heard).toHaveBeenCalledOnce();
    expect(heard).toHaveBeenCalledWith({ rows: [{ key: 'home.title' }], missing: 3, total: 9 });
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
