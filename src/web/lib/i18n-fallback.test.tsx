// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enHome from '../../../locales/en/home.json';
import en from '../../../locales/en/translation.json';
import { catalogueNamespace } from './namespace-i18n';
import { applyAppLanguage, i18n, loadCatalogue } from './i18n';
import { useTranslation } from './use-translation';

// French catalogues that lack keys, as a translation in progress would: the missing texts must
// read in English, never as the raw key.
vi.mock('../../../locales/fr/translation.json', () => ({
  default: {
    nav: { home: 'Accueil' },
    modes: {
      tf: {
        questions_one: '{{count}} question',
        questions_many: '{{count}} de questions',
        questions_other: '{{count}} questions',
      },
    },
  },
}));
vi.mock('../../../locales/fr/home.json', () => ({ default: { title: 'Aujourd’hui' } }));

const useHomeT = catalogueNamespace('home', enHome, { fr: () => import('../../../locales/fr/home.json') });

function Texts() {
  const { t } = useTranslation();
  const { t: ht } = useHomeT();
  return (
    <>
      <p data-testid="translated">{t('nav.home')}</p>
      <p data-testid="missing">{t('maintenance.title')}</p>
      <p data-testid="missing-later">{t('settings.title')}</p>
      <p data-testid="plural">{t('modes.tf.questions', { count: 1_000_000 })}</p>
      <p data-testid="ns-translated">{ht('title')}</p>
      <p data-testid="ns-missing">{ht('streak', { count: 3 })}</p>
    </>
  );
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('a language missing a text', () => {
  it('shows the English text, never the key, in the main catalogue and in a namespace', async () => {
    await loadCatalogue();
    await act(() => applyAppLanguage('fr', false));
    expect(document.documentElement.lang).toBe('fr');
    render(<Texts />);
    expect(screen.getByTestId('translated').textContent).toBe('Accueil');
    expect(screen.getByTestId('missing').textContent).toBe(en.maintenance.title);
    expect(screen.getByTestId('missing-later').textContent).toBe(en.settings.title);
    // French's "many" form (a million) comes from the French catalogue's own plural rules, and
    // the figure is French's, grouped by narrow no-break spaces.
    expect(screen.getByTestId('plural').textContent).toBe('1\u202f000\u202f000 de questions');
    expect(await screen.findByText('Aujourd’hui')).toBeTruthy();
    expect(screen.getByTestId('ns-missing').textContent).toBe(enHome.streak_other.replace('{{count}}', '3'));
  });
});
