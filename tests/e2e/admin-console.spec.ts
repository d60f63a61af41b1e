import { expect, request as requests, test, type Page } from '@playwright/test';
import type { OwnServer } from './own-server';
import { ADMIN, adminSignsIn, apiLogin, openSection, shot, startServerWithAdmin } from './admin-support';
import { api, apiPlayer, chooseLanguage, loginByEmail } from './support';

// The operator console (issue 8) on a server of its own, whose first admin `npm run admin:create`
// made. The journeys run one after another on it.
test.describe.configure({ mode: 'default' });

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServerWithAdmin();
});
test.afterAll(() => server?.stop());

const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 820, height: 1180 };
const SECTIONS = [
  'dashboard',
  'users',
  'payouts',
  'reports',
  'content',
  'events',
  'notifications',
  'settings',
  'translations',
  'audit',
];

async function consolePage(browser: import('@playwright/test').Browser, viewport = LAPTOP) {
  const context = await browser.newContext({ baseURL: server.base, viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return { context, page };
}

async function admin() {
  const request = await requests.newContext({ baseURL: server.base });
  return { request, token: await apiLogin(request, ADMIN.email, ADMIN.password) };
}

/** Opens a user's drawer from the users table, found by e-mail. */
async function openUser(page: Page, email: string) {
  await openSection(page, 'users');
  await page.getByTestId('users-search').fill(email);
  await expect(page.getByTestId('users-row')).toHaveCount(1);
  await page.getByTestId('users-row').click();
  await expect(page.getByTestId('user-drawer')).toBeVisible();
}

test('a player who opens /admin is told it is not allowed, and the server refuses them too', async ({ browser }) => {
  const { page } = await consolePage(browser);
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, 'Paula Player');
  await loginByEmail(page, p.email, p.password);
  await page.goto('/admin/users');
  await expect(page.getByTestId('admin-not-allowed')).toContainText('Not allowed');
  await expect(page.getByTestId('admin-console')).toHaveCount(0);
  await shot(page, 'not-allowed');
  const res = await request.post('/api/admin_get_users', { headers: { authorization: `Bearer ${p.token}` } });
  expect(res.status()).toBe(403);
});

// One test per screen size, each visiting every section within its own time limit.
for (const [label, viewport] of [
  ['laptop', LAPTOP],
  ['tablet', TABLET],
] as const) {
  test(`signed out, the console asks for a login and comes back; the admin visits every section (${label})`, async ({
    browser,
  }) => {
    // Every section of the console, one after the other: a long walk on a loaded machine.
    test.setTimeout(120_000);
    const { page, context } = await consolePage(browser, viewport);
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.getByTestId('email').fill(ADMIN.email);
    await page.getByTestId('password').fill(ADMIN.password);
    await page.getByTestId('submit').click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByTestId('admin-who')).toContainText(ADMIN.name);
    await expect(page.getByTestId('config-form')).toBeVisible();
    for (const s of SECTIONS) {
      await openSection(page, s);
      await expect(page.locator('.admin-page-head h1')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await shot(page, `${label}-${s}`);
    }
    if (label === 'laptop') {
      // Right to left: the console in Arabic, its navigation on the right.
      await chooseLanguage(page, 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByTestId('admin-nav-users')).toHaveText('المستخدمون');
      for (const s of ['users', 'settings']) {
        await openSection(page, s);
        await shot(page, `laptop-ar-${s}`);
      }
      const nav = await page.locator('#admin-nav').boundingBox();
      expect(nav!.x).toBeGreaterThan(viewport.width / 2);
      await chooseLanguage(page, 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    }
    if (label === 'tablet') {
      await page.getByTestId('admin-menu').click();
      await shot(page, 'tablet-menu');
      await page.getByTestId('admin-menu').click();
    }
    await page.getByTestId('admin-back-to-app').click();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  });
}

test("an admin funds a player, rejects their payout request, and the player's wallet shows the refund", async ({
  browser,
}) => {
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, 'Rita Redeemer');
  const { page } = await consolePage(browser);
  await adminSignsIn(page);
  await page.goto('/admin');

  // A coin adjustment: refused at the field without a reason, then a ledger row.
  await openUser(page, p.email);
  await page.getByTestId('field-amount').fill('150');
  await page.getByTestId('adjust-submit').click();
  await expect(page.getByTestId('adjust-coins')).toContainText('Is required');
  await page.getByTestId('field-reason').fill('Prize of the spring quiz night');
  await page.getByTestId('adjust-submit').click();
  await expect(page.getByTestId('user-coins')).toHaveText('160');
  await expect(page.getByTestId('coin-history')).toContainText('Prize of the spring quiz night');
  await shot(page, 'laptop-user-drawer');
  await page.getByTestId('drawer-close').click();

  await api(
    request,
    'set_payment_request',
    { payment_type: 'paypal', payment_address: 'rita@example.test', coin_used: '120' },
    p.token,
  );
  await openSection(page, 'payouts');
  const row = page.getByTestId('payouts-row').filter({ hasText: p.email });
  await expect(row.getByTestId('payout-status')).toHaveText('Pending');
  // The review's signals: a new account with a verified e-mail, no coins from referrals.
  await expect(row.getByTestId('payout-signals')).toContainText('Contact verified');
  await expect(row.getByTestId('payout-signals')).toContainText('0% from referrals');
  await shot(page, 'laptop-payout-review');
  await row.getByTestId('payout-reject').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('gets their 120 coins back');
  await shot(page, 'laptop-payout-reject');
  await page.getByTestId('confirm-ok').click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('payouts-filter-status').selectOption('rejected');
  await expect(row.getByTestId('payout-status')).toHaveText('Rejected');

  const player = await consolePage(browser, { width: 360, height: 740 });
  await loginByEmail(player.page, p.email, p.password);
  await player.page.goto('/profile/wallet');
  await expect(player.page.getByTestId('wallet-balance')).toContainText('160');
  await expect(player.page.getByTestId('ledger')).toContainText('+120');
});

test('an admin deactivates a player with a reason: signed out, refused, and written in the audit log', async ({
  browser,
}) => {
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, 'Dan Deactivated');
  const { page } = await consolePage(browser);
  await adminSignsIn(page);
  await page.goto('/admin');
  await openUser(page, p.email);
  await page.getByTestId('user-deactivate').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Please give a reason.');
  await page.getByTestId('confirm-reason').fill('Shared answers in a contest');
  await shot(page, 'laptop-deactivate');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('user-status')).toContainText('Deactivated');
  await expect(page.getByTestId('user-reason')).toHaveText('Shared answers in a contest');
  await expect(page.getByTestId('user-sessions')).toHaveText('0');

  const res = await request.post('/api/get_user_by_id', { headers: { authorization: `Bearer ${p.token}` } });
  expect([401, 403]).toContain(res.status());

  await page.getByTestId('drawer-close').click();
  await openSection(page, 'audit');
  await page.getByTestId('audit-filter-action').selectOption('admin_set_user_status');
  await page.getByTestId('audit-row').first().getByTestId('audit-expand').click();
  await expect(page.getByTestId('audit-diff')).toContainText('Shared answers in a contest');
  await shot(page, 'laptop-audit-diff');
});

test('reports, notifications, settings and translations do what they say', async ({ browser }) => {
  const request = await requests.newContext({ baseURL: server.base });
  const p = await apiPlayer(request, 'Quinn Questioner');
  const tf = await api(request, 'get_questions_by_type', { language_id: '1', type: '2' }, p.token);
  await api(
    request,
    'report_question',
    { question_id: String(tf.questions[0].id), message: 'The answer looks wrong' },
    p.token,
  );
  const { token } = await admin();
  const { page } = await consolePage(browser);
  await adminSignsIn(page);
  await page.goto('/admin/reports');

  // A report: the question with its answer, then closed as fixed.
  const report = page.getByTestId('reports-row').filter({ hasText: 'The answer looks wrong' });
  await report.getByTestId('reports-expand').click();
  await expect(page.getByTestId('report-answer')).not.toBeEmpty();
  await shot(page, 'laptop-report');
  await report.getByTestId('report-fixed').click();
  await expect(report).toHaveCount(0);

  // A notification to one player, found by name.
  await openSection(page, 'notifications');
  await page.getByTestId('field-audience').selectOption('user');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('compose')).toContainText('Choose a player');
  await page.getByTestId('user-picker-search').fill(p.email);
  await page.getByTestId('user-picker-results').getByRole('button').first().click();
  await page.getByTestId('field-title').fill('Thanks for the report');
  await page.getByTestId('field-message').fill('We fixed the question you reported.');
  await expect(page.getByTestId('compose-preview')).toContainText('We fixed the question you reported.');
  await shot(page, 'laptop-compose');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('broadcasts-row').first()).toContainText('Thanks for the report');
  await expect(page.getByTestId('broadcasts-row').first()).toContainText('Quinn Questioner');
  // To every player: asked first.
  await page.getByTestId('field-audience').selectOption('all');
  await page.getByTestId('field-title').fill('New questions this week');
  await page.getByTestId('field-message').fill('Two hundred new science questions are in.');
  await page.getByTestId('compose-send').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Goes to every active player.');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('broadcasts-row').first()).toContainText('Every player');
  const inbox = await api(request, 'get_notifications', { offset: '0', limit: '10' }, p.token);
  expect(JSON.stringify(inbox)).toContain('We fixed the question you reported.');

  // Settings: the schema's rule at the field, then a change saved (and a page).
  await openSection(page, 'settings');
  await page.getByTestId('config-quiz_coin_floor_percentage').fill('90');
  await page.getByTestId('config-save').click();
  await expect(page.getByTestId('config-group-economy')).toContainText('Must not be above the full-coins percentage');
  await page.getByTestId('config-quiz_coin_floor_percentage').fill('20');
  await page.getByTestId('config-welcome_bonus').fill('15');
  await page.getByTestId('config-save').click();
  await expect(page.locator('.admin-savebar')).toContainText('All changes saved');
  const config = await api(request, 'get_system_configurations', {});
  expect(config.welcome_bonus).toBe(15);
  expect(config.quiz_coin_floor_percentage).toBe(20);

  // Maintenance: players are turned away with the message; the console keeps working, even reloaded.
  await page.getByTestId('config-maintenance_mode').check();
  await page.getByTestId('config-maintenance_message').fill('Back at noon with new questions.');
  await page.getByTestId('config-save').click();
  await expect(page.locator('.admin-savebar')).toContainText('All changes saved');
  const closed = await request.post('/api/get_user_by_id', { headers: { authorization: `Bearer ${p.token}` } });
  expect(closed.status()).toBe(503);
  expect((await closed.json()).message).toBe('Back at noon with new questions.');
  // A player opening the app (a phone) sees the operator's words, not the home screen.
  const phone = await consolePage(browser, { width: 360, height: 740 });
  await phone.page.goto('/');
  await expect(phone.page.locator('main.maintenance')).toContainText('Back at noon with new questions.');
  await expect(phone.page.locator('.app')).toHaveCount(0);
  await shot(phone.page, 'phone-maintenance');
  await phone.context.close();
  await page.reload();
  await expect(page.getByTestId('config-form')).toBeVisible();
  await page.getByTestId('config-maintenance_mode').uncheck();
  await page.getByTestId('config-save').click();
  await expect(page.locator('.admin-savebar')).toContainText('All changes saved');
  expect(
    (await request.post('/api/get_user_by_id', { headers: { authorization: `Bearer ${p.token}` } })).status(),
  ).toBe(200);

  await page.getByTestId('settings-tab-pages').click();
  await page.getByTestId('page-tab-faq').click();
  await page.getByTestId('field-message').fill('How do I play?\n\nPick a mode and answer.');
  await page.getByTestId('page-save').click();
  await expect(page.getByTestId('page-form')).toContainText('All changes saved');
  expect((await api(request, 'get_settings', { type: 'faq' })).message).toBe(
    'How do I play?\n\nPick a mode and answer.',
  );
  await shot(page, 'laptop-pages');

  // The home screen's heading, in the default content language: players get it.
  await page.getByTestId('settings-tab-home').click();
  await page.getByTestId('field-title').fill('Trivia night is on');
  await page.getByTestId('field-subtitle').fill('Fresh questions every evening.');
  await page.getByTestId('home-save').click();
  await expect.poll(async () => (await api(request, 'get_web_home_settings', {})).title).toBe('Trivia night is on');
  await shot(page, 'laptop-home-heading');

  // Translations: an Arabic text replaced, kept over the shipped one.
  await openSection(page, 'translations');
  await page.getByTestId('translations-search').fill('common.retry');
  const tr = page.getByTestId('translations-row').filter({ hasText: 'common.retry' });
  await expect(tr).toHaveCount(1);
  await tr.getByTestId('translation-input').fill('أعد المحاولة');
  await tr.getByTestId('translation-save').click();
  await expect(tr.getByTestId('translation-reset')).toBeVisible();
  const again = await api(request, 'admin_get_translations', { language_code: 'ar', search: 'common.retry' }, token);
  expect(again.rows.find((r: { key: string }) => r.key === 'common.retry').override).toBe('أعد المحاولة');
});
