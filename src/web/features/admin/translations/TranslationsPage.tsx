import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminTranslation } from '../../../../core/contract';
import languages from '../../../../../locales/index.json';
import { useAdminT } from '../i18n';
import { CrudScreen } from '../ui/CrudScreen';
import type { Column } from '../ui/DataTable';
import { TranslationEditor } from './TranslationRow';
import './translations.css';

const DEFAULT_LANGUAGE = languages.find((l) => !l.default)?.code ?? 'en';
const DEFAULTS = { filters: { language: DEFAULT_LANGUAGE, missing: '0' } };

/**
 * The app's interface texts in each language: search by key or text, show only the missing ones,
 * and edit a text in place (saved per row, over the shipped catalogue).
 */
export default function TranslationsPage() {
  const { t } = useAdminT();
  const [counts, setCounts] = useState<{ missing: number; total: number } | null>(null);

  const columns = (language: string): Column<AdminTranslation>[] => {
    const rtl = languages.find((l) => l.code === language)?.rtl ?? false;
    return [
      {
        id: 'key',
        header: t('translations.key'),
        cell: (r) => (
          <span className="admin-cell-stack admin-translation-key">
            <code dir="ltr">{r.key}</code>
            <small className="muted" dir="auto">
              {r.source}
            </small>
          </span>
        ),
      },
      {
        id: 'text',
        header: t('translations.text'),
        cell: (r) => <TranslationEditor key={`${language}:${r.key}`} row={r} language={language} rtl={rtl} />,
      },
    ];
  };

  // The table's query (in the address) carries the language the editors write.
  const [params] = useSearchParams();
  const language = params.get('language') ?? DEFAULT_LANGUAGE;

  return (
    <CrudScreen
      heading="page"
      title={t('translations.title')}
      intro={t('translations.intro')}
      headExtra={
        counts && (
          <span className="admin-tag admin-tag-warn" data-testid="translations-missing">
            {t('translations.missingCount', { count: counts.missing, total: counts.total })}
          </span>
        )
      }
      testId="translations"
      columns={columns(language)}
      rowKey={(r) => `${language}:${r.key}`}
      defaults={DEFAULTS}
      pageSize={25}
      search={t('translations.search')}
      filters={[
        {
          name: 'language',
          label: t('translations.language'),
          options: languages.map((l) => ({ value: l.code, label: l.name })),
        },
        {
          name: 'missing',
          label: t('translations.show'),
          options: [
            { value: '0', label: t('translations.allKeys') },
            { value: '1', label: t('translations.missingOnly') },
          ],
        },
      ]}
      list={{
        action: 'admin_get_translations',
        fields: (q) => ({
          language_code: q.filters.language ?? DEFAULT_LANGUAGE,
          search: q.search,
          missing_only: q.filters.missing,
          offset: q.offset,
          limit: q.limit,
        }),
        // One reply carries the page and the language's counts.
        page: (data, total, q) => ({
          rows: data.rows,
          total: total ?? (q.filters.missing === '1' ? data.missing : data.total),
        }),
        onReply: (data) => setCounts({ missing: data.missing, total: data.total }),
      }}
      empty={t('translations.empty')}
    />
  );
}
