import { expect, request as requests, test, type Page } from '@playwright/test';
import type { OwnServer } from './own-server';
import { shot, startServerWithAdmin } from './admin-support';
import {
  LAPTOP,
  PHONE,
  TABLET,
  chooseByLabel,
  consolePage,
  openContentTab,
  planetPng,
  upload,
  wavBytes,
} from './admin-content-support';
import { readQuestion } from './answer-sheet';
import { api, apiPlayer, chooseLanguage, loginByEmail } from './support';

// The console's content screens (issue 8) on a server of their own, whose first admin
// `npm run admin:create` made. The journeys run one after another on it.
test.describe.configure({ mode: 'default' });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServerWithAdmin();
});
test.afterAll(() => server?.stop());

const CATEGORY = 'Planets of the Solar System';
const SUBCATEGORY = 'Inner planets';
const QUESTION = 'Which planet is in the picture?';

/** A row of a content table with this text. */
const row = (page: Page, table: string, text: string) => page.getByTestId(`${table}-row`).filter({ hasText: text });

test('an admin creates a category and a question with an image, a player sees and plays it', async ({ browser }) => {
  test.setTimeout(180_000);
  const { page } = await consolePage(browser, server.base);
  await page.goto('/admin/content/categories');
  await expect(page.getByTestId('categories-row').first()).toBeVisible();
  await shot(page, 'content-categories-laptop');

  // A quiz-zone category with its picture, previewed before it is sent.
  await page.getByTestId('category-add').click();
  const drawer = page.getByTestId('category-drawer');
  await expect(drawer.getByTestId('field-type')).toHaveValue('1');
  await drawer.getByTestId('field-name').fill(CATEGORY);
  await drawer.getByTestId('category-image-input').setInputFiles(upload('planet.png', 'image/png', await planetPng()));
  await expect(drawer.getByTestId('category-image-preview')).toBeVisible();
  await shot(page, 'content-category-form-laptop');
  await drawer.getByTestId('category-save').click();
  await expect(drawer).toHaveCount(0);
  await page.getByTestId('categories-search').fill('planets');
  await expect(page.getByTestId('categories-row')).toHaveCount(1);
  const category = row(page, 'categories', CATEGORY);
  await expect(category).toContainText('planets-of-the-solar-system');
  await expect(category.locator('img.cs-thumb')).toHaveAttribute('src', /^\/media\/.+\.webp$/);

  // Quiz zone plays a subcategory's levels: the category gets one.
  await category.getByTestId('category-subcategories').click();
  await expect(page.getByRole('heading', { name: `Subcategories of ${CATEGORY}` })).toBeVisible();
  await page.getByTestId('subcategory-add').click();
  await page.getByTestId('subcategory-drawer').getByTestId('field-name').fill(SUBCATEGORY);
  await page.getByTestId('subcategory-save').click();
  await expect(row(page, 'subcategories', SUBCATEGORY)).toContainText('inner-planets');
  await shot(page, 'content-subcategories-laptop');

  // A multiple-choice question placed there: the editor's own rule first (one option is not enough).
  await openContentTab(page, 'questions');
  await page.getByTestId('question-add').click();
  await expect(page.getByTestId('question-form')).toBeVisible();
  await chooseByLabel(page, 'field-language_id', 'English');
  await chooseByLabel(page, 'field-category_id', CATEGORY);
  await chooseByLabel(page, 'field-subcategory_id', SUBCATEGORY);
  await page.getByTestId('field-question').fill(QUESTION);
  await page.getByTestId('option-a').fill('Mars');
  await page.getByTestId('right-a').check();
  await page.getByTestId('question-save').click();
  await expect(page.getByTestId('error-options')).toHaveText('Give at least 2 options.');
  await expect(page.getByTestId('field-question')).toHaveValue(QUESTION);
  await shot(page, 'content-question-error-laptop');

  // Then the server's rule (the importer's): an option may not repeat another, said at that option.
  await page.getByTestId('option-b').fill('Venus');
  await page.getByTestId('option-c').fill('mars');
  await page.getByTestId('question-save').click();
  await expect(page.getByTestId('error-option_c')).toContainText('Repeats option_a');
  await page.getByTestId('option-c').fill('Jupiter');
  await expect(page.getByTestId('error-option_c')).toHaveCount(0);

  await page
    .getByTestId('question-image-input')
    .setInputFiles(upload('mars.png', 'image/png', await planetPng(640, 400)));
  await expect(page.getByTestId('question-image-preview')).toBeVisible();
  await expect(page.getByTestId('preview-image')).toBeVisible();
  await expect(page.getByTestId('preview-question')).toHaveText(QUESTION);
  await expect(page.getByTestId('preview-option').first()).toHaveClass(/right/);
  await page.getByTestId('field-explanation').fill('Iron oxide makes Mars red.');
  await page.getByTestId('question-save').click();
  await expect(page).toHaveURL(/\/admin\/content\/questions\/\d+$/);
  const questionId = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { name: `Question #${questionId}` })).toBeVisible();
  await expect(page.getByTestId('question-image-preview')).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  await shot(page, 'content-question-editor-laptop');

  // The list finds it by its text.
  await openContentTab(page, 'questions');
  await page.getByTestId('questions-search').fill(String(questionId));
  await expect(page.getByTestId('questions-row')).toHaveCount(1);
  await expect(row(page, 'questions', QUESTION)).toContainText(`#${questionId}`);
  await shot(page, 'content-questions-laptop');

  // A player opens the quiz zone, sees the category, plays it: the question with its image, the result.
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, 'Pia Planetary');
  const context = await browser.newContext({ baseURL: server.base, viewport: PHONE });
  const player = await context.newPage();
  await loginByEmail(player, p.email, p.password);
  await player.goto('/quiz-zone');
  const tile = player.getByTestId('category-planets-of-the-solar-system');
  await expect(tile).toContainText(CATEGORY);
  await tile.click();
  await player.getByTestId('subcategory-inner-planets').click();
  await player.getByTestId('level-1').click();
  await expect(player.locator('.question-text')).toContainText(QUESTION);
  const image = player.locator('img.question-image');
  await expect(image).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(player, 'content-player-question');
  // A person reads it first (the server pays and counts nothing under its human floor).
  await readQuestion(player);
  await player.getByTestId('option-a').click();
  await player.getByTestId('next-question').click();
  await expect(player.getByTestId('result')).toBeVisible();
  await expect(player.getByTestId('result-correct')).toContainText('1');
  await shot(player, 'content-player-result');
});

test('the question editor previews LaTeX with KaTeX as it is typed, and takes every type', async ({ browser }) => {
  const { page } = await consolePage(browser, server.base);
  await page.goto('/admin/content/questions/new');
  await expect(page.getByTestId('question-form')).toBeVisible();
  await page.getByTestId('field-latex').check();
  await page.getByTestId('field-question').fill('What is $2^5$?');
  await page.getByTestId('option-a').fill('$32$');
  await page.getByTestId('option-b').fill('$25$');
  const preview = page.getByTestId('question-preview');
  await expect(preview.locator('[data-testid=preview-question] .katex')).toBeVisible();
  await expect(preview.locator('[data-testid=preview-option] .katex')).toHaveCount(2);
  await page.getByTestId('field-question').fill('What is $\\frac{1}{2} + \\frac{1}{4}$?');
  await expect(preview.locator('.katex .mfrac')).toHaveCount(2);
  await page.getByTestId('question-audio-input').setInputFiles(upload('tone.wav', 'audio/wav', wavBytes()));
  await expect(page.getByTestId('question-audio-preview')).toHaveJSProperty('tagName', 'AUDIO');
  await expect(preview.locator('audio')).toHaveCount(1);
  await shot(page, 'content-question-latex-laptop');

  // The answer part follows the type: pairs for match, the word for guess the word.
  await page.getByTestId('field-type').selectOption('match');
  await expect(page.getByTestId('match-a')).toBeVisible();
  await page.getByTestId('field-type').selectOption('sequence');
  await expect(page.getByTestId('option-up-b')).toBeVisible();
  await page.getByTestId('field-type').selectOption('word');
  await expect(page.getByTestId('word-answer')).toBeVisible();
  await page.getByTestId('question-save').click();
  await expect(page.getByTestId('error-answer')).toHaveText('Give the word to guess.');
});

test('a reported question shows its open reports, linking to Reports, and is deactivated after a confirmation', async ({
  browser,
}) => {
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, 'Rory Reporter');
  const tf = await api(request, 'get_questions_by_type', { language_id: '1', type: '2' }, p.token);
  const id = tf.questions[0].id as number;
  await api(request, 'report_question', { question_id: String(id), message: 'Looks wrong' }, p.token);

  const { page } = await consolePage(browser, server.base);
  await page.goto(`/admin/content/questions?q=${id}`);
  // '#22' is also the start of '#228' (and the row's text runs on into the question's).
  const listed = page.getByTestId('questions-row').filter({ hasText: new RegExp(`#${id}(?!\\d)`) });
  await expect(listed.getByTestId('question-open-reports')).toHaveText('1');
  await listed.click();
  await expect(page).toHaveURL(new RegExp(`/admin/content/questions/${id}$`));
  await expect(page.getByTestId('question-reports')).toHaveText('1 open report');
  await page.getByTestId('question-deactivate').click();
  await expect(page.getByTestId('question-deactivate-dialog')).toContainText('Players will no longer be served it');
  await page.getByTestId('confirm-ok').click();
  await expect(page.locator('.cs-section-head')).toContainText('Inactive');
  await expect(page.getByTestId('field-status')).not.toBeChecked();
  await page.getByTestId('question-reports').click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByTestId('reports-row').filter({ hasText: 'Looks wrong' })).toBeVisible();
});

test('one default language, which stays active: the server says why; a language is added', async ({ browser }) => {
  const { page } = await consolePage(browser, server.base);
  await page.goto('/admin/content/languages');
  const english = row(page, 'languages', 'English');
  await expect(english.getByTestId('language-default')).toBeVisible();
  await shot(page, 'content-languages-laptop');
  await english.click();
  const drawer = page.getByTestId('language-drawer');
  await drawer.getByTestId('field-status').uncheck();
  await drawer.getByTestId('language-save').click();
  await expect(drawer.getByRole('alert')).toContainText('The default language must stay active');
  await shot(page, 'content-language-default-laptop');
  await drawer.getByTestId('drawer-close').click();

  await page.getByTestId('language-add').click();
  await page.getByTestId('field-code').fill('NL');
  await page.getByTestId('field-name').fill('Nederlands');
  await page.getByTestId('language-save').click();
  await expect(row(page, 'languages', 'Nederlands')).toContainText('nl');
});

test('a category with questions is not deleted: its reason is shown and deactivating is offered', async ({
  browser,
}) => {
  const { page } = await consolePage(browser, server.base);
  await page.goto('/admin/content/categories?q=history');
  await chooseByLabel(page, 'categories-filter-language', 'English');
  const history = row(page, 'categories', 'History');
  await expect(history).toHaveCount(1);
  await history.getByTestId('category-delete').click();
  await page.getByTestId('delete-ok').click();
  await expect(page.getByTestId('delete-refused')).toContainText('Deactivate it instead');
  await shot(page, 'content-category-delete-laptop');
  await page.getByTestId('delete-deactivate').click();
  await expect(page.getByTestId('delete-dialog')).toHaveCount(0);
  await expect(history).toContainText('Inactive');
});

test('fun-and-learn texts, the daily quiz schedule and a bulk import with its dry run', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page } = await consolePage(browser, server.base);

  // A text: its video must be https, then it is saved and lists its questions.
  await page.goto('/admin/content/fun-and-learn');
  await expect(page.getByTestId('fun-texts-row').first()).toBeVisible();
  await shot(page, 'content-fun-texts-laptop');
  await page.getByTestId('fun-text-add').click();
  const drawer = page.getByTestId('fun-text-drawer');
  await drawer.getByTestId('field-category_id').selectOption({ index: 1 });
  await drawer.getByTestId('field-title').fill('How volcanoes work');
  await drawer.getByTestId('field-detail').fill('Magma rises.\n\nThen it erupts.');
  await drawer.getByTestId('field-video_url').fill('http://video.example/volcano');
  await drawer.getByTestId('fun-text-save').click();
  await expect(drawer).toContainText('Must be an https:// URL');
  await drawer.getByTestId('field-video_url').fill('https://video.example/volcano');
  await drawer.getByTestId('fun-text-save').click();
  await expect(drawer.getByTestId('fun-text-questions')).toContainText('No question about this text yet');
  await shot(page, 'content-fun-text-laptop');
  await drawer.getByTestId('drawer-close').click();
  await expect(row(page, 'fun-texts', 'How volcanoes work')).toBeVisible();

  // A day's quiz: two questions found by a search, the second moved first, saved.
  await openContentTab(page, 'daily-quiz');
  await expect(page.getByTestId('daily-calendar')).toBeVisible();
  await page.goto('/admin/content/daily-quiz?date=2031-05-14');
  await expect(page.getByTestId('daily-month')).toHaveText('May 2031');
  await expect(page.getByTestId('daily-editor')).toContainText('Nothing scheduled');
  await page.getByTestId('daily-search-input').fill('the');
  await page.getByTestId('daily-result').nth(0).getByTestId('daily-add').click();
  await page.getByTestId('daily-result').nth(1).getByTestId('daily-add').click();
  const items = page.getByTestId('daily-item');
  await expect(items).toHaveCount(2);
  const second = await items.nth(1).locator('.admin-clamp').textContent();
  await items.nth(1).getByTestId('daily-up').click();
  await expect(items.nth(0)).toContainText(second!);
  await page.getByTestId('daily-save').click();
  await expect(page.locator('.cs-day.selected .cs-day-count')).toHaveText('2');
  await expect(page.getByTestId('daily-item').nth(0)).toContainText(second!);
  await shot(page, 'content-daily-laptop');

  // An import: the dry run reports the row in error, which blocks the import until it is skipped.
  await openContentTab(page, 'import');
  const csv = [
    'question,type,option_a,option_b,option_c,answer,level',
    'Which planet has rings?,mcq,Saturn,Mercury,Mars,a,1',
    'Is the Sun a star?,true_false,,,,a,1',
    'Which planet is largest?,mcq,Jupiter,Mars,,z,1',
  ].join('\n');
  await page.getByTestId('import-file').setInputFiles(upload('astronomy.csv', 'text/csv', Buffer.from(csv)));
  await page.getByTestId('field-category').fill('Imported astronomy');
  await page.getByTestId('import-dry-run').click();
  await expect(page.getByTestId('import-stat-rows')).toHaveText('3');
  await expect(page.getByTestId('import-errors')).toContainText('answer');
  await expect(page.getByTestId('import-run')).toBeDisabled();
  await expect(page.getByTestId('import-blocked')).toBeVisible();
  await page.getByTestId('field-skip_errors').check();
  await page.getByTestId('import-dry-run').click();
  await expect(page.getByTestId('import-run')).toHaveText('Import 2 questions');
  await shot(page, 'content-import-dry-run-laptop');
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('import-done')).toHaveText('2 questions imported.');

  const template = page.waitForEvent('download');
  await page.getByTestId('template-csv').click();
  expect((await template).suggestedFilename()).toBe('questions-template.csv');
  await chooseByLabel(page, 'export-category', 'Imported astronomy');
  await page.getByTestId('export-format').selectOption('json');
  const exported = page.waitForEvent('download');
  await page.getByTestId('export-download').click();
  const file = await exported;
  expect(file.suggestedFilename()).toBe('en-imported-astronomy.json');
  const rows = JSON.parse(await streamText(await file.createReadStream()));
  expect(rows.map((r: { question: string }) => r.question).sort()).toEqual([
    'Is the Sun a star?',
    'Which planet has rings?',
  ]);
});

test('every content screen at laptop and tablet size', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [label, viewport] of [
    ['laptop', LAPTOP],
    ['tablet', TABLET],
  ] as const) {
    const { page, context } = await consolePage(browser, server.base, viewport);
    for (const tab of ['languages', 'categories', 'questions', 'fun-and-learn', 'daily-quiz', 'import']) {
      await page.goto(`/admin/content/${tab}`);
      // The console's chunks load on the first visit: a loaded machine may take a while.
      await expect(page.getByTestId(`content-tab-${tab}`)).toHaveClass(/active/, { timeout: 30_000 });
      await expect(page.locator('.cs-section-head h2')).toBeVisible();
      await expect(page.locator('[role=alert]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page);
      await shot(page, `content-${tab}-${label}`);
    }
    await page.goto('/admin/content/categories');
    await page.getByTestId('category-subcategories').first().click();
    await expect(page.getByTestId('subcategories-row').first()).toBeVisible();
    await shot(page, `content-subcategories-${label}`);
    await page.goto('/admin/content/questions');
    await page.getByTestId('questions-row').first().click();
    await expect(page.getByTestId('question-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, `content-question-editor-${label}`);
    if (label === 'laptop') {
      // In Arabic the console reads right to left; the editor's texts keep their own direction.
      await chooseLanguage(page, 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByTestId('question-save')).toHaveText('حفظ');
      await expectNoSidewaysScroll(page);
      await shot(page, 'content-question-editor-rtl');
      await page.goto('/admin/content/daily-quiz');
      await expect(page.getByTestId('daily-calendar')).toBeVisible();
      await shot(page, 'content-daily-quiz-rtl');
      await chooseLanguage(page, 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
    await context.close();
  }
});

/** The page fits its width (a stray wide element scrolls it sideways, to the left in Arabic). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}
