// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
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
const flush = () => act(async () => new Promise((ok) => setTimeout(ok, 0)));

/** The languages screen in small: a drawer form, delete with deactivate, and a confirmed change. */
function languages(opts: { remove?: () => Promise<unknown>; deactivate?: () => Promise<unknown> } = {}) {
  const confirmed = vi.fn(async () => undefined);
  const ask = (r: Row, ctx: CrudContext<Row>) =>
    ctx.confirm({ title: `Hide ${r.name}?`, body: 'Sure?', confirmLabel: 'Hide', onConfirm: confirmed });
  render(
    <MemoryRouter initialEntries={['/admin/content/languages?q=en&status=active']}>
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
          body: (r, saved) => (
            <div data-testid="form">
              {r ? `editing ${r.name}` : 'new'}
              <button onClick={() => saved()}>Save and close</button>
              <button onClick={() => saved({ id: 1, name: 'English (UK)' })}>Save and stay</button>
            </div>
          ),
        }}
        remove={{
          label: 'Delete',
          testId: 'delete',
          title: (r) => `Delete ${r.name}?`,
          body: 'It goes for good.',
          run: opts.remove ?? (async () => undefined),
          deactivate: () => opts.deactivate,
        }}
        rowActions={(r, ctx) => (
          <button onClick={() => ask(r, ctx)} data-testid="hide">
            Hide
          </button>
        )}
        empty="No languages"
      />
    </MemoryRouter>,
  );
  return { confirmed };
}

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async () => [{ id: 1, name: 'English' }] as never);
});

afterEach(cleanup);

describe('CrudScreen', () => {
  it("loads its rows through the list action, with the fields made from the address's query", async () => {
    languages();
    await flush();
    expect(apiMock).toHaveBeenCalledWith(
      'admin_get_languages',
      { offset: 0, limit: 20, search: 'en', status: 'active' },
      expect.objectContaining({ onTotal: expect.any(Function) }),
    );
    expect(screen.getByRole('heading', { name: 'Languages' })).toBeTruthy();
    expect(screen.getAllByTestId('t-row')).toHaveLength(1);
    expect(screen.getByText('English')).toBeTruthy();
  });

  it('adds in a drawer, and a save closes it and loads the list again', async () => {
    languages();
    await flush();
    fireEvent.click(screen.getByTestId('add'));
    expect(screen.getByTestId('form').textContent).toContain('new');
    fireEvent.click(screen.getByText('Save and close'));
    await flush();
    expect(screen.queryByTestId('drawer')).toBeNull();
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it('edits a row from its button or a click on it; a save can keep the saved row open', async () => {
    languages();
    await flush();
    fireEvent.click(screen.getByTestId('t-row'));
    expect(screen.getByTestId('form').textContent).toContain('editing English');
    fireEvent.click(screen.getByTestId('drawer-close'));
    fireEvent.click(screen.getByTestId('edit'));
    fireEvent.click(screen.getByText('Save and stay'));
    await flush();
    expect(screen.getByTestId('form').textContent).toContain('editing English (UK)');
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it('deletes only once asked, then loads the list again', async () => {
    const remove = vi.fn(async () => undefined);
    languages({ remove });
    await flush();
    fireEvent.click(screen.getByTestId('delete'));
    expect(screen.getByTestId('delete-dialog').textContent).toContain('Delete English?');
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('delete-ok'));
    await flush();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('delete-dialog')).toBeNull();
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it('offers to deactivate a row the server will not delete because it is not empty', async () => {
    const deactivate = vi.fn(async () => undefined);
    languages({
      remove: async () => Promise.reject(new ApiError('category_not_empty', 409, 'Not empty.')),
      deactivate,
    });
    await flush();
    fireEvent.click(screen.getByTestId('delete'));
    fireEvent.click(screen.getByTestId('delete-ok'));
    await flush();
    expect(screen.getByTestId('delete-refused')).toBeTruthy();
    fireEvent.click(screen.getByTestId('delete-deactivate'));
    await flush();
    expect(deactivate).toHaveBeenCalledTimes(1);
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it("asks before a row's own change and loads the list again once it is done", async () => {
    const { confirmed } = languages();
    await flush();
    fireEvent.click(screen.getByTestId('hide'));
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('Hide English?');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await flush();
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
    expect(apiMock).toHaveBeenCalledTimes(2);
  });

  it('turns a reply that is not a plain list into a page', async () => {
    apiMock.mockImplementation(async () => ({ rows: [{ key: 'home.title' }], missing: 3, total: 9 }) as never);
    render(
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
          }}
          empty="None"
        />
      </MemoryRouter>,
    );
    await flush();
    expect(screen.getByText('home.title')).toBeTruthy();
    expect(screen.getByTestId('t-count').textContent).toBe('1–1 of 9');
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
