import { useState, type FormEvent } from 'react';
import type { AdminSettings } from '../../../../core/contract';
import { adminActions } from '../../../../core/contract/admin';
import { toast } from '../../../lib/toast';
import { useAppSelector } from '../../../app/hooks';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { useZodForm } from '../ui/form-kit';
import { FormError, SelectField, TextField } from '../ui/FormFields';

const schema = adminActions.admin_set_home_settings.input;

/** The home screen's heading and subheading in each content language (web settings). */
export function HomeHeadingEditor({
  settings,
  onSaved,
}: {
  settings: AdminSettings;
  onSaved: (s: AdminSettings) => void;
}) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const languages = useAppSelector((s) => s.languages.list);
  const [languageId, setLanguageId] = useState(languages[0]?.id ?? settings.system.default_language_id);
  const codeOf = (id: number) => languages.find((l) => l.id === id)?.code ?? '';
  const headingOf = (id: number) => settings.home[codeOf(id)] ?? { title: '', subtitle: '' };
  const form = useZodForm(schema, { language_id: String(languageId), ...headingOf(languageId) });
  const [busy, setBusy] = useState(false);

  function choose(id: number) {
    setLanguageId(id);
    form.reset({ language_id: String(id), ...headingOf(id) });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = form.validate();
    if (!fields) return;
    setBusy(true);
    try {
      const saved = await mutate('admin_set_home_settings', fields, { expect: ['invalid_input'] });
      onSaved({
        ...settings,
        home: { ...settings.home, [codeOf(saved.language_id)]: { title: saved.title, subtitle: saved.subtitle } },
      });
      toast.success(t('settings.homeSaved'));
    } catch (err) {
      form.showServerError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="home-form">
      <p className="muted">{t('settings.homeIntro')}</p>
      <SelectField
        form={{ ...form, set: (_n, v) => choose(Number(v)) }}
        name="language_id"
        label={t('settings.homeLanguage')}
        options={languages.map((l) => ({ value: String(l.id), label: `${l.language} (${l.code})` }))}
      />
      <TextField form={form} name="title" label={t('settings.homeTitle')} maxLength={120} />
      <TextField form={form} name="subtitle" label={t('settings.homeSubtitle')} maxLength={240} />
      <FormError form={form} />
      <div className="row admin-form-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="home-save">
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}
