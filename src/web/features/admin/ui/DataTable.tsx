import { Fragment, useRef, useState, type ReactNode } from 'react';
import type { PagedRead } from '../../../app/server-state/paged-reads';
import { useAdminT } from '../i18n';
import { useListPage, type ListSource } from './crud-list';
import { useTableQuery, type TableDefaults } from './table-query';
import { SearchBox } from './SearchBox';
import { useOverflows } from './use-overflows';
import './table.css';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort key for this column: its header becomes a sort button. */
  sort?: string;
  align?: 'start' | 'end';
  /** Left out on narrow screens (a tablet held upright). */
  wide?: boolean;
}

export interface TableFilter {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

/** One page of rows and, when the server says, how many there are in all. */
export interface TablePage<T> {
  rows: T[];
  total: number | null;
}

interface DataTableProps<T, A extends PagedRead> {
  /** Names the table for assistive technology. */
  label: string;
  columns: Column<T>[];
  list: ListSource<A, T>;
  rowKey: (row: T) => string | number;
  defaults?: TableDefaults;
  search?: string;
  filters?: TableFilter[];
  pageSize?: number;
  empty: string;
  /** Buttons at the end of each row (their clicks do not open the row). */
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  /** A row's detail, shown under it when opened. */
  expand?: (row: T) => ReactNode;
  testId: string;
}

/**
 * A server-paged table: search (debounced), filters, sortable headers, paging, row actions and
 * expandable rows; loading, empty and error states. Its query lives in the address; its rows
 * come from the list action `list`, refetched after a change made in the console.
 */
export function DataTable<T, A extends PagedRead>(p: DataTableProps<T, A>) {
  const { t } = useAdminT();
  const limit = p.pageSize ?? 20;
  const [query, update] = useTableQuery(p.defaults);
  const state = useListPage(p.list, { ...query, offset: query.page * limit, limit });
  const [open, setOpen] = useState<string | number | null>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useOverflows(wrap);

  const rows = state.page?.rows ?? [];
  const total = state.page?.total ?? null;
  const from = query.page * limit;
  const hasNext = total === null ? rows.length === limit : from + rows.length < total;
  const cols = p.columns.length + (p.rowActions ? 1 : 0) + (p.expand ? 1 : 0);

  function sortBy(key: string) {
    const order = query.sort === key && query.order === 'desc' ? 'asc' : 'desc';
    update({ sort: key, order, page: 0 });
  }

  return (
    <section className="card admin-table-card" aria-label={p.label} data-testid={p.testId}>
      {(p.search !== undefined || p.filters?.length) && (
        <div className="admin-toolbar">
          {p.search !== undefined && (
            <SearchBox
              label={p.search}
              value={query.search}
              onChange={(search) => update({ search, page: 0 })}
              testId={`${p.testId}-search`}
            />
          )}
          {p.filters?.map((f) => (
            <label key={f.name} className="admin-filter">
              <span>{f.label}</span>
              <select
                value={query.filters[f.name] ?? ''}
                onChange={(e) => update({ filters: { [f.name]: e.target.value }, page: 0 })}
                data-testid={`${p.testId}-filter-${f.name}`}
              >
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <div
        ref={wrap}
        className={state.status === 'loading' && state.page ? 'admin-table-wrap busy' : 'admin-table-wrap'}
        // Wider than the screen, it scrolls: focusable and named, so a keyboard can scroll it too.
        {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': p.label })}
      >
        <table className="admin-table" aria-busy={state.status === 'loading'}>
          <caption className="visually-hidden">{p.label}</caption>
          <thead>
            <tr>
              {p.expand && <th className="admin-col-toggle" aria-label={t('table.details')} />}
              {p.columns.map((c) => (
                <th
                  key={c.id}
                  scope="col"
                  className={cellClass(c)}
                  aria-sort={
                    c.sort && query.sort === c.sort ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                >
                  {c.sort ? (
                    <button
                      type="button"
                      className="admin-sort"
                      onClick={() => sortBy(c.sort!)}
                      data-testid={`${p.testId}-sort-${c.id}`}
                    >
                      {c.header}
                      <span className="admin-sort-mark" aria-hidden="true">
                        {query.sort === c.sort ? (query.order === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              ))}
              {p.rowActions && (
                <th scope="col" className="admin-col-actions">
                  <span className="visually-hidden">{t('table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = p.rowKey(row);
              const expanded = open === key;
              return (
                <Fragment key={key}>
                  <tr
                    className={p.onRowClick ? 'clickable' : undefined}
                    onClick={p.onRowClick ? () => p.onRowClick!(row) : undefined}
                    onKeyDown={
                      p.onRowClick
                        ? (e) => {
                            if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
                            // The row's dialog takes focus at once: unprevented, this Enter would go on
                            // to press the dialog's first button (its close) and shut it again.
                            e.preventDefault();
                            p.onRowClick!(row);
                          }
                        : undefined
                    }
                    tabIndex={p.onRowClick ? 0 : undefined}
                    data-testid={`${p.testId}-row`}
                  >
                    {p.expand && (
                      <td className="admin-col-toggle">
                        <button
                          type="button"
                          className="admin-expand"
                          aria-expanded={expanded}
                          aria-label={t('table.details')}
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpen(expanded ? null : key);
                          }}
                          data-testid={`${p.testId}-expand`}
                        >
                          <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                        </button>
                      </td>
                    )}
                    {p.columns.map((c) => (
                      <td key={c.id} className={cellClass(c)} data-label={c.header}>
                        {c.cell(row)}
                      </td>
                    ))}
                    {p.rowActions && (
                      <td className="admin-col-actions" onClick={(e) => e.stopPropagation()}>
                        <div className="admin-row-actions">{p.rowActions(row)}</div>
                      </td>
                    )}
                  </tr>
                  {expanded && p.expand && (
                    <tr className="admin-row-detail">
                      <td colSpan={cols}>{p.expand(row)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
            {state.status === 'ready' && rows.length === 0 && (
              <tr>
                <td colSpan={cols} className="admin-table-note" data-testid={`${p.testId}-empty`}>
                  {p.empty}
                </td>
              </tr>
            )}
            {state.status === 'loading' && !state.page && (
              <tr>
                <td colSpan={cols} className="admin-table-note">
                  <span className="spinner admin-inline-spinner" role="status" aria-label={t('table.loading')} />
                </td>
              </tr>
            )}
            {state.status === 'error' && (
              <tr>
                <td colSpan={cols} className="admin-table-note" role="alert">
                  <p>{t('table.error')}</p>
                  <button type="button" className="btn btn-outline btn-small" onClick={state.retry}>
                    {t('table.retry')}
                  </button>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="admin-pager">
        <span className="muted" data-testid={`${p.testId}-count`}>
          {rows.length === 0
            ? ''
            : total === null
              ? t('table.range', { from: from + 1, to: from + rows.length })
              : t('table.rangeOf', { from: from + 1, to: from + rows.length, total })}
        </span>
        <div className="admin-pager-buttons">
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={query.page === 0}
            onClick={() => update({ page: query.page - 1 })}
            data-testid={`${p.testId}-prev`}
          >
            {t('table.previous')}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={!hasNext}
            onClick={() => update({ page: query.page + 1 })}
            data-testid={`${p.testId}-next`}
          >
            {t('table.next')}
          </button>
        </div>
      </div>
    </section>
  );
}

function cellClass<T>(c: Column<T>): string | undefined {
  const cls = [c.align === 'end' ? 'end' : '', c.wide ? 'wide' : ''].filter(Boolean).join(' ');
  return cls || undefined;
}
