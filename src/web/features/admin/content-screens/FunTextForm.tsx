import { useState, type FormEvent } from 'react';
import type { AdminFunText } from '../../../../core/contract';
import { adminContentActions } from '../../../../core/contract/admin-content';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { useZodForm, type FormErrors } from '../ui/form-kit';
import { FormError, SwitchField, TextArea, TextField } from '../ui/FormFields';
import { submitForm } from './form-submit';
import { GroupedSelect } from './GroupedSelect';
import { TEXT_MODE } from './mode-names';
import { rowsOf, useCategories, useLanguages, useSubcategories } from './use-content-lists';

const schema = adminContentActions.admin_save_fun_text.input;

/**
 * A fun-and-learn text: its title, the text itself, an https video, where it sits (a
 * fun-and-learn category of a language, a subcategory or none), its order and whether it shows.
 */
export function FunTextForm({
  text,
  languageId,
  onSaved,
}: {
  text: AdminFunText | null;
  languageId: number | null;
  onSaved: (t: AdminFunText) => void;
}) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const form = useZodForm(schema, {
    id: text?.id,
    language_id: String(text?.language_id ?? languageId ?? ''),
    category_id: text ? String(text.category_id) : '',
    subcategory_id: text?.subcategory_id ? String(text.subcategory_id) : '',
    title: text?.title ?? '',
    detail: text?.detail ?? '',
    video_url: text?.video_url ?? '',
    sort: text ? String(text.sort) : '',
    status: String(text?.status ?? 1),
  });
  const languages = rowsOf(useLanguages());
  const categories = rowsOf(useCategories(Number(form.values.language_id) || null, TEXT_MODE));
  const subcategories = rowsOf(useSubcategories(Number(form.values.category_id) || null));
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { language_id: _l, ...v } = form.values;
    const values = {
      ...v,
      category_id: v.category_id || undefined,
      subcategory_id: v.subcategory_id || '0',
      sort: v.sort === '' ? undefined : v.sort,
    };
    const own: FormErrors = {};
    if (!values.category_id) own.category_id = t('contentScreens.problems.chooseCategory');
    if (!form.validate({ values, extra: own })) return;
    setBusy(true);
    const saved = await submitForm(
      form,
      (expect) => mutate('admin_save_fun_text', values, { expect }),
      t('contentScreens.saved'),
    );
    setBusy(false);
    if (saved) onSaved(saved);
  }

  const one = (options: { value: string; label: string }[]) => [{ label: '', options }];
  return (
    <form className="form admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid="fun-text-form">
      <div className="admin-form-row cs-even">
        <GroupedSelect
          form={form}
          name="language_id"
          label={t('contentScreens.language')}
          placeholder={t('contentScreens.choose')}
          groups={one(languages.map((l) => ({ value: String(l.id), label: l.name })))}
          onPick={() => ['category_id', 'subcategory_id'].forEach((n) => form.set(n, ''))}
        />
        <GroupedSelect
          form={form}
          name="category_id"
          label={t('contentScreens.category')}
          placeholder={t('contentScreens.choose')}
          groups={one(categories.map((c) => ({ value: String(c.id), label: c.name })))}
          onPick={() => form.set('subcategory_id', '')}
          hint={text && text.questions > 0 ? t('contentScreens.funTexts.movesQuestions') : undefined}
        />
      </div>
      <GroupedSelect
        form={form}
        name="subcategory_id"
        label={t('contentScreens.subcategory')}
        placeholder={t('contentScreens.none')}
        groups={one(subcategories.map((s) => ({ value: String(s.id), label: s.name })))}
      />
      <TextField form={form} name="title" label={t('contentScreens.funTexts.titleField')} maxLength={200} />
      <TextArea
        form={form}
        name="detail"
        label={t('contentScreens.funTexts.detail')}
        hint={t('contentScreens.funTexts.detailHint')}
        rows={10}
        maxLength={20000}
      />
      <TextField
        form={form}
        name="video_url"
        label={t('contentScreens.funTexts.video')}
        hint={t('contentScreens.funTexts.videoHint')}
        dir="ltr"
        placeholder="https://"
        maxLength={500}
      />
      <div className="admin-form-row cs-even">
        <TextField
          form={form}
          name="sort"
          type="number"
          label={t('contentScreens.order')}
          hint={text ? undefined : t('contentScreens.orderHint')}
          maxLength={8}
        />
      </div>
      <SwitchField form={form} name="status" label={t('contentScreens.active')} />
      <FormError form={form} />
      <div className="row admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="fun-text-save">
          {t('contentScreens.save')}
        </button>
      </div>
    </form>
  );
}
