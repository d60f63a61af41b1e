import { useTranslation } from '../lib/use-translation';
import { useAppDispatch, useAppSelector } from './hooks';
import { api } from '../lib/api-client';
import { appLanguageChosen, APP_LANGUAGES } from '../features/languages/languages-slice';

/** The interface language, saved on the account with update_profile {web_language}. */
export function InterfaceLanguage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.languages.appLanguage);

  function choose(code: string) {
    dispatch(appLanguageChosen(code));
    void api('update_profile', { web_language: code }).catch(() => undefined);
  }

  return (
    <section className="card">
      <h2>{t('profile.language')}</h2>
      <div className="segmented" role="radiogroup" aria-label={t('profile.language')}>
        {APP_LANGUAGES.map((l) => (
          <button
            key={l.code}
            type="button"
            role="radio"
            aria-checked={current === l.code}
            className={current === l.code ? 'seg active' : 'seg'}
            lang={l.code}
            onClick={() => choose(l.code)}
            data-testid={`app-language-${l.code}`}
          >
            {l.name}
          </button>
        ))}
      </div>
    </section>
  );
}
