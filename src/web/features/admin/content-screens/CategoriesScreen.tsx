import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminCategory } from '../../../../core/contract';
import { loadPage, mutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { Drawer } from '../ui/Drawer';
import { count } from '../ui/format';
import { useTableQuery } from '../ui/table-query';
import { CategoryForm } from './CategoryForm';
import { DeleteDialog } from './DeleteDialog';
import { contentPaths } from './content-paths';
import { modeLabel, MODES, TEXT_MODE } from './mode-names';
import { SectionHead } from './SectionHead';
import { StatusTag, statusFilter } from './status';
import { rowsOf, useLanguages } from './use-content-lists';
import { Thumb } from './Thumb';

const DEFAULTS = { sort: 'sort', order: 'asc' as const, filters: { type: '1', language: 'all', status: 'all' } };

/**
 * Categories of a mode (and language): searched, filtered, sorted and paged; a drawer adds or
 * edits one; a category opens its subcategories; an empty one can be deleted.
 */
export function CategoriesScreen() {
  const { t, lang } = useAdminT();
  const languages = rowsOf(useLanguages());
  const [query] = useTableQuery(DEFAULTS);
  const [open, setOpen] = useState<AdminCategory | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const reload = () => setReloadKey((n) => n + 1);
  const type = Number(query.filters.type) || 1;
  const listedLanguage = Number(query.filters.language) || languages.find((l) => l.is_default)?.id || 0;

  const columns: Column<AdminCategory>[] = [
    {
      id: 'name',
      header: t('contentScreens.name'),
      sort: 'name',
      cell: (c) => (
        <span className="cs-named">
          <Thumb src={c.image} />
          <span className="admin-cell-stack">
            <strong dir="auto">{c.name}</strong>
            <small className="muted" dir="ltr">
              {c.slug}
            </small>
          </span>
        </span>
      ),
    },
    {
      id: 'language',
      header: t('contentScreens.language'),
      wide: true,
      cell: (c) => <code className="admin-code">{c.language_code}</code>,
    },
    {
      id: 'content',
      header: t('contentScreens.categories.content'),
      sort: 'questions',
      cell: (c) => (
        <span className="admin-cell-stack admin-nowrap">
          <span>
            {t('contentScreens.categories.questionCount', { count: c.questions, n: count(c.questions, lang) })}
          </span>
          <small>
            <Link
              to={contentPaths.subcategories(c.id)}
              state={{ category: c }}
              onClick={(e) => e.stopPropagation()}
              data-testid="category-subcategories"
            >
              {t('contentScreens.categories.subcategoryCount', { count: c.subcategories })}
            </Link>
            {c.type === TEXT_MODE && (
              <span className="muted"> · {t('contentScreens.categories.textCount', { count: c.texts })}</span>
            )}
          </small>
        </span>
      ),
    },
    {
      id: 'price',
      header: t('contentScreens.categories.premium'),
      align: 'end',
      wide: true,
      cell: (c) => (c.premium_price > 0 ? t('contentScreens.categories.coins', { count: c.premium_price }) : '—'),
    },
    { id: 'sort', header: t('contentScreens.order'), sort: 'sort', align: 'end', cell: (c) => c.sort },
    { id: 'status', header: t('contentScreens.status'), cell: (c) => <StatusTag status={c.status} /> },
  ];

  return (
    <>
      <SectionHead
        title={t('contentScreens.categories.title')}
        intro={t('contentScreens.categories.intro', { mode: t(modeLabel(type)) })}
        action={
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setOpen('new')}
            data-testid="category-add"
          >
            {t('contentScreens.categories.add')}
          </button>
        }
      />
      <DataTable
        label={t('contentScreens.categories.title')}
        testId="categories"
        columns={columns}
        rowKey={(c) => c.id}
        defaults={DEFAULTS}
        search={t('contentScreens.categories.search')}
        filters={[
          {
            name: 'type',
            label: t('contentScreens.mode'),
            options: MODES.map((m) => ({ value: String(m.type), label: t(m.label) })),
          },
          {
            name: 'language',
            label: t('contentScreens.language'),
            options: [
              { value: 'all', label: t('common.all') },
              ...languages.map((l) => ({ value: String(l.id), label: l.name })),
            ],
          },
          statusFilter(t),
        ]}
        load={(q) =>
          loadPage('admin_get_categories', {
            offset: q.offset,
            limit: q.limit,
            search: q.search,
            type: q.filters.type,
            language_id: q.filters.language === 'all' ? undefined : q.filters.language,
            status: q.filters.status,
            sort: q.sort,
            order: q.order,
          })
        }
        onRowClick={setOpen}
        rowActions={(c) => (
          <>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setOpen(c)}
              data-testid="category-edit"
            >
              {t('contentScreens.edit')}
            </button>
            <button
              type="button"
              className="btn btn-danger-ghost btn-small"
              onClick={() => setDeleting(c)}
              data-testid="category-delete"
            >
              {t('contentScreens.delete')}
            </button>
          </>
        )}
        empty={t('contentScreens.categories.empty')}
        reloadKey={reloadKey}
      />
      {open && (
        <Drawer
          title={open === 'new' ? t('contentScreens.categories.add') : open.name}
          onClose={() => setOpen(null)}
          testId="category-drawer"
        >
          <CategoryForm
            kind="category"
            row={open === 'new' ? null : open}
            languages={languages}
            languageId={listedLanguage}
            type={type}
            onSaved={() => {
              setOpen(null);
              reload();
            }}
          />
        </Drawer>
      )}
      {deleting && (
        <DeleteDialog
          title={t('contentScreens.categories.deleteTitle', { name: deleting.name })}
          body={t('contentScreens.categories.deleteBody')}
          onDelete={async () => {
            await mutate('admin_delete_category', { id: deleting.id }, { expect: ['category_not_empty'] });
            reload();
          }}
          onDeactivate={
            deleting.status === 1
              ? async () => {
                  await mutate('admin_save_category', { id: deleting.id, status: 0 });
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
