import type { AdminFunText } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import { CrudScreen } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { anyOf, byId } from '../ui/table-filters';
import { useTableQuery } from '../ui/table-query';
import { FunTextForm } from './FunTextForm';
import { FunTextQuestions } from './FunTextQuestions';
import { TEXT_MODE } from './mode-names';
import { StatusTag, statusFilter } from './status';
import { rowsOf, useCategories, useLanguages } from './use-content-lists';

const ALL = 'all';
const DEFAULTS = { filters: { language: ALL, category: ALL, status: ALL } };
const some = (v: string | undefined) => (v === ALL ? undefined : v);

/** Fun-and-learn texts: listed in their order by language and category; a drawer edits one and lists its questions. */
export function FunTextsScreen() {
  const { t } = useAdminT();
  const [query] = useTableQuery(DEFAULTS);
  const languages = rowsOf(useLanguages());
  const languageId = query.filters.language === ALL ? null : Number(query.filters.language);
  const categories = rowsOf(useCategories(languageId ?? 'all', TEXT_MODE));

  const columns: Column<AdminFunText>[] = [
    {
      id: 'title',
      header: t('contentScreens.funTexts.titleField'),
      cell: (x) => (
        <span className="admin-cell-stack">
          <strong dir="auto">{x.title}</strong>
          <small className="muted admin-clamp" dir="auto">
            {x.detail}
          </small>
        </span>
      ),
    },
    { id: 'category', header: t('contentScreens.category'), cell: (x) => <span dir="auto">{x.category_name}</span> },
    { id: 'questions', header: t('contentScreens.questions.title'), align: 'end', cell: (x) => x.questions },
    {
      id: 'video',
      header: t('contentScreens.funTexts.videoShort'),
      wide: true,
      cell: (x) => (x.video_url ? '▶' : '—'),
    },
    { id: 'sort', header: t('contentScreens.order'), align: 'end', wide: true, cell: (x) => x.sort },
    { id: 'status', header: t('contentScreens.status'), cell: (x) => <StatusTag status={x.status} /> },
  ];

  return (
    <CrudScreen
      heading="section"
      title={t('contentScreens.funTexts.title')}
      intro={t('contentScreens.funTexts.intro')}
      add={{ label: t('contentScreens.funTexts.add'), testId: 'fun-text-add' }}
      testId="fun-texts"
      columns={columns}
      rowKey={(x) => x.id}
      defaults={DEFAULTS}
      search={t('contentScreens.funTexts.search')}
      filters={[
        anyOf('language', t('contentScreens.language'), t('common.all'), byId(languages)),
        anyOf('category', t('contentScreens.category'), t('common.all'), byId(categories)),
        statusFilter(t),
      ]}
      list={{
        action: 'admin_get_fun_texts',
        fields: (q) => ({
          offset: q.offset,
          limit: q.limit,
          search: q.search,
          language_id: some(q.filters.language),
          category_id: some(q.filters.category),
          status: q.filters.status,
        }),
      }}
      edit={{ label: t('contentScreens.edit'), testId: 'fun-text-edit' }}
      drawer={{
        testId: 'fun-text-drawer',
        title: (x) => x?.title ?? t('contentScreens.funTexts.add'),
        // Saved, the text stays open: its questions are listed under it.
        body: (x, saved) => (
          <>
            <FunTextForm
              key={x?.id ?? 'new'}
              text={x}
              languageId={languageId ?? languages.find((l) => l.is_default)?.id ?? null}
              onSaved={saved}
            />
            {x && <FunTextQuestions text={x} />}
          </>
        ),
      }}
      empty={t('contentScreens.funTexts.empty')}
    />
  );
}
