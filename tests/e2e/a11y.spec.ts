import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readQuestion } from './answer-sheet';
import { axeFindings, type AxeFinding } from './axe';
import { apiPlayer, chooseLanguage, loginByEmail, playOut } from './support';

// Issue 23: axe-core (Deque's auditor, WCAG 2.2 AA, serious and critical) on every player screen
// and every state a journey reaches, in English and Arabic, light and dark, at 360×740. Each
// screen is audited twice without a reload (the system's colour scheme switched under it), and
// every finding is gathered before the test fails, so one run reads as the whole list to fix.
// AXE_REPORT=<file> also writes the findings, per screen, as JSON (the closing note's counts).

test.describe.configure({ timeout: 300_000 });
// A missing control fails its step at once, not at the end of the long test.
test.use({ actionTimeout: 15_000 });

const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

/** The rules a colour scheme can change the outcome of. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The findings of one test, per screen and scheme ("home (dark)"). */
class Audit {
  readonly findings: Record<string, AxeFinding[]> = {};
  constructor(
    private readonly page: Page,
    private readonly language: Language,
    private readonly title = test.info().title,
  ) {}

  /** Audits the page as it is now, light then dark. */
  async screen(name: string) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await this.page.emulateMedia({ colorScheme });
      // The dark pass checks what the scheme changes: colours.
      const found = await axeFindings(this.page, [], colorScheme === 'dark' ? COLOUR_RULES : undefined);
      this.findings[`${this.language} ${name} (${colorScheme})`] = found;
    }
    this.report();
    await this.page.emulateMedia({ colorScheme: 'light' });
  }

  /** Opens a path, waits for its main heading (or the alert of a page that cannot show), and audits it. */
  async route(name: string, path: string) {
    await this.page.goto(path);
    await expect(this.page.locator('main h1, main [role="alert"]').first()).toBeVisible();
    await this.screen(name);
  }

  /** Writes the findings so far when AXE_REPORT is set (a test that times out keeps them). */
  private report() {
    if (process.env.AXE_REPORT)
      writeFileSync(`${process.env.AXE_REPORT}.${this.title.replace(/\W+/g, '-')}.json`, JSON.stringify(this.findings));
  }

  /** Fails with every screen that had a finding. */
  verdict() {
    const failing = Object.fromEntries(Object.entries(this.findings).filter(([, f]) => f.length > 0));
    expect(failing, JSON.stringify(failing, null, 1)).toEqual({});
  }
}

/** The reduced motion keeps an animated colour from being read half way through its change. */
async function prepare(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  page.on('dialog', (d) => void d.accept());
}

/** Switches the interface to Arabic from the header (English is the default). */
async function speak(page: Page, language: Language) {
  if (language === 'en') return;
  await chooseLanguage(page, 'ar');
}

async function signIn(page: Page, request: Parameters<typeof apiPlayer>[0], language: Language) {
  const p = await apiPlayer(request, 'Axe Player');
  await loginByEmail(page, p.email, p.password);
  await speak(page, language);
  return p;
}

/** Opens the first tile of a picker (category, subcategory) and waits for the next screen. */
async function openFirst(page: Page, prefix: string) {
  const tile = page.locator(`main [data-testid^="${prefix}-"]`).first();
  await tile.click();
}

for (const language of LANGUAGES) {
  test(`guest screens are accessible (${language})`, async ({ page }) => {
    await prepare(page);
    const audit = new Audit(page, language);
    await page.goto('/');
    await speak(page, language);
    await audit.route('home (guest)', '/');
    // The header's language menu, open: every interface language in its own script.
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('language-option-hi')).toBeVisible();
    await audit.screen('language menu');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('language-option-hi')).toBeHidden();
    await expect(page.getByTestId('language-switch')).toBeFocused();
    await audit.route('login', '/auth/login');
    await audit.route('sign up', '/auth/sign-up');
    await audit.route('reset password', '/auth/reset-password');
    await audit.route('otp verify (or where it sends a guest)', '/auth/otp-verify');
    for (const [name, path] of [
      ['about us', '/about-us'],
      ['contact us', '/contact-us'],
      ['privacy policy', '/privacy-policy'],
      ['terms', '/terms-conditions'],
      ['instructions', '/instructions'],
      ['faq', '/faq'],
      ['not found', '/no-such-page'],
    ])
      await audit.route(name!, path!);
    // A refused login's toast.
    await page.goto('/auth/login');
    await page.getByTestId('email').fill('nobody@example.test');
    await page.getByTestId('password').fill('wrong-password');
    await page.getByTestId('submit').click();
    await expect(page.locator('.Toastify__toast').first()).toBeVisible();
    await audit.screen('toast');
    audit.verdict();
  });

  test(`signed-in home, modes and pickers are accessible (${language})`, async ({ page, request }) => {
    await prepare(page);
    const audit = new Audit(page, language);
    await signIn(page, request, language);
    await expect(page.getByTestId('home-today')).toBeVisible();
    await audit.screen('home (signed in, today)');

    await audit.route('quiz zone: categories', '/quiz-zone');
    // A premium category's unlock dialog.
    await page.getByTestId('category-world-cuisine').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit.screen('unlock dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await openFirst(page, 'category');
    await expect(page.locator('main [data-testid^="subcategory-"]').first()).toBeVisible();
    await audit.screen('quiz zone: subcategories');
    await openFirst(page, 'subcategory');
    await expect(page.locator('main [data-testid^="level-"]').first()).toBeVisible();
    await audit.screen('quiz zone: levels');

    await audit.route('fun and learn: categories', '/fun-and-learn');
    await openFirst(page, 'category');
    await expect(page.locator('main [data-testid^="subcategory-"]').first()).toBeVisible();
    await audit.screen('fun and learn: subcategories');
    await openFirst(page, 'subcategory');
    await expect(page.locator('main [data-testid^="fnl-text-"]').first()).toBeVisible();
    await audit.screen('fun and learn: texts');

    await audit.route('guess the word: categories', '/guess-the-word');
    await openFirst(page, 'category');
    await expect(page.locator('main [data-testid^="subcategory-"]').first()).toBeVisible();
    await openFirst(page, 'subcategory');
    await expect(page.locator('main [data-testid^="round-"]').first()).toBeVisible();
    await audit.screen('guess the word: rounds');

    for (const [name, path] of [
      ['self challenge', '/self-learning'],
      ['daily quiz', '/quiz-play/daily-quiz-dashboard'],
      ['true and false', '/quiz-play/true-and-false-play'],
      ['audio questions', '/audio-questions'],
      ['maths mania', '/math-mania'],
      ['multi match', '/multi-match-questions'],
      ['exams', '/exam-module'],
      ['contests', '/contest-play'],
      ['random battle', '/random-battle'],
      ['group battle', '/group-battle'],
    ])
      await audit.route(name!, path!);
    audit.verdict();
  });

  test(`profile, its pages and the leaderboard are accessible (${language})`, async ({ page, request }) => {
    await prepare(page);
    const audit = new Audit(page, language);
    await signIn(page, request, language);
    for (const [name, path] of [
      ['leaderboard', '/leaderboard'],
      ['play bookmarks', '/play-bookmark-questions'],
      ['profile', '/profile'],
      ['profile: bookmarks', '/profile/play-bookmark-questions'],
      ['profile: statistics', '/profile/statistics'],
      ['profile: wallet', '/profile/wallet'],
      ['profile: redeem', '/profile/redeem'],
      ['profile: refer', '/profile/refer'],
      ['profile: badges', '/profile/badges'],
      ['profile: notifications', '/profile/notifications'],
      ['profile: settings', '/profile/settings'],
    ])
      await audit.route(name!, path!);
    // The delete-account confirmation (on the profile), a modal dialog.
    await page.goto('/profile');
    await page.getByTestId('delete-account').click();
    await expect(page.getByTestId('confirm-delete')).toBeVisible();
    await audit.screen('confirm dialog (delete account)');
    audit.verdict();
  });

  test(`play states are accessible: question, report, verdict, result, review, exam, contest board, battle, waiting room, onboarding (${language})`, async ({
    page,
    request,
  }) => {
    await prepare(page);
    const audit = new Audit(page, language);
    await signIn(page, request, language);

    // The first-run onboarding, as a new account on this device sees it.
    await page.evaluate(() => localStorage.setItem('quizhub.onboarding', 'due'));
    await page.reload();
    await expect(page.getByTestId('onboarding')).toBeVisible();
    await audit.screen('onboarding dialog');
    await page.getByTestId('onboarding-skip').click();

    // A solo quiz: a question, its verdict, the result.
    await page.goto('/quiz-play/true-and-false-play');
    await page.getByTestId('start-quiz').click();
    await expect(page.getByTestId('question-counter')).toBeVisible();
    await audit.screen('question');
    // The report-question dialog, with the error a too short reason gets.
    await page.getByTestId('report').click();
    await expect(page.getByTestId('report-reason')).toBeVisible();
    await page.getByTestId('report-submit').click();
    await audit.screen('report dialog (with its error)');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('report-reason')).toBeHidden();
    for (let i = 0; ; i++) {
      await readQuestion(page);
      await page.locator('[data-testid^="option-"]').first().click();
      await expect(page.getByTestId('verdict')).toBeVisible();
      if (i === 0) await audit.screen('verdict');
      await page.getByTestId('next-question').click();
      if (await page.getByTestId('result').isVisible()) break;
      await expect(page.getByTestId('result').or(page.getByTestId('question-counter'))).toBeVisible();
      if (await page.getByTestId('result').isVisible()) break;
    }
    await audit.screen('result');
    await page.getByTestId('review-answers').click();
    await expect(page.getByTestId('close-review')).toBeVisible();
    await audit.screen('answer review');

    // An exam: its key sheet, then a question in progress.
    await page.goto('/exam-module');
    await page.getByTestId('exam-card').filter({ hasText: 'General Science Test' }).getByTestId('exam-open').click();
    await expect(page.getByTestId('exam-sheet')).toBeVisible();
    await audit.screen('exam key sheet');
    await page.getByTestId('exam-key-input').fill('2468');
    await page.getByTestId('exam-rules-checkbox').check();
    await page.getByTestId('exam-start').click();
    await expect(page.getByTestId('exam-play')).toBeVisible();
    await audit.screen('exam in progress');
    await page.getByTestId('exam-submit').click();
    await expect(page.getByTestId('exam-confirm')).toBeVisible();
    await audit.screen('exam submit confirmation');
    await page.getByTestId('exam-submit-confirm').click();
    await expect(page.getByTestId('exam-result')).toBeVisible();
    await audit.screen('exam result');

    // A live contest's leaderboard.
    const made = await request.post('/dev/contests', {
      data: { name: `Axe Cup ${language}`, entry_fee: 0, questions: 3, prizes: [{ rank: 1, coins: 5 }] },
    });
    expect(made.status()).toBe(200);
    await audit.route('contest leaderboard', `/contest-play/${(await made.json()).data.id}/leaderboard`);

    // A battle against the bot: a round, then the result.
    await page.goto('/random-battle');
    await page.getByTestId('battle-category').selectOption({ index: 1 });
    await page.getByTestId('play-bot').click();
    await expect(page.locator('.battle-question [data-testid^="battle-option-"]:enabled').first()).toBeVisible({
      timeout: 20_000,
    });
    await audit.screen('battle round');
    await playOut(page, 0);
    await audit.screen('battle result');

    // A group battle's waiting room (its code to share, the seats), left again.
    await page.goto('/group-battle');
    await page.getByTestId('battle-category').selectOption({ index: 1 });
    await page.getByTestId('group-questions-5').click();
    await page.getByTestId('create-group-room').click();
    await expect(page.getByTestId('room-code')).toBeVisible();
    await audit.screen('group battle waiting room');
    audit.verdict();
  });
}
