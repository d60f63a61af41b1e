import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import { useAppSelector } from './hooks';
import { AppRouter } from './AppRouter';
import { AppRoutes } from './router';
import { OnboardingHost } from './OnboardingHost';
import type { AppStore } from './store';
import { SettingsGate } from './SettingsGate';
import { applyAppLanguage, applyTranslationOverrides, withCatalogue } from '../lib/i18n';
import { api } from '../lib/api-client';
import { subscribeToasts, toastsWanted } from '../lib/toast';

// With the whole catalogue: the API's error messages are not in the first screen's words.
const Toaster = lazy(withCatalogue(() => import('../lib/toaster')));

/** Keeps i18next and `<html lang dir>` in step with the chosen interface language. */
function LanguageSync() {
  const { appLanguage, rtl } = useAppSelector((s) => s.languages);
  const overrides = useAppSelector((s) => s.settings.data?.translations_version ?? '');
  useEffect(() => {
    void applyAppLanguage(appLanguage, rtl).then(async () => {
      // The operator's texts, when there are any, over the shipped catalogue.
      if (!overrides) return;
      const texts = await api('get_translation_overrides', { language: appLanguage }).catch(() => null);
      if (texts) applyTranslationOverrides(appLanguage, texts);
    });
  }, [appLanguage, rtl, overrides]);
  return null;
}

/** Loads the toast library with the first toast, not with the first screen. */
function ToastHost() {
  const rtl = useAppSelector((s) => s.languages.rtl);
  const wanted = useSyncExternalStore(subscribeToasts, toastsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster rtl={rtl} />
    </Suspense>
  );
}

/** The providers around the router: store, settings gate, toasts. */
export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <LanguageSync />
      <SettingsGate>
        <AppRouter>
          <AppRoutes />
          <OnboardingHost />
        </AppRouter>
      </SettingsGate>
      <ToastHost />
    </Provider>
  );
}
