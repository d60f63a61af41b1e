import { useState } from 'react';
import type { AdminTranslation } from '../../../../core/contract';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';

/**
 * One key's text in the chosen language: the operator's text (or the shipped one) edited in
 * place and saved on its own; clearing it brings the shipped text back.
 */
export function TranslationEditor({ row, language, rtl }: { row: AdminTranslation; language: string; rtl: boolean }) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const [saved, setSaved] = useState(row);
  const current = saved.override ?? saved.shipped;
  const [value, setValue] = useState(current);
  const [busy, setBusy] = useState(false);
  const changed = value !== current;

  async function save(next: string) {
    setBusy(true);
    try {
      const reply = await mutate('admin_set_translation', { language_code: language, key: row.key, value: next });
      setSaved(reply);
      setValue(reply.override ?? reply.shipped);
      toast.success(t('translations.saved', { key: row.key }));
    } catch {
      // Shown by the api client; the text stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-translation">
      <textarea
        rows={Math.min(4, Math.max(1, Math.ceil(Math.max(value.length, row.source.length) / 60)))}
        value={value}
        dir={rtl ? 'rtl' : 'ltr'}
        lang={language}
        maxLength={2000}
        aria-label={t('translations.textFor', { key: row.key })}
        placeholder={t('translations.missing')}
        className={!current ? 'missing' : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && changed) void save(value);
        }}
        data-testid="translation-input"
      />
      <div className="admin-translation-actions">
        {saved.override !== null && (
          <span className="admin-tag admin-tag-info" title={t('translations.overrideHint')}>
            {t('translations.override')}
          </span>
        )}
        <button
          type="button"
          className={changed ? 'btn btn-primary btn-small' : 'btn btn-outline btn-small'}
          disabled={!changed || busy}
          onClick={() => void save(value)}
          data-testid="translation-save"
        >
          {t('translations.save')}
        </button>
        {saved.override !== null && (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={busy}
            onClick={() => void save('')}
            data-testid="translation-reset"
          >
            {t('translations.useShipped')}
          </button>
        )}
      </div>
    </div>
  );
}
