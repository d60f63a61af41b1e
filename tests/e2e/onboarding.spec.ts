import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, apiPlayer, loginByEmail, outboxCode, sessionSaved, uniqueEmail } from './support';

// Issue 22, first run and how to play: a new account's onboarding (languages, coins, levels),
// shown once on the device that made it; each mode's rules, with the server's own amounts.

/** Signs a new player up through the app, as a person would; lands on home. */
async function signUp(page: Page, request: APIRequestContext, name: string) {
  const email = uniqueEmail('onboard');
  await page.goto('/auth/sign-up');
  await page.getByTestId('name').fill(name);
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill('my onboarding password');
  await page.getByTestId('confirm-password').fill('my onboarding password');
  await page.getByTestId('submit').click();
  await page.getByTestId('code').fill(await outboxCode(request, email));
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
}

test('a new player sees the onboarding, switches it to Arabic (right to left), skips it, and it does not come back', async ({
  page,
  request,
}) => {
  await signUp(page, request, 'onboard ada');
  const dialog = page.getByTestId('onboarding');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-step', 'languages');
  // Modal: the title has the focus, the page behind waits.
  await expect(page.locator('#onboarding-title')).toBeFocused();

  await dialog.getByTestId('app-language-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(dialog.getByTestId('onboarding-skip')).toHaveText('تخطي');

  await dialog.getByTestId('onboarding-skip').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('coins-badge')).toBeVisible();
  await sessionSaved(page);

  await page.reload();
  await expect(page.getByTestId('coins-badge')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // What decides it on every start is this device's flag: done, so the dialog stays away.
  expect(await page.evaluate(() => localStorage.getItem('quizhub.onboarding'))).toBe('done');
  await expect(page.getByTestId('onboarding')).toHaveCount(0);
});

test('a second new player goes through every step with the keyboard to "Start playing", told the amounts the server uses', async ({
  page,
  request,
}) => {
  const config = await api(request, 'get_system_configurations', {});
  await signUp(page, request, 'onboard bob');
  const dialog = page.getByTestId('onboarding');
  await expect(dialog).toHaveAttribute('data-step', 'languages');
  await dialog.getByTestId('onboarding-next').focus();
  await page.keyboard.press('Enter');

  await expect(dialog).toHaveAttribute('data-step', 'coins');
  await expect(dialog.getByTestId('onboarding-earn')).toContainText(`up to ${config.quiz_zone_max_coins} coins`);
  await expect(dialog.getByTestId('onboarding-earn')).toContainText(`You start with ${config.welcome_bonus}`);
  await expect(dialog.getByTestId('onboarding-spend')).toContainText(`${config.lifeline_cost} coins each`);
  await expect(dialog.getByTestId('onboarding-spend')).toContainText(`${config.battle.random_battle_entry_fee} coins`);
  await expect(dialog.getByTestId('onboarding-redeem')).toContainText(`from ${config.payout_min_coins} coins`);
  await dialog.getByTestId('onboarding-next').focus();
  await page.keyboard.press('Enter');

  await expect(dialog).toHaveAttribute('data-step', 'levels');
  await expect(dialog.getByTestId('onboarding-pass')).toContainText(`${config.quiz_zone_pass_percentage}%`);
  await dialog.getByTestId('onboarding-start').focus();
  await page.keyboard.press('Enter');

  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/quiz-zone$/);
  await expect(page.locator('[data-testid^="category-"]').first()).toBeVisible();
});

test("how to play lists the quiz zone's coins as the server's configuration gives them, reached from the quiz zone's own link", async ({
  page,
  request,
}) => {
  const config = await api(request, 'get_system_configurations', {});
  const p = await apiPlayer(request, 'How To');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/quiz-zone');
  await page.getByTestId('how-to-play-link').click();
  await expect(page).toHaveURL(/\/instructions#quiz-zone$/);
  const section = page.getByTestId('how-to-quiz_zone');
  await expect(section).toBeInViewport();
  await expect(section.getByTestId('fact-quiz_zone-levelCoins')).toHaveText(
    `Up to ${config.quiz_zone_max_coins} coins the first time you clear a level`,
  );
  await expect(section.getByTestId('fact-quiz_zone-passMark')).toContainText(`${config.quiz_zone_pass_percentage}%`);
  // The battles' entry fee is the live rooms' rule, as get_system_configurations reports it.
  await expect(page.getByTestId('fact-one_vs_one_battle-battleFee')).toContainText(
    `${config.battle.random_battle_entry_fee} coins to enter`,
  );
});
