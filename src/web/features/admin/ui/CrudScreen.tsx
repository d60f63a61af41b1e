import { useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PagedRead } from '../../../app/server-state/paged-reads';
import { ConfirmDialog } from './ConfirmDialog';
import type { ListSource } from './crud-list';
import { DataTable, type Column, type TableFilter } from './DataTable';
import { DeleteDialog } from './DeleteDialog';
import { Drawer } from './Drawer';
import { PageHead, SectionHead } from './PageHead';
import type { TableDefaults } from './table-query';

type Confirm = Omit<ComponentProps<typeof ConfirmDialog>, 'onClose'>;

/** What a screen's own parts (row actions, a form above the table) can ask of the screen. */
export interface CrudContext<T> {
  /** Opens the drawer on a row, or on a new one. */
  open: (row: T | 'new') => void;
  /** Asks "are you sure?" before a change. */
  confirm: (c: Confirm) => void;
}

interface CrudScreenProps<T, A extends PagedRead> {
  /** The screen's name: its heading, and the table's name unless `label` says otherwise. */
  title: string;
  intro?: string;
  /** The page's `h1` (a page of its own) or a section's `h2` (under a page's tabs); none when absent. */
  heading?: 'page' | 'section';
  /** Shown above the heading (crumbs back to the parent's list). */
  above?: ReactNode;
  /** Shown at the heading's end, before the add button. */
  headExtra?: ReactNode;
  /** The add button: it opens the drawer on a new row, or goes to `to`. */
  add?: { label: string; testId: string; to?: string };
  /** Shown between the heading and the table (a compose form, a toolbar, crumbs). */
  before?: (ctx: CrudContext<T>) => ReactNode;
  list: ListSource<A, T>;
  label?: string;
  testId: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  defaults?: TableDefaults;
  search?: string;
  filters?: TableFilter[];
  pageSize?: number;
  empty: string;
  /** Each row's edit button (or link with `to`); the row opens the same way when clicked. */
  edit?: { label: string; testId: string; to?: (row: T) => string };
  /** The drawer that adds and edits a row; `saved` closes it, or shows `next`. */
  drawer?: {
    testId: string;
    title: (row: T | null) => string;
    body: (row: T | null, saved: (next?: T) => void) => ReactNode;
  };
  /** Delete, asked first; a refusal because the row is not empty can offer `deactivate`. */
  remove?: {
    label: string;
    testId: string;
    title: (row: T) => string;
    body: string;
    run: (row: T) => Promise<unknown>;
    deactivate?: (row: T) => (() => Promise<unknown>) | undefined;
  };
  /** The row's own buttons, before its edit and delete. */
  rowActions?: (row: T, ctx: CrudContext<T>) => ReactNode;
}

/**
 * A console screen over one list action: its heading and add button, the server-paged table
 * (search, filters, sorting and paging in the address), a drawer (or page) that adds and edits
 * a row, delete asked first, and confirmations. The changes go through `useMutate`, so the
 * table refetches after each one (the console's tag).
 */
export function CrudScreen<T, A extends PagedRead>(p: CrudScreenProps<T, A>) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [asking, setAsking] = useState<Confirm | null>(null);
  const ctx: CrudContext<T> = { open: setOpen, confirm: setAsking };
  const { edit, remove, drawer } = p;
  const openRow = edit ? (row: T) => (edit.to ? void navigate(edit.to(row)) : setOpen(row)) : undefined;

  const addButton =
    p.add &&
    (p.add.to ? (
      <Link to={p.add.to} className="btn btn-primary btn-small" data-testid={p.add.testId}>
        {p.add.label}
      </Link>
    ) : (
      <button
        type="button"
        className="btn btn-primary btn-small"
        onClick={() => setOpen('new')}
        data-testid={p.add.testId}
      >
        {p.add.label}
      </button>
    ));
  const headActions = (p.headExtra || addButton) && (
    <>
      {p.headExtra}
      {addButton}
    </>
  );
  const hasRowActions = Boolean(p.rowActions || edit || remove);

  return (
    <>
      {p.above}
      {p.heading === 'page' && <PageHead title={p.title} intro={p.intro} actions={headActions} />}
      {p.heading === 'section' && <SectionHead title={p.title} intro={p.intro} action={headActions} />}
      {p.before?.(ctx)}
      <DataTable
        label={p.label ?? p.title}
        testId={p.testId}
        columns={p.columns}
        rowKey={p.rowKey}
        defaults={p.defaults}
        search={p.search}
        filters={p.filters}
        pageSize={p.pageSize}
        list={p.list}
        onRowClick={openRow}
        rowActions={
          hasRowActions
            ? (row) => (
                <>
                  {p.rowActions?.(row, ctx)}
                  {edit &&
                    (edit.to ? (
                      <Link to={edit.to(row)} className="btn btn-outline btn-small" data-testid={edit.testId}>
                        {edit.label}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        onClick={() => setOpen(row)}
                        data-testid={edit.testId}
                      >
                        {edit.label}
                      </button>
                    ))}
                  {remove && (
                    <button
                      type="button"
                      className="btn btn-danger-ghost btn-small"
                      onClick={() => setDeleting(row)}
                      data-testid={remove.testId}
                    >
                      {remove.label}
                    </button>
                  )}
                </>
              )
            : undefined
        }
        empty={p.empty}
      />
      {open !== null && drawer && (
        <Drawer title={drawer.title(open === 'new' ? null : open)} onClose={() => setOpen(null)} testId={drawer.testId}>
          {drawer.body(open === 'new' ? null : open, (next) => setOpen(next ?? null))}
        </Drawer>
      )}
      {deleting !== null && remove && (
        <DeleteDialog
          title={remove.title(deleting)}
          body={remove.body}
          onDelete={() => remove.run(deleting)}
          onDeactivate={remove.deactivate?.(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
      {asking && <ConfirmDialog {...asking} onClose={() => setAsking(null)} />}
    </>
  );
}
