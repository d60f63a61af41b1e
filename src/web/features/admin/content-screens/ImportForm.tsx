import { useRef, useState, type FormEvent } from 'react';
import type { AdminImportReport } from '../../../../core/contract';
import { adminContentActions, CONTENT_IMPORT_MAX_BYTES } from '../../../../core/contract/admin-content';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { useZodForm, type FormErrors } from '../ui/form-kit';
import { FormError, SelectField, SwitchField, TextField } from '../ui/FormFields';
import { submitForm } from './form-submit';
import { GroupedSelect } from './GroupedSelect';
import { MODES } from './mode-names';
import { rowsOf, useCategories, useLanguages } from './use-content-lists';

const schema = adminContentActions.admin_import_content.input;
const FORMATS = ['', 'csv', 'xlsx', 'json', 'otqa'] as const;
const BY_NAME = 'name';
const MB = Math.round(CONTENT_IMPORT_MAX_BYTES / (1024 * 1024));

/**
 * The import of a file of questions (CSV, XLSX, JSON or OpenTriviaQA): into a category of a
 * language and mode, or into categories by name; a dry run first reports what it would do, and
 * only a dry run of the same file and choices unlocks the import itself.
 */
export function ImportForm({ onReport }: { onReport: (r: AdminImportReport | null) => void }) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const languages = rowsOf(useLanguages());
  const form = useZodForm(schema, {
    format: '',
    language_id: '',
    type: '1',
    target: 'name',
    category: '',
    subcategory: '',
    skip_errors: '0',
  });
  const languageId = Number(form.values.language_id) || languages.find((l) => l.is_default)?.id || null;
  const categories = rowsOf(useCategories(languageId, Number(form.values.type)));
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ key: string; report: AdminImportReport } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const byName = form.values.target === BY_NAME;

  const fields = () => {
    const v = form.values as Record<string, string>;
    return {
      format: v.format || undefined,
      language_id: languageId ?? undefined,
      type: v.type,
      ...(byName
        ? { category: v.category, subcategory: v.subcategory }
        : { category_id: v.target, subcategory: v.subcategory }),
      skip_errors: v.skip_errors,
    };
  };
  // What a dry run was of: the same file and choices may then be imported.
  const key = JSON.stringify([file?.name, file?.size, file?.lastModified, fields()]);
  const ready =
    checked?.key === key &&
    !checked.report.fatal &&
    (checked.report.errors.length === 0 || form.values.skip_errors === '1') &&
    checked.report.questions > 0;

  async function run(dryRun: boolean) {
    const values = { ...fields(), dry_run: dryRun ? '1' : '0' };
    const own: FormErrors = {};
    if (!file) own.file = t('contentScreens.import.chooseFile');
    else if (file.size > CONTENT_IMPORT_MAX_BYTES) own.file = t('contentScreens.import.fileTooLarge', { mb: MB });
    if (!form.validate({ values, extra: own })) return;
    setBusy(true);
    const report = await submitForm(form, (expect) =>
      mutate('admin_import_content', values, { expect, files: { file: file! } }),
    );
    setBusy(false);
    if (!report) return;
    setChecked(dryRun ? { key, report } : null);
    onReport(report);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(true);
  }

  const one = (options: { value: string; label: string }[]) => [{ label: '', options }];
  return (
    <form className="card form admin-form cs-import" onSubmit={submit} noValidate data-testid="import-form">
      <div className={form.errors.file ? 'field admin-field has-error' : 'field admin-field'}>
        <label htmlFor="import-file">{t('contentScreens.import.file')}</label>
        <div className="cs-media-row">
          <input
            ref={input}
            id="import-file"
            type="file"
            accept=".csv,.xlsx,.json,.txt,text/csv,application/json,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="visually-hidden cs-file-input"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              form.setErrors({});
              onReport(null);
            }}
            data-testid="import-file"
          />
          <button type="button" className="btn btn-outline btn-small" onClick={() => input.current?.click()}>
            {file ? t('contentScreens.media.replace') : t('contentScreens.media.choose')}
          </button>
          <span className={file ? '' : 'muted'} dir="auto" data-testid="import-file-name">
            {file ? file.name : t('contentScreens.import.noFile')}
          </span>
        </div>
        <small
          className={form.errors.file ? 'field-error' : 'field-hint'}
          role={form.errors.file ? 'alert' : undefined}
        >
          {form.errors.file ?? t('contentScreens.import.fileHint', { mb: MB })}
        </small>
      </div>
      <div className="cs-grid-fields">
        <SelectField
          form={form}
          name="format"
          label={t('contentScreens.import.format')}
          options={FORMATS.map((f) => ({
            value: f,
            label: f ? t(`contentScreens.import.formats.${f}`) : t('contentScreens.import.formatAuto'),
          }))}
        />
        <GroupedSelect
          form={form}
          name="language_id"
          label={t('contentScreens.language')}
          groups={one(languages.map((l) => ({ value: String(l.id), label: l.name })))}
          onPick={() => form.set('target', '')}
        />
        <SelectField
          form={form}
          name="type"
          label={t('contentScreens.mode')}
          options={MODES.map((m) => ({ value: String(m.type), label: t(m.label) }))}
        />
      </div>
      <GroupedSelect
        form={form}
        name="target"
        label={t('contentScreens.category')}
        groups={[
          { label: '', options: [{ value: BY_NAME, label: t('contentScreens.import.byName') }] },
          {
            label: t('contentScreens.import.existing'),
            options: categories.map((c) => ({ value: String(c.id), label: `${c.name} (${c.questions})` })),
          },
        ]}
        hint={byName ? t('contentScreens.import.byNameHint') : t('contentScreens.import.intoHint')}
      />
      <div className="admin-form-row cs-even">
        {byName && (
          <TextField form={form} name="category" label={t('contentScreens.import.categoryName')} maxLength={100} />
        )}
        <TextField
          form={form}
          name="subcategory"
          label={t('contentScreens.import.subcategoryName')}
          hint={t('contentScreens.import.subcategoryHint')}
          maxLength={100}
        />
      </div>
      <SwitchField
        form={form}
        name="skip_errors"
        label={t('contentScreens.import.skipErrors')}
        hint={t('contentScreens.import.skipErrorsHint')}
      />
      <FormError form={form} />
      <div className="row admin-form-actions">
        <button
          type="submit"
          className={ready ? 'btn btn-outline' : 'btn btn-primary'}
          disabled={busy}
          data-testid="import-dry-run"
        >
          {t('contentScreens.import.dryRun')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !ready}
          onClick={() => void run(false)}
          data-testid="import-run"
        >
          {ready
            ? t('contentScreens.import.importCount', { count: checked!.report.questions })
            : t('contentScreens.import.import')}
        </button>
      </div>
      {!ready && checked?.key === key && checked.report.errors.length > 0 && form.values.skip_errors !== '1' && (
        <p className="field-hint" data-testid="import-blocked">
          {t('contentScreens.import.fixOrSkip')}
        </p>
      )}
    </form>
  );
}
