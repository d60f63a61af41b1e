import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { AdminCategory, AdminSubcategory } from '../../../../core/contract';
import { api } from '../../../lib/api-client';
import { useLoad } from '../../../lib/use-api';
import { loadPage, mutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { Drawer } from '../ui/Drawer';
import { CategoryForm } from './CategoryForm';
import { DeleteDialog } from './DeleteDialog';
import { contentPaths } from './content-paths';
import { modeLabel } from './mode-names';
import { SectionHead } from './SectionHead';
import { StatusTag, statusFilter } from './status';
import { Thumb } from './Thumb';

const DEFAULTS = { filters: { status: 'all' } };

/** The category a link brought along, else found among every category (a reload, a shared link). */
async function findCategory(id: number): Promise<AdminCategory | null> {
  for (let offset = 0; offset < 5000; offset += 100) {
    const page = await api('admin_get_categories', { offset, limit: 100, sort: 'id', order: 'asc' });
    const found = page.find((c) => c.id === id);
    if (found || page.length < 100) return found ?? null;
  }
  return null;
}

/** A category's subcategories: listed, added and edited in a drawer, deleted when empty. */
export function SubcategoriesScreen() {
  const { t } = useAdminT();
  const categoryId = Number(useParams().categoryId);
  const passed = (useLocation().state as { category?: AdminCategory } | null)?.category;
  const [state] = useLoad(
    () => (passed?.id === categoryId ? Promise.resolve(passed) : findCategory(categoryId)),
    [categoryId],
  );
  const category = state.status === 'ready' ? state.data : null;
  const [open, setOpen] = useState<AdminSubcategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminSubcategory | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((n) => n + 1);

  const columns: Column<AdminSubcategory>[] = [
    {
      id: 'name',
      header: t('contentScreens.name'),
      cell: (s) => (
        <span className="cs-named">
          <Thumb src={s.image} />
          <span className="admin-cell-stack">
            <strong dir="auto">{s.name}</strong>
            <small className="muted" dir="ltr">
              {s.slug}
            </small>
          </span>
        </span>
      ),
    },
    {
      id: 'questions',
      header: t('contentScreens.questions.title'),
      align: 'end',
      cell: (s) => (
        <Link
          to={`${contentPaths.questions}?category=${s.category_id}&subcategory=${s.id}`}
          data-testid="subcategory-questions"
        >
          {s.questions}
        </Link>
      ),
    },
    {
      id: 'levels',
      header: t('contentScreens.subcategories.levels'),
      align: 'end',
      wide: true,
      cell: (s) => s.max_level || '—',
    },
    { id: 'sort', header: t('contentScreens.order'), align: 'end', cell: (s) => s.sort },
    { id: 'status', header: t('contentScreens.status'), cell: (s) => <StatusTag status={s.status} /> },
  ];

  return (
    <>
      <p className="cs-crumbs">
        <Link to={contentPaths.categories} data-testid="back-to-categories">
          {t('contentScreens.categories.title')}
        </Link>
        <span aria-hidden="true"> / </span>
        <span dir="auto">{category?.name ?? `#${categoryId}`}</span>
      </p>
      <SectionHead
        title={t('contentScreens.subcategories.of', { name: category?.name ?? `#${categoryId}` })}
        intro={category ? `${t(modeLabel(category.type))} · ${category.language_code}` : undefined}
        action={
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setOpen('new')}
            data-testid="subcategory-add"
          >
            {t('contentScreens.subcategories.add')}
          </button>
        }
      />
      <DataTable
        label={t('contentScreens.subcategories.title')}
        testId="subcategories"
        columns={columns}
        rowKey={(s) => s.id}
        defaults={DEFAULTS}
        search={t('contentScreens.subcategories.search')}
        filters={[statusFilter(t)]}
        load={(q) =>
          loadPage('admin_get_subcategories', {
            offset: q.offset,
            limit: q.limit,
            category_id: categoryId,
            search: q.search,
            status: q.filters.status,
          })
        }
        onRowClick={setOpen}
        rowActions={(s) => (
          <>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setOpen(s)}
              data-testid="subcategory-edit"
            >
              {t('contentScreens.edit')}
            </button>
            <button
              type="button"
              className="btn btn-danger-ghost btn-small"
              onClick={() => setDeleting(s)}
              data-testid="subcategory-delete"
            >
              {t('contentScreens.delete')}
            </button>
          </>
        )}
        empty={t('contentScreens.subcategories.empty')}
        reloadKey={reloadKey}
      />
      {open && (
        <Drawer
          title={open === 'new' ? t('contentScreens.subcategories.add') : open.name}
          onClose={() => setOpen(null)}
          testId="subcategory-drawer"
        >
          <CategoryForm
            kind="subcategory"
            row={open === 'new' ? null : open}
            categoryId={categoryId}
            onSaved={() => {
              setOpen(null);
              reload();
            }}
          />
        </Drawer>
      )}
      {deleting && (
        <DeleteDialog
          title={t('contentScreens.subcategories.deleteTitle', { name: deleting.name })}
          body={t('contentScreens.subcategories.deleteBody')}
          onDelete={async () => {
            await mutate('admin_delete_subcategory', { id: deleting.id }, { expect: ['subcategory_not_empty'] });
            reload();
          }}
          onDeactivate={
            deleting.status === 1
              ? async () => {
                  await mutate('admin_save_subcategory', { id: deleting.id, status: 0 });
                  reload();
                }
              : undefined
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
