import { randomUUID } from 'node:crypto';
import { sql } from '../db/client';
import { issueApiToken, revokeToken } from '../auth/api-tokens';
import { reencodeAvatar } from '../domain/images';
import { createUser, userByFirebaseId, userRecord } from '../domain/users';
import { me, type ActionContext, type Handlers } from '../http/context';
import { fail } from '../http/errors';

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
    let userId: number;
    if (user) {
      userId = user.id;
      if (input.fcm_id) await db.run(sql`UPDATE users SET fcm_id = ${input.fcm_id} WHERE id = ${userId}`);
    } else {
      const rules = await services.settings.rules(db);
      userId = await createUser(db, {
        firebaseId: id.firebase_id,
        type: id.type,
        name: input.name ?? id.name ?? fallbackName(id.email),
        // Verified attributes come from the proof; a mobile account may add an e-mail.
        email: id.email ?? (id.type === 'mobile' ? (input.email ?? '') : ''),
        mobile: id.mobile ?? input.mobile ?? '',
        profile: input.profile && /^https:\/\//.test(input.profile) ? input.profile : '',
        fcmId: input.fcm_id ?? '',
        friendsCode: input.friends_code ?? '',
        webLanguage: input.web_language ?? 'en',
        welcomeBonus: rules.welcome_bonus,
      });
    }
    const api_token = await issueApiToken(db, userId, services.config.TOKEN_TTL_DAYS);
    user = await userRecord(db, userId);
    return { ...user, api_token };
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
    const lang = input.web_language ?? u.web_language;
    await db.run(sql`UPDATE users SET name = ${name}, mobile = ${mobile}, email = ${email},
      web_language = ${lang} WHERE id = ${u.id}`);
    return userRecord(db, u.id);
  },

  async upload_profile_image(_input, ctx) {
    notInDemo(ctx);
    const file = ctx.files.image;
    if (!file) fail('invalid_input', { field: 'image', message: 'image: is required' });
    const webp = await reencodeAvatar(file.buffer);
    const uid = me(ctx).id;
    const mediaId = randomUUID();
    await ctx.db.run(sql`DELETE FROM media WHERE owner_id = ${uid} AND kind = 'profile'`);
    await ctx.db.run(sql`INSERT INTO media (id, owner_id, kind, content_type, bytes)
      VALUES (${mediaId}::uuid, ${uid}, 'profile', 'image/webp', ${webp})`);
    await ctx.db.run(sql`UPDATE users SET profile = ${`/media/${mediaId}.webp`} WHERE id = ${uid}`);
    return userRecord(ctx.db, uid);
  },

  async delete_user_account(_input, ctx) {
    notInDemo(ctx);
    const u = await userRecord(ctx.db, me(ctx).id);
    if (u.firebase_id.startsWith('email:')) {
      await ctx.db.run(sql`DELETE FROM local_accounts WHERE id = ${u.firebase_id.slice(6)}::uuid`);
    }
    // Tokens, ledger, sessions and progress go with the row (ON DELETE CASCADE).
    await ctx.db.run(sql`DELETE FROM users WHERE id = ${u.id}`);
    return { deleted: true };
  },

  async logout(_input, ctx) {
    await revokeToken(ctx.db, ctx.token!);
    return { logged_out: true };
  },
};
