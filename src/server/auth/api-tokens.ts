import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { authTokens, users } from '../db/schema';
import { forgetTokenHere, forgetUserHere } from './token-cache';

/** The stored form of a token: its SHA-256, so a database leak yields no usable tokens. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Issues a new opaque 256-bit api_token for a user. */
export async function issueApiToken(db: Db, userId: number, ttlDays: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.run(sql`INSERT INTO auth_tokens (token_hash, user_id, expires_at)
    VALUES (${tokenHash(token)}, ${userId}, now() + make_interval(days => ${ttlDays}))`);
  return token;
}

export interface TokenUser {
  id: number;
  role: 'player' | 'admin';
  status: number;
}

/** A live token's user, with when the token expires (ms since the epoch): what a cache may keep. */
export interface TokenLookup {
  user: TokenUser;
  expiresMs: number;
}

/**
 * The user a token belongs to, if it is live. Expiry slides: a token used within its window
 * is extended (at most once an hour, to keep reads cheap).
 */
export async function userForToken(db: Db, token: string, ttlDays: number): Promise<TokenUser | undefined> {
  return (await lookUpToken(db, token, ttlDays))?.user;
}

/** `userForToken`, with the token's expiry (for the token cache). */
export async function lookUpToken(db: Db, token: string, ttlDays: number): Promise<TokenLookup | undefined> {
  if (token.length < 20 || token.length > 200) return undefined;
  const h = tokenHash(token);
  const [t, u] = [authTokens, users];
  const [row] = await db.orm
    .select({
      id: u.id,
      // The table's CHECK keeps the role to these two.
      role: sql<TokenUser['role']>`${u.role}`,
      status: u.status,
      stale: sql<boolean>`${t.last_used_at} < now() - interval '1 hour'`,
      expires_ms: sql<number>`(extract(epoch FROM ${t.expires_at}) * 1000)::float8`,
    })
    .from(t)
    .innerJoin(u, eq(u.id, t.user_id))
    .where(and(eq(t.token_hash, h), isNull(t.revoked_at), gt(t.expires_at, sql`now()`)));
  if (!row) return undefined;
  let expiresMs = row.expires_ms;
  if (row.stale) {
    const [moved] = await db.orm
      .update(authTokens)
      .set({ last_used_at: sql`now()`, expires_at: sql`now() + make_interval(days => ${ttlDays})` })
      .where(eq(authTokens.token_hash, h))
      .returning({ expires_ms: sql<number>`(extract(epoch FROM ${authTokens.expires_at}) * 1000)::float8` });
    expiresMs = moved?.expires_ms ?? expiresMs;
  }
  return { user: { id: row.id, role: row.role, status: row.status }, expiresMs };
}

/** Revokes one token. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  forgetTokenHere(tokenHash(token));
  await db.run(sql`UPDATE auth_tokens SET revoked_at = now()
    WHERE token_hash = ${tokenHash(token)} AND revoked_at IS NULL`);
}

/** Why every token of a user was revoked, when the player should be told (issue 22 §14). */
export type RevokeReason = 'password_changed';

/** Revokes every token of a user (password change, deactivation), noting why when it is given. */
export async function revokeAllTokens(db: Db, userId: number, reason?: RevokeReason): Promise<void> {
  forgetUserHere(userId);
  await db.run(sql`UPDATE auth_tokens SET revoked_at = now(), revoked_reason = ${reason ?? null}
    WHERE user_id = ${userId} AND revoked_at IS NULL`);
}

/** The reason a dead token was revoked with, if it was revoked with one (and not expired since). */
export async function revokedReason(db: Db, token: string): Promise<RevokeReason | undefined> {
  if (token.length < 20 || token.length > 200) return undefined;
  const t = authTokens;
  const [row] = await db.orm
    .select({ reason: sql<RevokeReason>`${t.revoked_reason}` })
    .from(t)
    .where(
      and(
        eq(t.token_hash, tokenHash(token)),
        isNotNull(t.revoked_at),
        isNotNull(t.revoked_reason),
        gt(t.expires_at, sql`now()`),
      ),
    );
  return row?.reason;
}
