import { Link } from 'react-router-dom';
import type { AdminCategory } from '../../../../core/contract';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { CrudScreen } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { count } from '../ui/format';
import { anyOf, byId } from '../ui/table-filters';
import { useTableQuery } from '../ui/table-query';
import { CategoryForm } from './CategoryForm';
import { contentPaths } from './content-paths';
import { modeLabel, MODES, TEXT_MODE } from './mode-names';
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
  const mutate = useMutate();
  const languages = rowsOf(useLanguages());
  const [query] = useTableQuery(DEFAULTS);
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
    <CrudScreen
      heading="section"
      title={t('contentScreens.categories.title')}
      intro={t('contentScreens.categories.intro', { mode: t(modeLabel(type)) })}
      add={{ label: t('contentScreens.categories.add'), testId: 'category-add' }}
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
        anyOf('language', t('contentScreens.language'), t('common.all'), byId(languages)),
        statusFilter(t),
      ]}
      list={{
        action: 'admin_get_categories',
        fields: (q) => ({
          offset: q.offset,
          limit: q.limit,
          search: q.search,
          type: q.filters.type,
          language_id: q.filters.language === 'all' ? undefined : q.filters.language,
          status: q.filters.status,
          sort: q.sort,
          order: q.order,
        }),
      }}
      edit={{ label: t('contentScreens.edit'), testId: 'category-edit' }}
      drawer={{
        testId: 'category-drawer',
        title: (c) => c?.name ?? t('contentScreens.categories.add'),
        body: (c, saved) => (
          <CategoryForm
            kind="category"
            row={c}
            languages={languages}
            languageId={listedLanguage}
            type={type}
            onSaved={() => saved()}
          />
        ),
      }}
      remove={{
        label: t('contentScreens.delete'),
        testId: 'category-delete',
        title: (c) => t('contentScreens.categories.deleteTitle', { name: c.name }),
        body: t('contentScreens.categories.deleteBody'),
        run: (c) => mutate('admin_delete_category', { id: c.id }, { expect: ['category_not_empty'] }),
        deactivate: (c) => (c.status === 1 ? () => mutate('admin_save_category', { id: c.id, status: 0 }) : undefined),
      }}
      empty={t('contentScreens.categories.empty')}
    />
  );
}
