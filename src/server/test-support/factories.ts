import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { IdentityProof, PlaySession, QuizResult, UserRecord } from '../../core/contract';
import type { App } from '../app';
import { sql, type Db } from '../db/client';
import { playThrough } from './answer-key';
import { call, outboxCode, randomIp } from './client';

export interface Player {
  email: string;
  password: string;
  token: string;
  user: UserRecord;
  ip: string;
  proof: IdentityProof;
}

/** A unique e-mail address for a test. */
export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@example.test`;
}

/** Proves an e-mail identity through the local provider: sign up, read the code, verify. */
export async function emailIdentity(app: App, email: string, password: string, name: string, ip: string) {
  const signup = await call(app, 'auth_email_signup', { email, password, name }, { ip });
  expect(signup.status, JSON.stringify(signup.body)).toBe(200);
  const code = await outboxCode(app, email);
  const verify = await call<IdentityProof>(app, 'auth_email_verify', { email, code }, { ip });
  expect(verify.status, JSON.stringify(verify.body)).toBe(200);
  return verify.body.data;
}

/** A signed-up, verified player with an api_token. */
export async function createPlayer(
  app: App,
  o: { email?: string; name?: string; password?: string; friends_code?: string; device_id?: string } = {},
): Promise<Player> {
  const email = o.email ?? uniqueEmail();
  const password = o.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const ip = randomIp();
  const proof = await emailIdentity(app, email, password, o.name ?? 'Test Player', ip);
  const res = await call<UserRecord>(
    app,
    'user_signup',
    {
      firebase_id: proof.firebase_id,
      type: 'email',
      name: o.name ?? 'Test Player',
      email,
      friends_code: o.friends_code,
      // Each new player on a device of their own, as a browser's install id (sent always).
      device_id: o.device_id ?? randomUUID(),
    },
    { token: proof.id_token, ip },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, password, token: res.body.data.api_token!, user: res.body.data, ip, proof };
}

/** An admin: a player promoted the way `npm run admin:create` does (role 'admin'). */
export async function createAdmin(app: App, db: Db): Promise<Player> {
  const p = await createPlayer(app, { name: 'Test Admin', email: uniqueEmail('admin') });
  await db.run(sql`UPDATE users SET role = 'admin' WHERE id = ${p.user.id}`);
  return { ...p, user: { ...p.user, role: 'admin' } };
}

/** Plays quiz zone level 1 of a sports topic, every answer right at a human pace, graded by the server. */
export async function perfectLevel(app: App, p: Player): Promise<QuizResult> {
  const s = await call<PlaySession>(
    app,
    'get_questions_by_level',
    { category: 'sports', subcategory: 'football-and-ball-games', level: 1, language_id: 1 },
    { token: p.token },
  );
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  const { finish: r } = await playThrough(app, p.token, s.body.data, (q) => q.answer);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.data.correct).toBe(r.body.data.total);
  return r.body.data;
}
