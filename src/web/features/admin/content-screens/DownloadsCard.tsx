import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { useAdminT } from '../i18n';
import { saveDownload } from './downloads';
import { MODES } from './mode-names';
import { rowsOf, useCategories, useLanguages } from './use-content-lists';

const TEMPLATE_FORMATS = ['csv', 'xlsx', 'json'] as const;
const EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;

/** The import template to download (CSV, XLSX, JSON), and a category's questions exported in the same layout. */
export function DownloadsCard() {
  const { t } = useAdminT();
  const languages = rowsOf(useLanguages());
  const [languageId, setLanguageId] = useState<number | null>(null);
  const [type, setType] = useState(1);
  const chosenLanguage = languageId ?? languages.find((l) => l.is_default)?.id ?? null;
  const categories = rowsOf(useCategories(chosenLanguage, type));
  const [categoryId, setCategoryId] = useState('');
  const [format, setFormat] = useState<(typeof EXPORT_FORMATS)[number]>('csv');
  const [busy, setBusy] = useState('');

  async function get(kind: string, load: () => Promise<Parameters<typeof saveDownload>[0]>) {
    setBusy(kind);
    try {
      saveDownload(await load());
    } catch {
      // Shown by the api client.
    } finally {
      setBusy('');
    }
  }

  return (
    <section className="card cs-downloads" data-testid="import-downloads">
      <h3>{t('contentScreens.import.templateTitle')}</h3>
      <p className="muted">{t('contentScreens.import.templateIntro')}</p>
      <div className="row cs-wrap">
        {TEMPLATE_FORMATS.map((f) => (
          <button
            key={f}
            type="button"
            className="btn btn-outline btn-small"
            disabled={busy !== ''}
            onClick={() => void get(`template-${f}`, () => api('admin_get_import_template', { format: f }))}
            data-testid={`template-${f}`}
          >
            <span aria-hidden="true">{f.toUpperCase()}</span>
            <span className="visually-hidden">
              {t('contentScreens.import.templateAs', { format: f.toUpperCase() })}
            </span>
          </button>
        ))}
      </div>
      <h3>{t('contentScreens.import.exportTitle')}</h3>
      <div className="cs-export">
        <label className="admin-filter">
          <span>{t('contentScreens.language')}</span>
          <select
            value={chosenLanguage ?? ''}
            onChange={(e) => (setLanguageId(Number(e.target.value)), setCategoryId(''))}
            data-testid="export-language"
          >
            {languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-filter">
          <span>{t('contentScreens.mode')}</span>
          <select
            value={type}
            onChange={(e) => (setType(Number(e.target.value)), setCategoryId(''))}
            data-testid="export-mode"
          >
            {MODES.map((m) => (
              <option key={m.type} value={m.type}>
                {t(m.label)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-filter">
          <span>{t('contentScreens.category')}</span>
          <select value={categoryId} onChange={(e) => setCategoryId(e.target.value)} data-testid="export-category">
            <option value="">{t('contentScreens.choose')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.questions})
              </option>
            ))}
          </select>
        </label>
        <label className="admin-filter">
          <span>{t('contentScreens.import.format')}</span>
          <select
            value={format}
            onChange={(e) => setFormat(e.target.value as typeof format)}
            data-testid="export-format"
          >
            {EXPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={!categoryId || busy !== ''}
          onClick={() => void get('export', () => api('admin_export_category', { category_id: categoryId, format }))}
          data-testid="export-download"
        >
          {t('contentScreens.import.export')}
        </button>
      </div>
    </section>
  );
}
