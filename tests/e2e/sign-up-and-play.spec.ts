import { expect, test } from '@playwright/test';
import { nextSession, outboxCode, playLevel, skipOnboarding, uniqueEmail } from './support';

test('a new player signs up by e-mail, plays a level, earns what the rules say and keeps it after a reload', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const password = 'my quiz password';

  await page.goto('/auth/sign-up');
  await page.getByTestId('name').fill('ada lovelace');
  await page.getByTestId('email').fill(email);
  await page.getByTestId('password').fill(password);
  await page.getByTestId('confirm-password').fill('something else');
  await page.getByTestId('submit').click();
  await expect(page.getByText(/passwords do not match/i)).toBeVisible();
  await page.getByTestId('confirm-password').fill(password);
  await page.getByTestId('submit').click();

  await page.getByTestId('code').fill(await outboxCode(request, email));
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/$/);
  await skipOnboarding(page);
  await expect(page.getByTestId('coins-badge')).toContainText('10'); // welcome bonus

  // category → subcategory → level
  await page.goto('/quiz-zone');
  await page.getByTestId('category-sports').click();
  await page.getByTestId('subcategory-football-and-ball-games').click();
  await expect(page.getByTestId('level-1')).toHaveAttribute('data-status', 'unlocked');
  await expect(page.getByTestId('level-2')).toHaveAttribute('data-status', 'locked');
  const session = nextSession(page);
  await page.getByTestId('level-1').click();
  await playLevel(page, session, 8); // 80 %: full coins, 8 × 4 points

  await expect(page.getByTestId('result')).toBeVisible();
  await expect(page.getByTestId('result-percentage')).toContainText('80');
  await expect(page.getByTestId('result-coins')).toContainText('10');
  await expect(page.getByTestId('result-score')).toContainText('32');
  await expect(page.getByTestId('result-correct')).toContainText('8');
  await expect(page.getByTestId('coins-badge')).toContainText('20');
  await expect(page.getByTestId('next-level')).toBeVisible();

  await page.getByTestId('review-answers').click();
  await expect(page.getByText(/correct answer/i).first()).toBeVisible();

  // the level map shows the unlock, and survives a reload
  await page.goto('/quiz-zone/sports/football-and-ball-games');
  await expect(page.getByTestId('level-1')).toHaveAttribute('data-status', 'cleared');
  await expect(page.getByTestId('level-2')).toHaveAttribute('data-status', 'unlocked');
  await page.reload();
  await expect(page.getByTestId('level-2')).toHaveAttribute('data-status', 'unlocked');
  await expect(page.getByTestId('coins-badge')).toContainText('20');

  // replaying the cleared level pays no more coins
  const again = nextSession(page);
  await page.getByTestId('level-1').click();
  await playLevel(page, again, 10);
  await expect(page.getByTestId('result-coins')).toContainText('0');
  await expect(page.getByTestId('coins-badge')).toContainText('20');
});

test('a locked level cannot be opened', async ({ page, request }) => {
  const { apiPlayer, loginByEmail } = await import('./support');
  const p = await apiPlayer(request);
  await loginByEmail(page, p.email, p.password);
  await page.goto('/quiz-zone/history/ancient-world');
  await page.getByTestId('level-3').click();
  await expect(page.getByText(/this level is locked, play previous levels to unlock/i)).toBeVisible();
});

test('a player picks Arabic questions while keeping the English interface', async ({ page, request }) => {
  const { apiPlayer, loginByEmail } = await import('./support');
  const p = await apiPlayer(request);
  await loginByEmail(page, p.email, p.password);
  await page.goto('/quiz-zone');
  await page.getByTestId('content-language-ar').click();
  await expect(page.getByTestId('category-sports')).toContainText(/[\u0600-\u06FF]/);
  await expect(page.getByText('Pick a category')).toBeVisible(); // the interface stays English
  await page.getByTestId('category-sports').click();
  await page.getByTestId('subcategory-football-and-ball-games').click();
  await page.getByTestId('level-1').click();
  await expect(page.getByTestId('question-counter')).toBeVisible();
  await expect(page.locator('.question-text')).toContainText(/[\u0600-\u06FF]/);
});
