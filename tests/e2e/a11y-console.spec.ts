import { appendFileSync } from 'node:fs';
import { expect, request as requests, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { OwnServer } from './own-server';
import { ADMIN, adminSignsIn, apiLogin, startServerWithAdmin } from './admin-support';
import { axeFindings, type AxeFinding } from './axe';
import { api, apiPlayer, chooseLanguage } from './support';

// The operator console audited by axe-core (issue 23): every route of /admin and the states an
// operator meets (a drawer, a field's error, a confirmation, a toast, the phone's menu), in
// English and Arabic, light and dark, on a laptop and a phone. A test gathers every screen's
// findings and fails once at its end with the whole list, so one run reads as the list to fix.
// With AXE_REPORT=<file>, each screen's count is appended to that file (the before/after note).
test.describe.configure({ mode: 'default' });

let server: OwnServer;
let player: { email: string; name: string };

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServerWithAdmin();
  // Rows for the lists that start empty: a player's report, their payout request, an audit entry.
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, 'Ada Auditor');
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  await api(request, 'admin_adjust_coins', { user_id: String(p.user.id), amount: '150', reason: 'Seed' }, admin);
  await api(
    request,
    'set_payment_request',
    { payment_type: 'paypal', payment_address: 'ada@example.test', coin_used: '120' },
    p.token,
  );
  const tf = await api(request, 'get_questions_by_type', { language_id: '1', type: '2' }, p.token);
  await api(request, 'report_question', { question_id: String(tf.questions[0].id), message: 'Typo' }, p.token);
  player = { email: p.email, name: 'Ada Auditor' };
  await request.dispose();
});
test.afterAll(() => server?.stop());

interface Run {
  page: Page;
  label: string;
  found: Map<string, AxeFinding[]>;
}

async function openConsole(
  browser: Browser,
  o: { viewport: typeof LAPTOP; dark: boolean; arabic: boolean },
  label: string,
): Promise<Run> {
  const context = await browser.newContext({
    baseURL: server.base,
    viewport: o.viewport,
    colorScheme: o.dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await adminSignsIn(page);
  await go(page, '/admin');
  await expect(page.getByTestId('admin-console')).toBeVisible();
  if (o.arabic) {
    await chooseLanguage(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  return { page, label, found: new Map() };
}

/** Moves within the app as a link would (no reload: the console's chunks stay loaded). */
async function go(page: Page, path: string) {
  if (!page.url().startsWith(server.base)) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The screen as it settles: its data in, no loader left, transitions over. */
async function settled(page: Page, ready: Locator) {
  await expect(ready.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.section-loader')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForTimeout(250);
}

/** Audits the page as it is now under `screen`'s name. */
async function audit(run: Run, screen: string) {
  const findings = await axeFindings(run.page);
  // Not axe's, but lost just the same: a page wider than the screen hides its edge (left in Arabic).
  const wide = await run.page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  if (wide) findings.push({ id: 'page-scrolls-sideways', impact: 'serious', help: '', targets: ['html'] });
  run.found.set(screen, findings);
  if (process.env.AXE_REPORT) {
    const line = `| ${run.label} | ${screen} | ${findings.length} | ${findings.map((f) => `${f.id} (${f.targets.length})`).join(', ')} |\n`;
    appendFileSync(process.env.AXE_REPORT, line);
  }
}

/** Fails with every screen that had a finding, each with its rules and first elements. */
function expectClean(run: Run) {
  const bad = [...run.found].filter(([, f]) => f.length > 0);
  const report = bad.map(([s, f]) => `${s}:\n${f.map((x) => `  ${x.id}: ${x.targets.join(' | ')}`).join('\n')}`);
  expect(report, `${run.label}: ${bad.length} of ${run.found.size} screens`).toEqual([]);
}

/** Every console route, each when its content is on screen. */
async function everyRoute(run: Run, o: { types: boolean }) {
  const { page } = run;
  const t = (id: string) => page.getByTestId(id);
  const routes: [string, string, Locator][] = [
    ['dashboard', '/admin', page.locator('.admin-page-head h1')],
    ['users', '/admin/users', t('users-row')],
    ['payouts', '/admin/payouts', t('payouts-row')],
    ['reports', '/admin/reports', t('reports-row')],
    ['notifications', '/admin/notifications', t('compose')],
    ['settings: configuration', '/admin/settings', t('config-form')],
    ['settings: pages', '/admin/settings?tab=pages', t('page-form')],
    ['settings: home heading', '/admin/settings?tab=home', t('home-save')],
    ['translations', '/admin/translations', t('translations-row')],
    ['audit log', '/admin/audit', t('audit-row')],
    ['content: languages', '/admin/content/languages', t('languages-row')],
    ['content: categories', '/admin/content/categories', t('categories-row')],
    ['content: questions', '/admin/content/questions', t('questions-row')],
    ['content: fun and learn', '/admin/content/fun-and-learn', t('fun-texts-row')],
    ['content: daily quiz', '/admin/content/daily-quiz', t('daily-calendar')],
    ['content: import', '/admin/content/import', t('import-form')],
    ['events: contests', '/admin/events/contests', t('contests-row')],
    ['events: new contest', '/admin/events/contests/new', t('contest-form')],
    ['events: exams', '/admin/events/exams', t('exams-row')],
    ['events: new exam', '/admin/events/exams/new', t('exam-form')],
  ];
  for (const [name, path, ready] of routes) {
    await go(page, path);
    await settled(page, ready);
    await audit(run, name);
  }
  // The routes below a row: a category's subcategories, a question, a contest's and an exam's results.
  const below: [string, string, string, string][] = [
    ['content: subcategories', '/admin/content/categories', 'category-subcategories', 'subcategories-row'],
    ['content: a question', '/admin/content/questions', 'questions-row', 'question-form'],
    ['events: contest results', '/admin/events/contests', 'contest-results', 'contest-facts'],
    ['events: edit a contest', '/admin/events/contests', 'contest-edit', 'contest-form'],
    ['events: exam results', '/admin/events/exams', 'exam-results', 'exam-facts'],
    ['events: edit an exam', '/admin/events/exams', 'exam-edit', 'exam-form'],
  ];
  for (const [name, path, open, ready] of below) {
    await go(page, path);
    await settled(page, t(open));
    await t(open).first().click();
    await settled(page, t(ready));
    await audit(run, name);
  }
  // The question editor takes every type; each shows its own answer part.
  if (!o.types) return;
  await go(page, '/admin/content/questions/new');
  await settled(page, t('question-form'));
  for (const type of ['mcq', 'true_false', 'multi_select', 'sequence', 'match', 'word']) {
    await t('field-type').selectOption(type);
    await page.waitForTimeout(150);
    await audit(run, `content: new question (${type})`);
  }
}

/** The states a test can reach: drawers, a field's error, confirmations, a toast, an expanded row. */
async function everyState(run: Run) {
  const { page } = run;
  const t = (id: string) => page.getByTestId(id);

  // A user's drawer: its error at the field, a toast after a saved change, a confirmation with its error.
  await go(page, `/admin/users?q=${encodeURIComponent(player.email)}`);
  await settled(page, t('users-row'));
  await t('users-row').first().click();
  await settled(page, t('user-drawer'));
  await audit(run, 'users: a user drawer');
  await t('adjust-submit').click();
  await expect(t('adjust-coins').locator('.field-error').first()).toBeVisible();
  await audit(run, "users: a field's error");
  await t('field-amount').fill('1');
  await t('field-reason').fill('Thanks for the report');
  await t('adjust-submit').click();
  await expect(page.locator('.Toastify__toast').first()).toBeVisible();
  await page.waitForTimeout(400);
  await audit(run, 'users: a toast after saving');
  await t('user-deactivate').click();
  await settled(page, t('confirm-dialog'));
  await t('confirm-ok').click();
  await expect(t('confirm-dialog').locator('.field-error')).toBeVisible();
  await audit(run, 'users: a confirmation with its error');
  await t('confirm-cancel').click();
  await t('drawer-close').click();

  // A payout's rejection, asked first.
  await go(page, '/admin/payouts');
  await settled(page, t('payout-reject'));
  await t('payout-reject').first().click();
  await settled(page, t('confirm-dialog'));
  await audit(run, 'payouts: reject, confirmation');
  await t('confirm-cancel').click();

  // A report opened on its question.
  await go(page, '/admin/reports');
  await settled(page, t('reports-expand'));
  await t('reports-expand').first().click();
  await settled(page, t('report-answer'));
  await audit(run, 'reports: a report opened');

  // A notification without its player.
  await go(page, '/admin/notifications');
  await settled(page, t('compose'));
  await t('field-audience').selectOption('user');
  await t('compose-send').click();
  await expect(t('compose').locator('.field-error').first()).toBeVisible();
  await audit(run, 'notifications: a field error');

  // A setting against its schema's rule (not saved: the page is reloaded from the server after).
  await go(page, '/admin/settings');
  await settled(page, t('config-form'));
  await t('config-quiz_coin_floor_percentage').fill('90');
  await t('config-save').click();
  await expect(t('config-group-economy').locator('.field-error').first()).toBeVisible();
  await audit(run, 'settings: a field error and its toast');

  // The audit log's entry opened.
  await go(page, '/admin/audit');
  await settled(page, t('audit-expand'));
  await t('audit-expand').first().click();
  await settled(page, t('audit-diff'));
  await audit(run, 'audit log: an entry opened');

  // Content drawers: a language, a category with its error, a subcategory, a text; a delete asked first.
  await go(page, '/admin/content/languages');
  await settled(page, t('language-add'));
  await t('language-add').click();
  await settled(page, t('language-drawer'));
  await t('language-save').click();
  await expect(t('language-drawer').locator('.field-error').first()).toBeVisible();
  await audit(run, "content: new language, a field's error");
  await t('drawer-close').click();
  await go(page, '/admin/content/categories');
  await settled(page, t('category-add'));
  await t('category-add').click();
  await settled(page, t('category-drawer'));
  await audit(run, 'content: new category');
  await t('drawer-close').click();
  await t('category-delete').first().click();
  await settled(page, t('delete-dialog'));
  await audit(run, 'content: delete a category, confirmation');
  await t('delete-cancel').click();
  await t('category-subcategories').first().click();
  await settled(page, t('subcategory-add'));
  await t('subcategory-add').click();
  await settled(page, t('subcategory-drawer'));
  await audit(run, 'content: new subcategory');
  await t('drawer-close').click();
  await go(page, '/admin/content/fun-and-learn');
  await settled(page, t('fun-text-add'));
  await t('fun-text-add').click();
  await settled(page, t('fun-text-form'));
  await audit(run, 'content: new fun-and-learn text');
  await page.keyboard.press('Escape');

  // The question editor's own error, and a question's deactivation asked first.
  await go(page, '/admin/content/questions/new');
  await settled(page, t('question-form'));
  await t('field-type').selectOption('word');
  await t('question-save').click();
  await expect(t('error-answer')).toBeVisible();
  await audit(run, "content: new question, a field's error");
  await go(page, '/admin/content/questions');
  await settled(page, t('questions-row'));
  await t('questions-row').first().click();
  await settled(page, t('question-deactivate'));
  await t('question-deactivate').click();
  await settled(page, t('question-deactivate-dialog'));
  await audit(run, 'content: deactivate a question, confirmation');
  await t('confirm-cancel').click();

  // Events: a form sent empty shows its errors at the fields.
  for (const kind of ['contest', 'exam'] as const) {
    await go(page, `/admin/events/${kind}s/new`);
    await settled(page, t(`${kind}-form`));
    await t(`${kind}-save`).click();
    await expect(page.locator('.has-error').first()).toBeVisible();
    await audit(run, `events: new ${kind}, the fields' errors`);
  }
}

/** The phone's menu, open over the page. */
async function phoneMenu(run: Run) {
  const { page } = run;
  await go(page, '/admin');
  await settled(page, page.locator('.admin-page-head h1'));
  await page.getByTestId('admin-menu').click();
  await expect(page.getByTestId('admin-nav-users')).toBeVisible();
  await audit(run, 'the menu open');
  await page.getByTestId('admin-menu').click();
}

for (const o of [
  { label: 'English, light, laptop', viewport: LAPTOP, dark: false, arabic: false, states: true },
  { label: 'Arabic, dark, laptop', viewport: LAPTOP, dark: true, arabic: true, states: true },
  { label: 'English, dark, phone', viewport: PHONE, dark: true, arabic: false, states: false },
  { label: 'Arabic, light, phone', viewport: PHONE, dark: false, arabic: true, states: false },
]) {
  test(`axe-core finds nothing serious on any console screen (${o.label})`, async ({ browser }) => {
    test.setTimeout(300_000);
    const run = await openConsole(browser, o, o.label);
    await everyRoute(run, { types: o.states });
    if (o.states) await everyState(run);
    else await phoneMenu(run);
    await run.page.context().close();
    expectClean(run);
  });
}

/** The element that has focus, as its test id (or its tag when it has none). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.testid ?? el?.tagName.toLowerCase() ?? '';
  });

test('the console by keyboard: a skip link, a drawer that keeps focus and gives it back, the phone menu', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = await openConsole(browser, { viewport: LAPTOP, dark: false, arabic: false }, 'keyboard');
  const { page } = run;
  await page.goto(`/admin/users?q=${encodeURIComponent(player.email)}`);
  await settled(page, page.getByTestId('users-row'));

  // The first Tab shows the skip link; Enter goes past the header and the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('admin-skip')).toBeFocused();
  await expect(page.getByTestId('admin-skip')).toBeInViewport();
  await page.keyboard.press('Enter');
  expect(await focused(page)).toBe('main');

  // A row opens by Enter (its dialog's first button is not pressed by the same key); Tab never
  // reaches the page under the drawer (a modal <dialog> lets it out only to the browser's own
  // controls, the document's body here); Escape closes it and focus is on the row again.
  const row = page.getByTestId('users-row').first();
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('user-drawer')).toBeVisible();
  expect(await focused(page)).toBe('drawer-close');
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() =>
      document.activeElement?.closest('[data-testid=user-drawer]') ? 'drawer' : document.activeElement?.tagName,
    );
    expect(['drawer', 'BODY'], `Tab ${i + 1} went to ${where}`).toContain(where);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-drawer')).toHaveCount(0);
  await expect(row).toBeFocused();

  // A confirmation asked from the drawer gives focus back to the button that asked.
  await page.keyboard.press('Enter');
  await page.getByTestId('user-deactivate').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
  await expect(page.getByTestId('user-deactivate')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row).toBeFocused();

  // On a phone the menu opens from its button, keeps Tab among its entries, and Escape closes it.
  await page.setViewportSize(PHONE);
  const menu = page.getByTestId('admin-menu');
  await expect(menu).toHaveAccessibleName('Menu');
  await expect(page.getByTestId('admin-back-to-app')).toHaveAccessibleName('Back to the app');
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('admin-nav-users')).toBeVisible();
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press('Tab');
    const id = await focused(page);
    expect(id === 'admin-menu' || id.startsWith('admin-nav-'), `Tab ${i + 1} went to ${id}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('admin-nav-users')).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  // An entry chosen from the menu by keyboard opens its screen with the focus on its heading.
  await page.keyboard.press('Enter');
  await page.getByTestId('admin-nav-settings').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.admin-page-head h1')).toBeFocused();

  // Every control on the phone's screens is at least 24 × 24 CSS px (WCAG 2.5.8).
  for (const path of ['/admin/users', '/admin/content/questions', '/admin/events/contests', '/admin/settings']) {
    await go(page, path);
    await settled(page, page.locator('.admin-page-head h1'));
    await expect(page.locator('.section-loader')).toHaveCount(0);
    const small = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.admin button, .admin a[href], .admin input, .admin select'))
        .filter((el) => el.offsetParent !== null && !el.closest('p, li > small'))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
        .map(
          ({ el, box }) => `${el.dataset.testid ?? el.className} ${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    );
    expect(small, path).toEqual([]);
  }
  await page.context().close();
});
