import { useTranslation } from '../lib/use-translation';
import { appLanguageChosen, APP_LANGUAGES } from '../features/languages/languages-slice';
import { api } from '../lib/api-client';
import { useAppDispatch, useAppSelector } from './hooks';
import { selectIsLogin } from './selectors';

/** Toggles the interface language; a signed-in player's choice is saved on the account. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.languages.appLanguage);
  const isLogin = useAppSelector(selectIsLogin);
  const next = APP_LANGUAGES.find((l) => l.code !== current) ?? APP_LANGUAGES[0];

  function choose() {
    dispatch(appLanguageChosen(next.code));
    if (isLogin)
      void api('update_profile', { web_language: next.code }, { expect: ['demo_mode'] }).catch(() => undefined);
  }

  return (
    <button type="button" className="lang-switch" onClick={choose} data-testid="language-switch">
      {/* The short mark it shows, then the sentence, so its name holds what is seen (WCAG 2.5.3). */}
      <span lang={next.code}>{next.code === 'ar' ? 'ع' : 'EN'}</span>
      <span className="visually-hidden"> {t('language.switchTo', { name: next.name })}</span>
    </button>
  );
}
