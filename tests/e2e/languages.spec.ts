import { expect, test, type Page } from '@playwright/test';
import { apiPlayer, loginByEmail } from './support';

// Issue 23: four interface languages (English, Arabic, French, Hindi) and the demo's third content
// language, French. The interface catalogues of French and Hindi are the translators'; what this
// journey holds is the machinery: the choice, <html lang dir>, the server's texts in the language
// and the French questions.

const SHOTS = '/work/shots/issue23-i18n';

async function shot(page: Page, name: string) {
  if (process.env.SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a player picks French questions and the French, then Hindi, interface', async ({ page, request }) => {
  const p = await apiPlayer(request, 'Fleur Langues');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/profile/settings');
  for (const code of ['en', 'ar', 'fr', 'hi']) await expect(page.getByTestId(`app-language-${code}`)).toBeVisible();
  await page.getByTestId('content-language-fr').click();
  await expect(page.getByTestId('content-language-fr')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('app-language-fr').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await shot(page, 'fr-settings-360');

  await page.goto('/quiz-zone');
  await expect(page.getByTestId('category-francophonie')).toContainText('La francophonie');
  await expect(page.getByTestId('category-sciences-et-nature')).toContainText('Sciences et nature');
  await shot(page, 'fr-quiz-zone-360');

  await page.goto('/about-us');
  await expect(page.getByText(/QuizHub est un jeu de questions pour les curieux/)).toBeVisible();
  await shot(page, 'fr-about-360');

  await page.goto('/profile/settings');
  await page.getByTestId('app-language-hi').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.goto('/about-us');
  await expect(page.getByText(/क्विज़हब जिज्ञासु लोगों के लिए/)).toBeVisible();
  await shot(page, 'hi-about-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'hi-about-1280');
});
