import { undeliverableChannels } from '../domain/messenger';
import { listAudit } from '../domain/admin/audit';
import { listBroadcasts, sendBroadcast } from '../domain/admin/broadcasts';
import { listAllPaymentRequests, listReports, resolveReport } from '../domain/admin/moderation';
import {
  adjustCoins,
  adminUser,
  coinHistory,
  dashboard,
  listUsers,
  revokeSessions,
  setUserStatus,
} from '../domain/admin/players';
import {
  listTranslations,
  pagesOf,
  saveHomeHeading,
  savePage,
  saveSystemConfig,
  saveTranslation,
} from '../domain/admin/site-settings';
import { audited, me, paged, type Handlers } from '../http/context';
import { DEFAULT_PAGES } from '../domain/default-pages';

type AdminAction =
  | 'admin_get_dashboard'
  | 'admin_get_users'
  | 'admin_set_user_status'
  | 'admin_reset_sessions'
  | 'admin_adjust_coins'
  | 'admin_get_coin_history'
  | 'admin_get_payment_requests'
  | 'admin_get_reports'
  | 'admin_resolve_report'
  | 'admin_send_notification'
  | 'admin_get_broadcasts'
  | 'admin_get_settings'
  | 'admin_set_system_config'
  | 'admin_set_page'
  | 'admin_set_home_settings'
  | 'admin_get_translations'
  | 'admin_set_translation'
  | 'admin_get_audit';

/** The operator console: players, money, moderation, notifications, settings and the audit log. */
export const adminHandlers: Handlers<AdminAction> = {
  async admin_get_dashboard(_i, ctx) {
    return { ...(await dashboard(ctx.db)), undeliverable: undeliverableChannels(ctx.services.config) };
  },

  async admin_get_users(input, ctx) {
    const { rows, total } = await listUsers(ctx.db, input);
    return paged(rows, total);
  },

  async admin_set_user_status({ user_id, status, reason }, ctx) {
    const { before, after } = await setUserStatus(ctx.db, me(ctx).id, {
      userId: user_id,
      status: status === '1' ? 1 : 0,
      reason,
    });
    audited(ctx, { target: `user:${user_id}`, before: pick(before), after: pick(after) });
    return after;
  },

  async admin_reset_sessions({ user_id }, ctx) {
    await adminUser(ctx.db, user_id);
    const revoked = await revokeSessions(ctx.db, user_id);
    audited(ctx, { target: `user:${user_id}`, after: { revoked } });
    return { revoked };
  },

  async admin_adjust_coins({ user_id, amount, reason }, ctx) {
    const { coins, before, entry } = await adjustCoins(ctx.db, { userId: user_id, amount, reason });
    audited(ctx, { target: `user:${user_id}`, before: { coins: before }, after: { coins, ledger_id: entry.id } });
    return { coins, entry };
  },

  async admin_get_coin_history({ user_id, offset, limit }, ctx) {
    const { rows, total } = await coinHistory(ctx.db, user_id, offset, limit);
    return paged(rows, total);
  },

  async admin_get_payment_requests(input, ctx) {
    const { rows, total } = await listAllPaymentRequests(ctx.db, input);
    return paged(rows, total);
  },

  async admin_get_reports(input, ctx) {
    const { rows, total } = await listReports(ctx.db, input);
    return paged(rows, total);
  },

  async admin_resolve_report({ report_id, status }, ctx) {
    const { before, after } = await resolveReport(ctx.db, report_id, status);
    audited(ctx, { target: `report:${report_id}`, before: { status: before.status }, after: { status: after.status } });
    return after;
  },

  async admin_send_notification(input, ctx) {
    const sent = await sendBroadcast(ctx.db, me(ctx).id, input);
    audited(ctx, { target: `broadcast:${sent.id}`, after: sent });
    return sent;
  },

  async admin_get_broadcasts({ offset, limit }, ctx) {
    const { rows, total } = await listBroadcasts(ctx.db, offset, limit);
    return paged(rows, total);
  },

  async admin_get_settings(_i, ctx) {
    const { config, settings } = ctx.services;
    return {
      system: await settings.system(ctx.db),
      pages: await pagesOf(settings, ctx.db, DEFAULT_PAGES),
      home: (await settings.all(ctx.db)).home,
      environment: {
        demo_mode: config.DEMO_MODE,
        database: config.DATABASE_URL ? 'postgresql' : 'embedded',
        multi_node: Boolean(config.REDIS_URL),
      },
    };
  },

  async admin_set_system_config({ config }, ctx) {
    const { before, after } = await saveSystemConfig(ctx.db, ctx.services.settings, config);
    audited(ctx, { target: 'settings:system', before, after });
    // Read again once committed (a read during the transaction may have cached the old one).
    ctx.afterCommit?.(() => ctx.services.settings.invalidate());
    return after;
  },

  async admin_set_page({ type, message }, ctx) {
    const { before, after } = await savePage(ctx.db, ctx.services.settings, type, message);
    audited(ctx, { target: `page:${type}`, before, after });
    // Read again once committed (a read during the transaction may have cached the old one).
    ctx.afterCommit?.(() => ctx.services.settings.invalidate());
    return { type, message: after };
  },

  async admin_set_home_settings({ language_id, title, subtitle }, ctx) {
    const saved = await saveHomeHeading(ctx.db, ctx.services.settings, { languageId: language_id, title, subtitle });
    audited(ctx, { target: `home:${saved.code}`, before: saved.before, after: saved.after });
    // Read again once committed (a read during the transaction may have cached the old one).
    ctx.afterCommit?.(() => ctx.services.settings.invalidate());
    return { language_id, title, subtitle };
  },

  async admin_get_translations({ language_code, search, missing_only, offset, limit }, ctx) {
    return listTranslations(ctx.db, { code: language_code, search, missingOnly: missing_only === '1', offset, limit });
  },

  async admin_set_translation({ language_code, key, value }, ctx) {
    const { before, row } = await saveTranslation(ctx.db, { code: language_code, key, value });
    audited(ctx, { target: `translation:${language_code}:${key}`, before, after: row.override });
    return row;
  },

  async admin_get_audit(input, ctx) {
    const { rows, total } = await listAudit(ctx.db, input);
    return paged(rows, total);
  },
};

/** What an account's audit rows keep: its state, not its whole record. */
function pick(u: { status: number; deactivation_reason: string }) {
  return { status: u.status, deactivation_reason: u.deactivation_reason };
}
