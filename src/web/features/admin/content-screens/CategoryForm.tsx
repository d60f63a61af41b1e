import { useState, type FormEvent } from 'react';
import type { AdminCategory, AdminLanguage, AdminSubcategory } from '../../../../core/contract';
import { adminContentActions } from '../../../../core/contract/admin-content';
import { useMutate } from '../admin-api';
import { useAdminT } from '../i18n';
import { useZodForm, type FormErrors, type FormValues } from '../ui/form-kit';
import { FormError, SelectField, SwitchField, TextField } from '../ui/FormFields';
import { submitForm } from './form-submit';
import { capMb, MediaField, tooLarge, type MediaValue } from './MediaField';
import { MODES } from './mode-names';

type Target =
  | { kind: 'category'; row: AdminCategory | null; languages: AdminLanguage[]; languageId: number; type: number }
  | { kind: 'subcategory'; row: AdminSubcategory | null; categoryId: number };

const schemas = {
  category: adminContentActions.admin_save_category.input,
  subcategory: adminContentActions.admin_save_subcategory.input,
};

/** The form's first values: the row's, or a new one's in the language and mode being listed. */
function initial(p: Target): FormValues {
  const common = {
    id: p.row?.id,
    name: p.row?.name ?? '',
    slug: p.row?.slug ?? '',
    sort: p.row ? String(p.row.sort) : '',
    status: String(p.row?.status ?? 1),
  };
  if (p.kind === 'subcategory') return { ...common, category_id: p.categoryId };
  return {
    ...common,
    language_id: String(p.row?.language_id ?? p.languageId),
    type: String(p.row?.type ?? p.type),
    premium_price: String(p.row?.premium_price ?? 0),
  };
}

/** Empty optional fields are left out: the server makes the slug and the order then. */
const sent = (v: FormValues): FormValues =>
  Object.fromEntries(Object.entries(v).filter(([k, x]) => !((k === 'slug' || k === 'sort') && x === '')));

/**
 * A category (its language, mode, name, slug, image, premium price, order, active) or a
 * subcategory (name, slug, image, order, active). The image is previewed before it is sent.
 */
export function CategoryForm(p: Target & { onSaved: (row: AdminCategory | AdminSubcategory) => void }) {
  const { t } = useAdminT();
  const mutate = useMutate();
  const form = useZodForm(schemas[p.kind], initial(p));
  const [image, setImage] = useState<MediaValue>({ path: p.row?.image ?? '', file: null });
  const [busy, setBusy] = useState(false);
  const filled = p.row ? p.row.questions + p.row.texts > 0 : false;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = { ...sent(form.values), image: image.file ? undefined : image.path };
    const big: FormErrors = {};
    if (tooLarge('image', image)) big.image_file = t('contentScreens.media.tooLarge', { mb: capMb('image') });
    const fields = form.validate({ values, extra: big });
    if (!fields) return;
    setBusy(true);
    const files = image.file ? { image_file: image.file } : undefined;
    const saved = await submitForm<typeof schemas.category, AdminCategory | AdminSubcategory>(
      form,
      (expect) =>
        p.kind === 'category'
          ? mutate('admin_save_category', values, { expect, files })
          : mutate('admin_save_subcategory', values, { expect, files }),
      t('contentScreens.saved'),
    );
    setBusy(false);
    if (saved) p.onSaved(saved);
  }

  return (
    <form className="form admin-form" onSubmit={(e) => void submit(e)} noValidate data-testid={`${p.kind}-form`}>
      {p.kind === 'category' && (
        <div className="admin-form-row cs-even">
          <SelectField
            form={form}
            name="language_id"
            label={t('contentScreens.language')}
            options={p.languages.map((l) => ({ value: String(l.id), label: `${l.name} (${l.code})` }))}
            hint={filled ? t('contentScreens.categories.fixedOnceFilled') : undefined}
          />
          <SelectField
            form={form}
            name="type"
            label={t('contentScreens.mode')}
            options={MODES.map((m) => ({ value: String(m.type), label: t(m.label) }))}
          />
        </div>
      )}
      <TextField form={form} name="name" label={t('contentScreens.name')} maxLength={100} />
      <TextField
        form={form}
        name="slug"
        label={t('contentScreens.slug')}
        hint={t('contentScreens.slugHint')}
        dir="ltr"
        maxLength={80}
      />
      <MediaField
        kind="image"
        label={t('contentScreens.image')}
        value={image}
        onChange={(v) => {
          setImage(v);
          form.set('image_file', undefined);
        }}
        error={form.errors.image_file ?? form.errors.image}
        hint={t('contentScreens.categories.imageHint', { mb: capMb('image') })}
        testId={`${p.kind}-image`}
      />
      <div className="admin-form-row cs-even">
        {p.kind === 'category' && (
          <TextField
            form={form}
            name="premium_price"
            type="number"
            label={t('contentScreens.categories.premiumPrice')}
            hint={t('contentScreens.categories.premiumHint')}
            maxLength={7}
          />
        )}
        <TextField
          form={form}
          name="sort"
          type="number"
          label={t('contentScreens.order')}
          hint={p.row ? undefined : t('contentScreens.orderHint')}
          maxLength={8}
        />
      </div>
      <SwitchField form={form} name="status" label={t('contentScreens.active')} />
      <FormError form={form} />
      <div className="row admin-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid={`${p.kind}-save`}>
          {t('contentScreens.save')}
        </button>
      </div>
    </form>
  );
}
