import { z } from 'zod';
import { action } from './define';
import { emailField, mobileField, nameField, optionalText, paging, textField } from './fields';

export type AccountType = 'email' | 'mobile' | 'gmail';

/** The user record (spec: api_token, name and profile are the names it shows). */
/** A push service's endpoint (push services speak https only). */
const pushEndpoint = z
  .string({ error: 'must be a URL' })
  .max(2048)
  .regex(/^https:\/\/[^\s/?#]+\/[^\s]*$/, { error: 'must be an https URL' });

/** A notification as the player sees it. */
export interface NotificationView {
  id: number;
  /** The server's own ones: a type the app words (badge, referral, payout, ...); an operator's: general. */
  type: string;
  params: Record<string, string | number>;
  /** An operator's notification: its own words. */
  title: string;
  message: string;
  /** Where a click leads in the app ('' for nowhere). */
  link: string;
  date: string;
  read: boolean;
}

export interface ReferralSummary {
  refer_code: string;
  /**
   * Friends whose sign-up with this code paid: the same records as `coins_earned`, so a friend
   * who deleted the account later still counts (issue 22 §13).
   */
  friends: number;
  /** Of `friends`, those who have since deleted their account (shown as former players). */
  former_friends: number;
  coins_earned: number;
  /** Friends whose referral waits until their account is real (verified contact, play over days). */
  pending_friends: number;
  /** What those pending referrals will pay the player when they mature. */
  pending_coins: number;
  /** The referral this player signed up with, if any: waiting, paid or refused, and its bonus. */
  own_referral: { status: 'pending' | 'paid' | 'refused'; coins: number } | null;
  /** What a friend gets on joining with the code, and what the player gets for each. */
  new_user_bonus: number;
  referrer_bonus: number;
}

export interface UserRecord {
  id: number;
  firebase_id: string;
  name: string;
  email: string;
  mobile: string;
  /** Profile image URL ('' when none). */
  profile: string;
  type: AccountType;
  fcm_id: string;
  coins: number;
  all_time_score: number;
  refer_code: string;
  friends_code: string;
  web_language: string;
  role: 'player' | 'admin';
  status: 0 | 1;
  date_registered: string;
  /** Only in the replies of user_signup. */
  api_token?: string;
}

/** Empty strings count as absent: the client sends contact fields only when set. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const webLanguageField = z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: 'must be a language code' });

/** An FCM registration token (Firebase mode's push): '' says this device has none (any more). */
const fcmTokenField = z.union([
  z.literal(''),
  z.string().regex(/^[A-Za-z0-9_:-]{20,500}$/, { error: 'must be an FCM token' }),
]);

export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const accountActions = {
  check_user_exists: action<{ exists: boolean }>()({
    input: z.object({ firebase_id: textField(200) }),
    access: 'identity',
    mutates: false,
  }),
  user_signup: action<UserRecord>()({
    input: z.object({
      firebase_id: textField(200),
      type: z.enum(['email', 'mobile', 'gmail']).optional(),
      name: z.preprocess(blankToUndefined, nameField.optional()),
      email: z.preprocess(blankToUndefined, emailField.optional()),
      profile: optionalText(500),
      mobile: z.preprocess(blankToUndefined, mobileField.optional()),
      fcm_id: fcmTokenField.optional(),
      /** This browser's install id (kept in its storage): a referral code pays once per device. */
      device_id: z.preprocess(
        blankToUndefined,
        z
          .string()
          .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'must be a device id' })
          .optional(),
      ),
      /** The interface language the player chose before signing up. */
      web_language: z.preprocess(blankToUndefined, webLanguageField.optional()),
      friends_code: z.preprocess(
        blankToUndefined,
        z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9]{4,16}$/, { error: 'must be a referral code' })
          .optional(),
      ),
    }),
    access: 'identity',
    mutates: true,
  }),
  /** The player's notifications, newest first by default; `total` counts them all, `unread` too. */
  get_notifications: action<NotificationView[]>()({
    input: z.object({
      ...paging,
      sort: z.enum(['id', 'date'], { error: 'must be id or date' }).default('id'),
      order: z.enum(['asc', 'desc', 'ASC', 'DESC'], { error: 'must be asc or desc' }).default('desc'),
    }),
    access: 'user',
    mutates: false,
  }),
  /** Marks notifications read: `ids` (comma-separated) or `all=1`. Answers the unread count left. */
  set_notifications_read: action<{ unread: number }>()({
    input: z
      .object({
        ids: z
          .string({ error: 'must be ids' })
          .max(2000)
          .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: 'must be comma-separated ids' })
          .refine((v) => v.split(',').every((x) => Number(x) >= 1 && Number(x) <= 2_147_483_647), {
            error: 'must be comma-separated ids',
          })
          .optional(),
        all: z.preprocess((v) => (v === '1' || v === 1 || v === true ? true : v), z.literal(true).optional()),
      })
      .refine((o) => o.ids !== undefined || o.all === true, { error: 'ids or all: required', path: ['ids'] }),
    access: 'user',
    mutates: true,
  }),
  /** Web Push: the server's VAPID public key, for the browser's push subscription. */
  get_push_key: action<{ public_key: string }>()({
    input: z.object({}),
    access: 'user',
    mutates: false,
  }),
  /** Web Push: this browser's subscription (kept for the player; a browser has one owner). */
  set_push_subscription: action<{ subscribed: true }>()({
    input: z.object({
      endpoint: pushEndpoint,
      p256dh: z.string({ error: 'must be a key' }).regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: 'must be a key' }),
      auth: z.string({ error: 'must be a key' }).regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, { error: 'must be a key' }),
    }),
    access: 'user',
    mutates: true,
  }),
  delete_push_subscription: action<{ subscribed: false }>()({
    input: z.object({ endpoint: pushEndpoint }),
    access: 'user',
    mutates: true,
  }),
  /**
   * Firebase mode: this device's FCM token when it changes ('' at logout, or when the player
   * turns notifications off). A token is one device's: it leaves any other account that had it.
   */
  set_fcm_id: action<{ fcm_id: string }>()({
    input: z.object({ fcm_id: fcmTokenField }),
    access: 'user',
    mutates: true,
  }),
  /** Refer and earn: the player's code, friends who joined with it and the coins it paid. */
  get_referral_summary: action<ReferralSummary>()({
    input: z.object({}),
    access: 'user',
    mutates: false,
  }),
  get_user_by_id: action<UserRecord>()({
    input: z.object({}),
    access: 'user',
    mutates: false,
  }),
  update_profile: action<UserRecord>()({
    input: z.object({
      name: z.preprocess(blankToUndefined, nameField.optional()),
      email: z.preprocess(blankToUndefined, emailField.optional()),
      mobile: z.preprocess(blankToUndefined, mobileField.optional()),
      web_language: z.preprocess(blankToUndefined, webLanguageField.optional()),
    }),
    access: 'user',
    mutates: true,
  }),
  upload_profile_image: action<UserRecord>()({
    input: z.object({}),
    access: 'user',
    mutates: true,
    files: { image: PROFILE_IMAGE_MAX_BYTES },
  }),
  delete_user_account: action<{ deleted: true }>()({
    input: z.object({}),
    access: 'user',
    mutates: true,
  }),
  logout: action<{ logged_out: true }>()({
    input: z.object({}),
    access: 'user',
    mutates: true,
  }),
};
