import { randomUUID } from 'node:crypto';
import { profileUrlProblem } from '../auth/profile-url';
import { issueApiToken, revokeToken } from '../auth/api-tokens';
import {
  deletePushSubscription,
  markContactVerified,
  replaceProfileImage,
  savePushSubscription,
  saveProfile,
  setFcmId,
} from '../domain/account';
import { reencodeAvatar } from '../domain/images';
import { listNotifications, markRead } from '../domain/notifications';
import { matureReferrals } from '../domain/maturing-referrals';
import { referralSummary } from '../domain/referrals';
import { eraseAccount } from '../domain/tombstones';
import { createUser, userByFirebaseId, userRecord } from '../domain/users';
import { me, paged, type ActionContext, type Handlers } from '../http/context';
import { AppError, fail } from '../errors';

function ownIdentity(ctx: ActionContext, firebaseId: string) {
  const id = ctx.identity!;
  // The proof names one identity; it cannot be used to look up or create another.
  if (id.firebase_id !== firebaseId) fail('forbidden', { field: 'firebase_id' });
  return id;
}

function notInDemo(ctx: ActionContext) {
  if (ctx.services.config.DEMO_MODE) fail('demo_mode');
}

/** A name from what we know when the player gave none: the e-mail's local part or "Player". */
function fallbackName(email?: string): string {
  const local = email
    ?.split('@')[0]
    ?.replace(/[._\-+0-9]+/g, ' ')
    .trim();
  return local ? local.slice(0, 60) : 'Player';
}

export const accountHandlers: Handlers<
  | 'check_user_exists'
  | 'user_signup'
  | 'get_referral_summary'
  | 'get_notifications'
  | 'get_push_key'
  | 'set_push_subscription'
  | 'delete_push_subscription'
  | 'set_fcm_id'
  | 'set_notifications_read'
  | 'get_user_by_id'
  | 'update_profile'
  | 'upload_profile_image'
  | 'delete_user_account'
  | 'logout'
> = {
  async check_user_exists({ firebase_id }, ctx) {
    ownIdentity(ctx, firebase_id);
    const user = await userByFirebaseId(ctx.db, firebase_id);
    if (user && user.status !== 1) fail('account_deactivated');
    return { exists: Boolean(user) };
  },

  async user_signup(input, ctx) {
    const id = ownIdentity(ctx, input.firebase_id);
    const { db, services } = ctx;
    let user = await userByFirebaseId(db, id.firebase_id);
    if (user && user.status !== 1) fail('account_deactivated');
    // Refused at the field even for a returning player: a bad picture URL is never quietly dropped.
    const picture = input.profile
      ? profileUrlProblem(input.profile, { identityType: id.type, publicUrl: services.config.PUBLIC_URL })
      : undefined;
    if (picture) fail('invalid_input', { field: 'profile', message: `profile: ${picture}` });
    let userId: number;
    if (user) {
      userId = user.id;
      if (input.fcm_id) await setFcmId(db, userId, input.fcm_id);
      // A provider that verified the contact since the first sign-up (Google, Firebase) says so now.
      if (id.email || id.mobile) await markContactVerified(db, userId);
    } else {
      const rules = await services.settings.rules(db);
      userId = await createUser(db, {
        firebaseId: id.firebase_id,
        type: id.type,
        name: input.name ?? id.name ?? fallbackName(id.email),
        // Verified attributes come from the proof; a mobile account may add an e-mail.
        email: id.email ?? (id.type === 'mobile' ? (input.email ?? '') : ''),
        mobile: id.mobile ?? input.mobile ?? '',
        profile: input.profile ?? '',
        fcmId: '',
        friendsCode: input.friends_code ?? '',
        deviceId: input.device_id ?? '',
        signupIp: ctx.ip,
        // Every provider puts an e-mail or phone into its proof only once it is verified.
        contactVerified: Boolean(id.email || id.mobile),
        webLanguage: input.web_language ?? 'en',
        welcomeBonus: rules.welcome_bonus,
      });
      if (input.fcm_id) await setFcmId(db, userId, input.fcm_id);
    }
    const api_token = await issueApiToken(db, userId, services.config.TOKEN_TTL_DAYS);
    user = await userRecord(db, userId);
    return { ...user, api_token };
  },

  async get_notifications({ offset, limit, sort, order }, ctx) {
    const o = order.toLowerCase() === 'asc' ? 'asc' : 'desc';
    const page = await listNotifications(ctx.db, me(ctx).id, { offset, limit, sort, order: o });
    return paged(page.rows, page.total);
  },

  async set_notifications_read({ ids, all }, ctx) {
    const list = all ? 'all' : (ids ?? '').split(',').map(Number);
    return { unread: await markRead(ctx.db, me(ctx).id, list) };
  },

  async get_push_key(_input, ctx) {
    return { public_key: ctx.services.push.publicKey };
  },

  async set_push_subscription({ endpoint, p256dh, auth }, ctx) {
    if (!isPushService(endpoint, ctx.services.config.PUSH_ENDPOINT_HOSTS))
      throw new AppError('invalid_input', { field: 'endpoint', message: 'endpoint: must be a push service’s URL' });
    await savePushSubscription(ctx.db, me(ctx).id, { endpoint, p256dh, auth });
    return { subscribed: true as const };
  },

  async delete_push_subscription({ endpoint }, ctx) {
    await deletePushSubscription(ctx.db, me(ctx).id, endpoint);
    return { subscribed: false as const };
  },

  async set_fcm_id({ fcm_id }, ctx) {
    await setFcmId(ctx.db, me(ctx).id, fcm_id);
    return { fcm_id };
  },

  async get_referral_summary(_input, ctx) {
    const rules = await ctx.services.settings.rules(ctx.db);
    // Looking is a qualifying moment too: what matured since the last tick pays now.
    await matureReferrals(ctx.db, rules, me(ctx).id);
    return referralSummary(ctx.db, me(ctx).id, rules);
  },

  async get_user_by_id(_input, ctx) {
    return userRecord(ctx.db, me(ctx).id);
  },

  async update_profile(input, ctx) {
    notInDemo(ctx);
    const { db } = ctx;
    const u = await userRecord(db, me(ctx).id);
    const name = input.name ?? u.name;
    const mobile = input.mobile ?? u.mobile;
    // The e-mail of an e-mail or Google account is its identity: only mobile accounts change it.
    const email = u.type === 'mobile' ? (input.email ?? u.email) : u.email;
    const web_language = input.web_language ?? u.web_language;
    await saveProfile(db, u.id, { name, mobile, email, web_language });
    return userRecord(db, u.id);
  },

  async upload_profile_image(_input, ctx) {
    notInDemo(ctx);
    const file = ctx.files.image;
    if (!file) fail('invalid_input', { field: 'image', message: 'image: is required' });
    const webp = await reencodeAvatar(file.buffer);
    const uid = me(ctx).id;
    await replaceProfileImage(ctx.db, uid, randomUUID(), webp);
    return userRecord(ctx.db, uid);
  },

  async delete_user_account(_input, ctx) {
    notInDemo(ctx);
    // Personal data goes; the money records stay with a tombstone (tombstones.ts).
    await eraseAccount(ctx.db, me(ctx).id);
    return { deleted: true };
  },

  async logout(_input, ctx) {
    await revokeToken(ctx.db, ctx.token!);
    return { logged_out: true };
  },
};

/** Whether an endpoint's host is one of the configured push services (".host" matches subdomains). */
function isPushService(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((h) => (h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h));
}
