import { Link, useLocation, useParams } from 'react-router-dom';
import type { AdminCategory, AdminSubcategory } from '../../../../core/contract';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { CrudScreen } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { CategoryForm } from './CategoryForm';
import { contentPaths } from './content-paths';
import { modeLabel } from './mode-names';
import { StatusTag, statusFilter } from './status';
import { Thumb } from './Thumb';
import { useCategory } from './use-content-lists';

const DEFAULTS = { filters: { status: 'all' } };

/** A category's subcategories: listed, added and edited in a drawer, deleted when empty. */
export function SubcategoriesScreen() {
  const { t } = useAdminT();
  const mutate = useMutate();
  const categoryId = Number(useParams().categoryId);
  const passed = (useLocation().state as { category?: AdminCategory } | null)?.category;
  const state = useCategory(categoryId, passed);
  const category = state.status === 'ready' ? state.data : null;

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
    <CrudScreen
      above={
        <p className="cs-crumbs">
          <Link to={contentPaths.categories} data-testid="back-to-categories">
            {t('contentScreens.categories.title')}
          </Link>
          <span aria-hidden="true"> / </span>
          <span dir="auto">{category?.name ?? `#${categoryId}`}</span>
        </p>
      }
      heading="section"
      title={t('contentScreens.subcategories.of', { name: category?.name ?? `#${categoryId}` })}
      intro={category ? `${t(modeLabel(category.type))} · ${category.language_code}` : undefined}
      add={{ label: t('contentScreens.subcategories.add'), testId: 'subcategory-add' }}
      label={t('contentScreens.subcategories.title')}
      testId="subcategories"
      columns={columns}
      rowKey={(s) => s.id}
      defaults={DEFAULTS}
      search={t('contentScreens.subcategories.search')}
      filters={[statusFilter(t)]}
      list={{
        action: 'admin_get_subcategories',
        fields: (q) => ({
          offset: q.offset,
          limit: q.limit,
          category_id: categoryId,
          search: q.search,
          status: q.filters.status,
        }),
      }}
      edit={{ label: t('contentScreens.edit'), testId: 'subcategory-edit' }}
      drawer={{
        testId: 'subcategory-drawer',
        title: (s) => s?.name ?? t('contentScreens.subcategories.add'),
        body: (s, saved) => <CategoryForm kind="subcategory" row={s} categoryId={categoryId} onSaved={() => saved()} />,
      }}
      remove={{
        label: t('contentScreens.delete'),
        testId: 'subcategory-delete',
        title: (s) => t('contentScreens.subcategories.deleteTitle', { name: s.name }),
        body: t('contentScreens.subcategories.deleteBody'),
        run: (s) => mutate('admin_delete_subcategory', { id: s.id }, { expect: ['subcategory_not_empty'] }),
        deactivate: (s) =>
          s.status === 1 ? () => mutate('admin_save_subcategory', { id: s.id, status: 0 }) : undefined,
      }}
      empty={t('contentScreens.subcategories.empty')}
    />
  );
}
