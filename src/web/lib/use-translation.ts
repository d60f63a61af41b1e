import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

/** Bumped when texts are added to a loaded catalogue (the operator's translations). */
let revision = 0;
i18n.store.on('added', () => revision++);

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  i18n.store.on('added', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    i18n.store.off('added', onChange);
  };
}

/**
 * i18next's `t` for components, re-rendering them when the interface language changes. Our own
 * few lines instead of react-i18next: the first screen's JavaScript budget is tight.
 */
export function useTranslation() {
  const key = useSyncExternalStore(subscribe, () => `${i18n.language}:${revision}`);
  const lng = key.slice(0, key.lastIndexOf(':'));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new revision is new texts for the same language
  const t = useMemo(() => i18n.getFixedT(lng), [key]);
  return { t, i18n };
}
