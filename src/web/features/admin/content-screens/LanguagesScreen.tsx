import type { AdminLanguage } from '../../../../core/contract';
import { useAdminT } from '../i18n';
import { CrudScreen } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { count } from '../ui/format';
import { Tag } from '../ui/Tag';
import { LanguageForm } from './LanguageForm';
import { StatusTag, statusFilter } from './status';

const DEFAULTS = { filters: { status: 'all' } };

/** Content languages: the list (the default first), and a drawer to add or edit one. */
export function LanguagesScreen() {
  const { t, lang } = useAdminT();

  const columns: Column<AdminLanguage>[] = [
    {
      id: 'code',
      header: t('contentScreens.languages.code'),
      cell: (l) => (
        <code className="admin-code" dir="ltr">
          {l.code}
        </code>
      ),
    },
    {
      id: 'name',
      header: t('contentScreens.languages.name'),
      cell: (l) => (
        <span className="admin-cell-tags">
          <strong dir="auto">{l.name}</strong>
          {l.is_default && (
            <Tag tone="info" testId="language-default">
              {t('contentScreens.languages.default')}
            </Tag>
          )}
          {l.rtl && <Tag tone="plain">{t('contentScreens.languages.rtlShort')}</Tag>}
        </span>
      ),
    },
    { id: 'status', header: t('contentScreens.status'), cell: (l) => <StatusTag status={l.status} /> },
    {
      id: 'categories',
      header: t('contentScreens.categories.title'),
      align: 'end',
      cell: (l) => count(l.categories, lang),
    },
    {
      id: 'questions',
      header: t('contentScreens.questions.title'),
      align: 'end',
      cell: (l) => count(l.questions, lang),
    },
  ];

  return (
    <CrudScreen
      heading="section"
      title={t('contentScreens.languages.title')}
      intro={t('contentScreens.languages.intro')}
      add={{ label: t('contentScreens.languages.add'), testId: 'language-add' }}
      testId="languages"
      columns={columns}
      rowKey={(l) => l.id}
      defaults={DEFAULTS}
      search={t('contentScreens.languages.search')}
      filters={[statusFilter(t)]}
      list={{
        action: 'admin_get_languages',
        fields: (q) => ({ offset: q.offset, limit: q.limit, search: q.search, status: q.filters.status }),
      }}
      edit={{ label: t('contentScreens.edit'), testId: 'language-edit' }}
      drawer={{
        testId: 'language-drawer',
        title: (l) => l?.name ?? t('contentScreens.languages.add'),
        body: (l, saved) => <LanguageForm language={l} onSaved={() => saved()} />,
      }}
      empty={t('contentScreens.languages.empty')}
    />
  );
}
