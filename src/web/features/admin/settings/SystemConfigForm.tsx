import { useState, type FormEvent } from 'react';
import type { AdminSettings } from '../../../../core/contract';
import { systemConfigSchema } from '../../../../core/contract/admin';
import { useAppSelector } from '../../../app/hooks';
import { toast } from '../../../lib/toast';
import { useMutate } from '../admin-api';
import { isAdminKey, useAdminT } from '../i18n';
import { useZodForm } from '../ui/form-kit';
import { FormError, SelectField, SwitchField, TextArea, TextField } from '../ui/FormFields';
import { configGroups, configKind, configUnit, fromFormValues, toFormValues, type ConfigKey } from './config-fields';

const GROUPS = configGroups();

/**
 * System configuration, generated from the schema the server checks it with (systemConfigSchema):
 * one section per concern, each key's control chosen by its kind; errors at the field, the
 * server's too. Saved as a whole.
 */
export function SystemConfigForm({
  settings,
  onSaved,
}: {
  settings: AdminSettings;
  onSaved: (s: AdminSettings) => void;
}) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const languages = useAppSelector((s) => s.languages.list);
  const saved = toFormValues(settings.system);
  const form = useZodForm(systemConfigSchema, saved, { serverPrefix: 'config.' });
  const [busy, setBusy] = useState(false);
  const dirty = Object.keys(saved).some((k) => String(form.values[k] ?? '') !== saved[k]);

  const label = (k: ConfigKey) => {
    const key = `settings.field.${k}`;
    return isAdminKey(key) ? t(key) : k;
  };
  const hint = (k: ConfigKey) => {
    const unit = configUnit(k);
    const key = `settings.hint.${k}`;
    const own = isAdminKey(key) ? t(key) : '';
    return [own, unit ? t(unit) : ''].filter(Boolean).join(' · ') || undefined;
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const config = form.validate({ values: fromFormValues(form.values) });
    if (!config) {
      toast.error(t('settings.fixErrors'));
      return;
    }
    setBusy(true);
    try {
      const system = await mutate('admin_set_system_config', { config }, { expect: ['invalid_input'] });
      form.reset(toFormValues(system));
      onSaved({ ...settings, system });
      toast.success(t('settings.saved'));
    } catch (err) {
      if (form.showServerError(err)) toast.error(t('settings.fixErrors'));
    } finally {
      setBusy(false);
    }
  }

  function control(k: ConfigKey) {
    const common = { form, name: k, label: label(k), hint: hint(k), testId: `config-${k}` };
    switch (configKind(k)) {
      case 'switch':
        return <SwitchField key={k} {...common} />;
      case 'language':
        return <SelectField key={k} {...common} options={languageOptions(languages, String(form.values[k] ?? ''))} />;
      case 'text':
        return k === 'maintenance_message' ? (
          <TextArea key={k} {...common} rows={3} maxLength={500} />
        ) : (
          <TextField key={k} {...common} maxLength={64} dir={k === 'leaderboard_timezone' ? 'ltr' : 'auto'} />
        );
      case 'list':
        return <TextField key={k} {...common} dir="ltr" />;
      default:
        return <TextField key={k} {...common} type="number" maxLength={10} />;
    }
  }

  return (
    <form className="admin-config" onSubmit={(e) => void submit(e)} noValidate data-testid="config-form">
      <nav className="admin-config-toc" aria-label={t('settings.sections')}>
        {GROUPS.map((g) => (
          <a key={g.id} href={`#config-${g.id}`}>
            {t(g.title)}
          </a>
        ))}
      </nav>
      <div className="admin-config-groups">
        {GROUPS.map((g) => (
          <fieldset
            key={g.id}
            id={`config-${g.id}`}
            className="card admin-fieldset"
            data-testid={`config-group-${g.id}`}
          >
            <legend>{t(g.title)}</legend>
            {g.intro && <p className="muted">{t(g.intro)}</p>}
            <div
              className={g.keys.every((k) => configKind(k) === 'number') ? 'admin-grid-fields' : 'admin-stack-fields'}
            >
              {g.keys.map(control)}
            </div>
          </fieldset>
        ))}
        <dl className="card admin-facts admin-environment">
          <dt>{t('settings.demoMode')}</dt>
          <dd>{settings.environment.demo_mode ? t('common.on') : t('common.off')}</dd>
          <dt>{t('settings.database')}</dt>
          <dd>{t(settings.environment.database === 'postgresql' ? 'settings.postgresql' : 'settings.embedded')}</dd>
          <dt>{t('settings.multiNode')}</dt>
          <dd>{settings.environment.multi_node ? t('common.on') : t('common.off')}</dd>
          <dd className="muted admin-facts-note">{t('settings.environmentNote')}</dd>
        </dl>
      </div>
      <div className={dirty ? 'admin-savebar dirty' : 'admin-savebar'}>
        <FormError form={form} />
        <span className="muted">{dirty ? t('settings.unsaved') : t('settings.upToDate')}</span>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={!dirty || busy}
          onClick={() => form.reset(saved)}
        >
          {t('settings.discard')}
        </button>
        <button type="submit" className="btn btn-primary btn-small" disabled={!dirty || busy} data-testid="config-save">
          {t('settings.save')}
        </button>
      </div>
    </form>
  );
}

/** The content languages to choose the default from (the saved one kept even if not listed). */
function languageOptions(list: { id: number; language: string; code: string }[], current: string) {
  const options = list.map((l) => ({ value: String(l.id), label: `${l.language} (${l.code})` }));
  return options.some((o) => o.value === current) ? options : [{ value: current, label: `#${current}` }, ...options];
}
