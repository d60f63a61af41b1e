// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyTranslationOverrides, i18n } from './i18n';
import { useTranslation } from './use-translation';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('maintenance.title')}</h1>;
}

afterEach(cleanup);

describe('the operator’s interface texts', () => {
  it('replace the shipped text on screens already showing it', async () => {
    await i18n.changeLanguage('en');
    const shipped = i18n.t('maintenance.title');
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe(shipped);
    act(() => applyTranslationOverrides('en', { 'maintenance.title': 'Planned works' }));
    expect(screen.getByRole('heading').textContent).toBe('Planned works');
    act(() => applyTranslationOverrides('en', { 'maintenance.title': shipped }));
    expect(screen.getByRole('heading').textContent).toBe(shipped);
  });
});
