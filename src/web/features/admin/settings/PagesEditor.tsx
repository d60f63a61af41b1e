import { useState, type FormEvent } from 'react';
import type { AdminSettings } from '../../../../core/contract';
import { SETTING_PAGES, type SettingPage } from '../../../../core/contract/settings';
import { adminActions } from '../../../../core/contract/admin';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { useAdminT, type AdminKey } from '../i18n';
import { useZodForm } from '../ui/form-kit';
import { FormError, TextArea } from '../ui/FormFields';

const schema = adminActions.admin_set_page.input;

/**
 * The site's pages (about, contact, FAQ, privacy, terms, instructions): plain text whose blank
 * lines start paragraphs, edited beside a preview of how the app shows it.
 */
export function PagesEditor({ settings, onSaved }: { settings: AdminSettings; onSaved: (s: AdminSettings) => void }) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const [type, setType] = useState<SettingPage>('about_us');
  const form = useZodForm(schema, { type, message: settings.pages[type] ?? '' });
  const [busy, setBusy] = useState(false);
  const text = String(form.values.message ?? '');
  const dirty = text !== (settings.pages[type] ?? '');

  function choose(next: SettingPage) {
    if (dirty && !window.confirm(t('settings.leaveUnsaved'))) return;
    setType(next);
    form.reset({ type: next, message: settings.pages[next] ?? '' });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = form.validate();
    if (!fields) return;
    setBusy(true);
    try {
      const page = await mutate('admin_set_page', fields, { expect: ['invalid_input'] });
      onSaved({ ...settings, pages: { ...settings.pages, [page.type]: page.message } });
      toast.success(t('settings.pageSaved'));
    } catch (err) {
      form.showServerError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-pages">
      <div className="admin-tabs admin-pills" role="tablist" aria-label={t('settings.pages')}>
        {SETTING_PAGES.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={p === type}
            className={p === type ? 'admin-tab active' : 'admin-tab'}
            onClick={() => choose(p)}
            data-testid={`page-tab-${p}`}
          >
            {t(`settings.page.${p}` as AdminKey)}
          </button>
        ))}
      </div>
      <div className="admin-pages-body">
        <form className="card form admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="page-form">
          <TextArea
            form={form}
            name="message"
            label={t(`settings.page.${type}` as AdminKey)}
            hint={t('settings.pageHint')}
            rows={16}
            maxLength={20000}
          />
          <FormError form={form} />
          <div className="row admin-form-actions">
            <span className="muted">{dirty ? t('settings.unsaved') : t('settings.upToDate')}</span>
            <button
              type="submit"
              className="btn btn-primary btn-small"
              disabled={!dirty || busy}
              data-testid="page-save"
            >
              {t('settings.save')}
            </button>
          </div>
        </form>
        <article className="card prose admin-page-preview" aria-label={t('settings.preview')}>
          <h2>{t(`settings.page.${type}` as AdminKey)}</h2>
          {text.trim() ? (
            text.split(/\n{2,}/).map((p, i) => (
              <p key={i} dir="auto">
                {p}
              </p>
            ))
          ) : (
            <p className="muted">{t('settings.pageEmpty')}</p>
          )}
        </article>
      </div>
    </div>
  );
}
