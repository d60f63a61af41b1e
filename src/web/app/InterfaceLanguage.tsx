import { useTranslation } from '../lib/use-translation';
import { useAppDispatch, useAppSelector } from './hooks';
import { api } from '../lib/api-client';
import { Segmented } from '../ui/Segmented';
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
      <Segmented
        label={t('profile.language')}
        value={current}
        onChange={choose}
        options={APP_LANGUAGES.map((l) => ({
          value: l.code,
          label: l.name,
          lang: l.code,
          testId: `app-language-${l.code}`,
        }))}
      />
    </section>
  );
}
