import { useTranslation } from '../lib/use-translation';
import { contentLanguageChosen } from '../features/languages/languages-slice';
import { useAppDispatch, useAppSelector } from './hooks';
import { Segmented } from '../ui/Segmented';

/**
 * The language of the questions, apart from the interface language (spec: several content
 * languages). Shown only when the server offers more than one: inline above a mode's choices, or
 * as a titled card (the settings screen).
 */
export function ContentLanguagePicker({ card = false }: { card?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const list = useAppSelector((s) => s.languages.list);
  const current = useAppSelector((s) => s.languages.currentLanguage.id);
  const multi = useAppSelector((s) => s.settings.systemConfig?.language_mode === '1');
  if (!multi || list.length < 2) return null;
  const segmented = (
    <Segmented
      labelledBy="content-language-label"
      value={current}
      onChange={(id) => dispatch(contentLanguageChosen(id))}
      options={list.map((l) => ({
        value: l.id,
        label: l.language,
        lang: l.code,
        testId: `content-language-${l.code}`,
      }))}
    />
  );
  if (card)
    return (
      <section className="card" aria-labelledby="content-language-label">
        <h2 id="content-language-label">{t('contentLanguage.title')}</h2>
        {segmented}
      </section>
    );
  return (
    <div className="content-language">
      <span className="muted" id="content-language-label">
        {t('contentLanguage.label')}
      </span>
      {segmented}
    </div>
  );
}
