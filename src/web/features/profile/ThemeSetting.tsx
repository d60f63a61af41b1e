import { useSyncExternalStore } from 'react';
import { setThemeChoice, subscribeTheme, THEME_CHOICES, themeChoice } from '../../lib/theme-choice';
import { useTranslation } from '../../lib/use-translation';
import { Segmented } from '../../ui/Segmented';

/** System, light or dark on this device: shown at once, kept across visits. */
export function ThemeSetting() {
  const { t } = useTranslation();
  const choice = useSyncExternalStore(subscribeTheme, themeChoice);
  return (
    <section className="card" aria-labelledby="theme-setting-title" data-testid="theme-setting">
      <h2 id="theme-setting-title">{t('theme.title')}</h2>
      <p className="muted">{t('theme.text')}</p>
      <Segmented
        labelledBy="theme-setting-title"
        value={choice}
        onChange={setThemeChoice}
        options={THEME_CHOICES.map((c) => ({ value: c, label: t(`theme.${c}`), testId: `theme-${c}` }))}
      />
    </section>
  );
}
