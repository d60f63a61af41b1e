import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/**
 * i18next's `t` for components, re-rendering them when the interface language changes. Our own
 * few lines instead of react-i18next: the first screen's JavaScript budget is tight.
 */
export function useTranslation() {
  const lng = useSyncExternalStore(subscribe, () => i18n.language);
  const t = useMemo(() => i18n.getFixedT(lng), [lng]);
  return { t, i18n };
}
