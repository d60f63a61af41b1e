import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { QUESTION_TYPES, type AdminQuestion } from '../../../../core/contract';
import { adminPaths } from '../admin-paths';
import { useAdminT } from '../i18n';
import { DataTable, type Column } from '../ui/DataTable';
import { dateOnly } from '../ui/format';
import { useTableQuery } from '../ui/table-query';
import { Tag } from '../ui/Tag';
import { contentPaths } from './content-paths';
import { modeLabel } from './mode-names';
import { SectionHead } from '../ui/PageHead';
import { StatusTag, statusFilter } from './status';
import { rowsOf, useCategories, useLanguages, useSubcategories } from './use-content-lists';

const ALL = 'all';
const DEFAULTS = {
  sort: 'id',
  order: 'desc' as const,
  filters: { language: ALL, category: ALL, subcategory: ALL, type: ALL, level: ALL, status: ALL },
};
const some = (v: string | undefined) => (v === ALL ? undefined : v);

/**
 * Questions of every mode: filtered by language, category, subcategory, type, level and status,
 * searched (text or id), sorted and paged; a row opens the editor; open reports link to Reports.
 */
export function QuestionsScreen() {
  const { t, lang } = useAdminT();
  const navigate = useNavigate();
  const [query, update] = useTableQuery(DEFAULTS);
  const f = query.filters;
  const languages = rowsOf(useLanguages());
  const categoriesState = useCategories(f.language === ALL ? 'all' : Number(f.language));
  const categories = rowsOf(categoriesState);
  const subcategories = rowsOf(useSubcategories(f.category === ALL ? null : Number(f.category)));
  const maxLevel = Math.max(subcategories.find((s) => String(s.id) === f.subcategory)?.max_level ?? 0, 20);

  // A category of another language (the language changed) is no filter any more: cleared.
  useEffect(() => {
    if (
      categoriesState.status === 'ready' &&
      f.category !== ALL &&
      !categories.some((c) => String(c.id) === f.category)
    )
      update({ filters: { category: ALL, subcategory: ALL }, page: 0 });
  }, [categoriesState, categories, f.category, update]);

  const columns: Column<AdminQuestion>[] = [
    { id: 'id', header: t('contentScreens.questions.id'), sort: 'id', cell: (q) => <span dir="ltr">#{q.id}</span> },
    {
      id: 'question',
      header: t('contentScreens.editor.question'),
      cell: (q) => (
        <span className="admin-cell-stack cs-question-cell">
          <strong dir="auto" className="admin-clamp">
            {q.question}
          </strong>
          <small className="muted" dir="auto">
            {[t(modeLabel(q.category_type)), q.category_name, q.subcategory_name].filter(Boolean).join(' › ')}
          </small>
        </span>
      ),
    },
    {
      id: 'type',
      header: t('contentScreens.editor.type'),
      cell: (q) => <Tag tone="info">{t(`contentScreens.types.${q.type}`)}</Tag>,
    },
    { id: 'level', header: t('contentScreens.editor.level'), sort: 'level', align: 'end', cell: (q) => q.level },
    {
      id: 'reports',
      header: t('contentScreens.questions.reports'),
      align: 'end',
      cell: (q) =>
        q.open_reports > 0 ? (
          <Link to={adminPaths.reports} onClick={(e) => e.stopPropagation()} data-testid="question-open-reports">
            <Tag tone="bad">{q.open_reports}</Tag>
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'status', header: t('contentScreens.status'), cell: (q) => <StatusTag status={q.status} /> },
    {
      id: 'created',
      header: t('contentScreens.questions.created'),
      sort: 'created',
      wide: true,
      cell: (q) => dateOnly(q.created_at, lang),
    },
  ];

  const option = (value: string, label: string) => ({ value, label });
  const showLanguage = f.language === ALL && languages.length > 1;

  return (
    <>
      <SectionHead
        title={t('contentScreens.questions.title')}
        intro={t('contentScreens.questions.intro')}
        action={
          <Link
            to={contentPaths.newQuestion({
              language: some(f.language),
              category: some(f.category),
              subcategory: some(f.subcategory),
            })}
            className="btn btn-primary btn-small"
            data-testid="question-add"
          >
            {t('contentScreens.questions.new')}
          </Link>
        }
      />
      <div className="cs-table">
        <DataTable
          label={t('contentScreens.questions.title')}
          testId="questions"
          columns={columns}
          rowKey={(q) => q.id}
          defaults={DEFAULTS}
          search={t('contentScreens.questions.search')}
          filters={[
            {
              name: 'language',
              label: t('contentScreens.language'),
              options: [option(ALL, t('common.all')), ...languages.map((l) => option(String(l.id), l.name))],
            },
            {
              name: 'category',
              label: t('contentScreens.category'),
              options: [
                option(ALL, t('common.all')),
                ...categories.map((c) =>
                  option(
                    String(c.id),
                    `${c.name} · ${t(modeLabel(c.type))}${showLanguage ? ` · ${c.language_code}` : ''}`,
                  ),
                ),
              ],
            },
            ...(f.category === ALL
              ? []
              : [
                  {
                    name: 'subcategory',
                    label: t('contentScreens.subcategory'),
                    options: [option(ALL, t('common.all')), ...subcategories.map((s) => option(String(s.id), s.name))],
                  },
                ]),
            {
              name: 'type',
              label: t('contentScreens.editor.type'),
              options: [
                option(ALL, t('common.all')),
                ...QUESTION_TYPES.map((x) => option(x, t(`contentScreens.types.${x}`))),
              ],
            },
            {
              name: 'level',
              label: t('contentScreens.editor.level'),
              options: [
                option(ALL, t('common.all')),
                ...Array.from({ length: maxLevel }, (_, i) => option(String(i + 1), String(i + 1))),
              ],
            },
            statusFilter(t),
          ]}
          list={{
            action: 'admin_get_questions',
            fields: (q) => ({
              offset: q.offset,
              limit: q.limit,
              search: q.search,
              language_id: some(q.filters.language),
              category_id: some(q.filters.category),
              subcategory_id: q.filters.category === ALL ? undefined : some(q.filters.subcategory),
              type: some(q.filters.type),
              level: some(q.filters.level),
              status: q.filters.status,
              sort: q.sort,
              order: q.order,
            }),
          }}
          onRowClick={(q) => void navigate(contentPaths.question(q.id))}
          rowActions={(q) => (
            <>
              <Link to={contentPaths.question(q.id)} className="btn btn-ghost btn-small" data-testid="question-edit">
                {t('contentScreens.edit')}
              </Link>
            </>
          )}
          empty={t('contentScreens.questions.empty')}
        />
      </div>
    </>
  );
}
