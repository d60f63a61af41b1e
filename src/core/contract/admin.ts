import { z } from 'zod';
import { DEFAULT_REWARD_RULES, type RewardRules } from '../rules/reward-rules';
import { PLAY_MODES } from './play-modes';
import type { LedgerEntry } from './wallet';
import type { PaymentRequest } from './payouts';
import { SETTING_PAGES, type SettingPage, type SystemConfig } from './settings';
import { action } from './define';
import { idField, intField, jsonField, optionalText, paging, textField } from './fields';

/**
 * The operator console's actions (issue 8): every one needs an admin's api_token (403 for a
 * player, 401 without a token) and every change writes the audit log in its transaction.
 */

export interface AdminDashboard {
  users: number;
  /** Players who played in the last 7 days. */
  active_7d: number;
  questions: number;
  open_reports: number;
  pending_payouts: number;
  /** Coins held by all players. */
  coins_held: number;
  live_rooms: number;
  /**
   * Channels that cannot deliver sign-in codes on this server (production without SMTP_URL or
   * SMS_WEBHOOK_URL): sign-up and code sign-in by them answer `mail_unavailable`.
   */
  undeliverable: ('email' | 'sms')[];
}

export interface AdminUser {
  id: number;
  name: string;
  email: string;
  mobile: string;
  type: string;
  role: 'player' | 'admin';
  status: 0 | 1;
  deactivation_reason: string;
  coins: number;
  score: number;
  created_at: string;
  /** Signed-in devices (live api tokens). */
  sessions: number;
}

export interface AdminPaymentRequest extends PaymentRequest {
  user_id: number;
  /** '' once the player deleted their account (the request stays, as a deleted player's). */
  user_name: string;
  user_email: string;
  settled_at: string | null;
  /** The review's signals (issue 20): what the operator weighs before paying out. */
  user_deleted: boolean;
  /** Days since the person's first account (a deleted account they continue counts). */
  account_days: number;
  contact_verified: boolean;
  /** Percentage of the coins the player earned that came from referrals. */
  referral_share: number;
  /** Answers faster than the human floor (trust events `fast_answer`). */
  fast_answers: number;
  /** Other accounts that signed up from the same device, and from the same network address. */
  same_device: number;
  same_network: number;
  /** Every trust event of the player, counted by kind. */
  trust_events: Record<string, number>;
}

export interface AdminReport {
  id: number;
  status: 'open' | 'fixed' | 'dismissed';
  message: string;
  date: string;
  user_id: number;
  user_name: string;
  question_id: number;
  question: string;
  question_type: string;
  options: unknown;
  answer: unknown;
  category_id: number;
  category_name: string;
  /** Open reports of the same question (a question many report is likely wrong). */
  reports_on_question: number;
}

export interface AdminBroadcast {
  id: number;
  audience: 'all' | 'language' | 'user';
  language_code: string;
  user_id: number | null;
  user_name: string;
  title: string;
  message: string;
  recipients: number;
  /** Players who opened it in the app. */
  reads: number;
  push_sent: number;
  push_failed: number;
  date: string;
}

export interface AuditEntry {
  id: number;
  admin_id: number | null;
  admin_name: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  input: unknown;
  ip: string;
  date: string;
}

export interface AdminSettings {
  system: SystemConfig;
  pages: Record<SettingPage, string>;
  /** The home screen's heading per content language (by language code; absent: the shipped one). */
  home: Record<string, { title: string; subtitle: string }>;
  /** From the server's environment (not editable here): shown so the operator knows. */
  environment: { demo_mode: boolean; database: 'embedded' | 'postgresql'; multi_node: boolean };
}

export interface AdminTranslation {
  key: string;
  /** The default language's text, for reference. */
  source: string;
  /** The shipped text in this language ('' when missing). */
  shipped: string;
  /** The operator's text, if any (it wins over the shipped one). */
  override: string | null;
}

export interface AdminTranslations {
  language_code: string;
  rows: AdminTranslation[];
  /** Keys with no text in this language (neither shipped nor an operator's). */
  missing: number;
  total: number;
}

const sortOrder = z.enum(['asc', 'desc']).default('desc');
const search = optionalText(100);

/**
 * A whole number of the rules: percentages 0–100, seconds 5–3600, milliseconds 0–10,000, other
 * amounts 0–1,000,000.
 */
function ruleField(key: string) {
  if (key.endsWith('_percentage')) return intField(0, 100);
  if (key.endsWith('_seconds')) return intField(5, 3600);
  if (key.endsWith('_ms')) return intField(0, 10_000);
  return intField(0, 1_000_000);
}

const ruleFields = Object.fromEntries(Object.keys(DEFAULT_REWARD_RULES).map((k) => [k, ruleField(k)])) as {
  [K in keyof RewardRules]: ReturnType<typeof intField>;
};

/** System configuration as an operator saves it: every field checked, and the rules consistent. */
export const systemConfigSchema = z
  .object({
    ...ruleFields,
    payout_methods: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[a-z0-9_]{2,30}$/, { error: 'must be a code (a-z, 0-9, _)' }),
      )
      .min(1, { error: 'needs at least one method' })
      .max(10),
    payout_coins_per_unit: intField(1, 1_000_000),
    payout_currency: textField(12),
    payout_min_coins: intField(1, 1_000_000_000),
    payout_interval_hours: intField(0, 24 * 365),
    payout_min_account_days: intField(0, 3650),
    payout_require_verified_contact: z.enum(['0', '1']),
    language_mode: z.enum(['0', '1']),
    maintenance_mode: z.enum(['0', '1']),
    maintenance_message: z.string().trim().max(500).default(''),
    default_language_id: intField(1, 2_147_483_647),
    app_name: textField(60),
    leaderboard_timezone: z
      .string()
      .trim()
      .max(64)
      .regex(/^([A-Za-z_]+(\/[A-Za-z0-9_+-]+)*|[+-]\d{2}:\d{2})$/, { error: 'must be a timezone' }),
    disabled_modes: z
      .array(z.enum(PLAY_MODES))
      .max(PLAY_MODES.length)
      .refine((l) => new Set(l).size === l.length, { error: 'lists a mode twice' })
      .default([]),
    contact_email: z.union([z.literal(''), z.email({ error: 'must be an e-mail address' }).max(120)]).default(''),
    contact_phone: z
      .string()
      .trim()
      .max(30)
      .regex(/^(\+?[0-9][0-9 ()-]{3,28})?$/, { error: 'must be a phone number' })
      .default(''),
    contact_address: z.string().trim().max(300).default(''),
  })
  .strict()
  .refine((c) => c.quiz_coin_floor_percentage <= c.quiz_coin_full_percentage, {
    path: ['quiz_coin_floor_percentage'],
    error: 'must not be above the full-coins percentage',
  });

export const adminActions = {
  admin_get_dashboard: action<AdminDashboard>()({ input: z.object({}), access: 'admin', mutates: false }),

  admin_get_users: action<AdminUser[]>()({
    input: z.object({
      ...paging,
      search,
      status: z.enum(['all', 'active', 'deactivated']).default('all'),
      role: z.enum(['all', 'player', 'admin']).default('all'),
      sort: z.enum(['id', 'name', 'coins', 'score', 'created_at']).default('id'),
      order: sortOrder,
    }),
    access: 'admin',
    mutates: false,
  }),
  /** Deactivates (a reason required) or reactivates an account; deactivation signs it out everywhere. */
  admin_set_user_status: action<AdminUser>()({
    input: z.object({ user_id: idField, status: z.enum(['0', '1']), reason: optionalText(300) }),
    access: 'admin',
    mutates: true,
  }),
  /** Signs an account out on every device. */
  admin_reset_sessions: action<{ revoked: number }>()({
    input: z.object({ user_id: idField }),
    access: 'admin',
    mutates: true,
  }),
  /** A coin adjustment is a ledger row with its reason (never an edit of the balance). */
  admin_adjust_coins: action<{ coins: number; entry: LedgerEntry }>()({
    input: z.object({
      user_id: idField,
      amount: intField(-1_000_000, 1_000_000).refine((n) => n !== 0, { error: 'must not be zero' }),
      reason: textField(200),
    }),
    access: 'admin',
    mutates: true,
  }),
  admin_get_coin_history: action<LedgerEntry[]>()({
    input: z.object({ ...paging, user_id: idField }),
    access: 'admin',
    mutates: false,
  }),

  admin_get_payment_requests: action<AdminPaymentRequest[]>()({
    input: z.object({
      ...paging,
      search,
      status: z.enum(['all', 'pending', 'completed', 'rejected', 'cancelled']).default('pending'),
      order: sortOrder,
    }),
    access: 'admin',
    mutates: false,
  }),

  admin_get_reports: action<AdminReport[]>()({
    input: z.object({ ...paging, status: z.enum(['all', 'open', 'fixed', 'dismissed']).default('open') }),
    access: 'admin',
    mutates: false,
  }),
  /** Closes a report: `fixed` once the question was corrected, `dismissed` when it was right. */
  admin_resolve_report: action<AdminReport>()({
    input: z.object({ report_id: idField, status: z.enum(['fixed', 'dismissed']) }),
    access: 'admin',
    mutates: true,
  }),

  admin_send_notification: action<AdminBroadcast>()({
    input: z.object({
      audience: z.enum(['all', 'language', 'user']),
      language_code: z
        .string()
        .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' })
        .optional(),
      user_id: idField.optional(),
      title: textField(100),
      message: textField(1000),
    }),
    access: 'admin',
    mutates: true,
  }),
  admin_get_broadcasts: action<AdminBroadcast[]>()({
    input: z.object({ ...paging }),
    access: 'admin',
    mutates: false,
  }),

  admin_get_settings: action<AdminSettings>()({ input: z.object({}), access: 'admin', mutates: false }),
  admin_set_system_config: action<SystemConfig>()({
    input: z.object({ config: jsonField(systemConfigSchema) }),
    access: 'admin',
    mutates: true,
  }),
  admin_set_page: action<{ type: SettingPage; message: string }>()({
    input: z.object({ type: z.enum(SETTING_PAGES), message: textField(20_000) }),
    access: 'admin',
    mutates: true,
  }),
  /** The home screen's heading and subheading in one content language (web settings). */
  admin_set_home_settings: action<{ language_id: number; title: string; subtitle: string }>()({
    input: z.object({ language_id: idField, title: textField(120), subtitle: textField(240) }),
    access: 'admin',
    mutates: true,
  }),
  admin_get_translations: action<AdminTranslations>()({
    input: z.object({
      ...paging,
      language_code: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' }),
      search,
      missing_only: z.enum(['0', '1']).default('0'),
    }),
    access: 'admin',
    mutates: false,
  }),
  /** Sets an operator's text for a key (an empty value removes it: the shipped text is back). */
  admin_set_translation: action<AdminTranslation>()({
    input: z.object({
      language_code: z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' }),
      key: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, { error: 'must be a key' })
        .max(200),
      value: z.string().max(2000).default(''),
    }),
    access: 'admin',
    mutates: true,
  }),

  admin_get_audit: action<AuditEntry[]>()({
    input: z.object({
      ...paging,
      action: z
        .string()
        .regex(/^[a-z_]{1,60}$/)
        .optional(),
      target: z
        .string()
        .max(260)
        .regex(/^[a-z_]+:[A-Za-z0-9_.:-]+$/, { error: 'must be kind:id' })
        .optional(),
    }),
    access: 'admin',
    mutates: false,
  }),
};
