import type { z } from 'zod';
import { useAdminT } from '../i18n';
import type { ZodForm } from '../ui/form-kit';
import { GroupedSelect } from './GroupedSelect';
import { MODES, ROUND_MODES, TEXT_MODE } from './mode-names';
import type { Placement } from './use-placement';

/**
 * Language, category (grouped by mode), and then the subcategory — or, in fun and learn, the
 * text the question is about. A choice clears the choices under it.
 */
export function PlacementFields({ form, place }: { form: ZodForm<z.ZodType>; place: Placement }) {
  const { t } = useAdminT();
  const clear = (...names: string[]) => names.forEach((n) => form.set(n, ''));
  const groups = MODES.map((m) => ({
    label: t(m.label),
    options: place.categories.filter((c) => c.type === m.type).map((c) => ({ value: String(c.id), label: c.name })),
  })).filter((g) => g.options.length > 0);

  return (
    <fieldset className="cs-fieldset">
      <legend>{t('contentScreens.editor.placement')}</legend>
      <div className="cs-grid-fields">
        <GroupedSelect
          form={form}
          name="language_id"
          label={t('contentScreens.language')}
          placeholder={t('contentScreens.choose')}
          groups={[{ label: '', options: place.languages.map((l) => ({ value: String(l.id), label: l.name })) }]}
          onPick={() => clear('category_id', 'subcategory_id', 'comprehension_id')}
        />
        <GroupedSelect
          form={form}
          name="category_id"
          label={t('contentScreens.category')}
          placeholder={t('contentScreens.choose')}
          groups={groups}
          onPick={() => clear('subcategory_id', 'comprehension_id')}
        />
        {place.mode === TEXT_MODE ? (
          <GroupedSelect
            form={form}
            name="comprehension_id"
            label={t('contentScreens.editor.text')}
            placeholder={t('contentScreens.choose')}
            hint={t('contentScreens.editor.textHint')}
            groups={[{ label: '', options: place.texts.map((x) => ({ value: String(x.id), label: x.title })) }]}
          />
        ) : (
          <GroupedSelect
            form={form}
            name="subcategory_id"
            label={t('contentScreens.subcategory')}
            placeholder={t('contentScreens.none')}
            hint={
              place.mode !== null && ROUND_MODES.includes(place.mode)
                ? t('contentScreens.editor.subcategoryRequired')
                : t('contentScreens.editor.subcategoryOptional')
            }
            groups={[{ label: '', options: place.subcategories.map((s) => ({ value: String(s.id), label: s.name })) }]}
          />
        )}
      </div>
    </fieldset>
  );
}
