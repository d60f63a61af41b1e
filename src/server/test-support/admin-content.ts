import { expect } from 'vitest';
import { sql, type Db } from '../db/client';
import { call, type CallOptions, type CallResult } from './client';
import { createAdmin, createPlayer, type Player } from './factories';
import type { TestApp } from './test-app';

/** An admin and a player of a test app, for the console's content tests. */
export async function consoleUsers(t: TestApp): Promise<{ admin: Player; player: Player }> {
  return { admin: await createAdmin(t.app, t.db), player: await createPlayer(t.app) };
}

/** Calls an action as `who` (an admin, usually). */
export function as<T = unknown>(
  t: TestApp,
  who: Player,
  action: string,
  fields: Record<string, unknown> = {},
  o: CallOptions = {},
): Promise<CallResult<T>> {
  return call<T>(t.app, action, fields, { ...o, token: who.token });
}

/** The action answers 401 without a token and 403 `forbidden` to a player. */
export async function expectAdminOnly(
  t: TestApp,
  player: Player,
  action: string,
  fields: Record<string, unknown> = {},
) {
  const anon = await call(t.app, action, fields);
  expect(anon.status, `${action} without a token`).toBe(401);
  const p = await call(t.app, action, fields, { token: player.token });
  expect(p.status, `${action} as a player`).toBe(403);
  expect(p.body.code).toBe('forbidden');
}

/** A 400 naming `field`. */
export function expectBadField(res: CallResult, field: string, code = 'invalid_input') {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ error: true, code, field });
}

export interface AuditRow {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  input: Record<string, unknown>;
  admin_id: number;
}

/** The audit rows of an action about a target, oldest first. */
export function auditRows(db: Db, action: string, target: string): Promise<AuditRow[]> {
  return db.rows<AuditRow>(sql`SELECT action, target, before, after, input, admin_id FROM audit_log
    WHERE action = ${action} AND target = ${target} ORDER BY id`);
}

/** How many audit rows an action has (a refused call writes none). */
export async function auditCount(db: Db, action: string): Promise<number> {
  return (await db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action}`))!.n;
}

/** A real PNG of w × h pixels. */
export async function pngBytes(w = 40, h = 30): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
}

/** An upload of `data` as field `name`. */
export function upload(name: string, filename: string, contentType: string, data: Buffer): CallOptions['files'] {
  return { [name]: { filename, contentType, data } };
}

/** The id of a seeded language by code. */
export async function languageId(db: Db, code: string): Promise<number> {
  return (await db.one<{ id: number }>(sql`SELECT id FROM languages WHERE code = ${code}`))!.id;
}

/** The first bytes of an MP3 file (an ID3v2 tag, then an MPEG frame header) and some padding. */
export function mp3Bytes(size = 2048): Buffer {
  const b = Buffer.alloc(size, 0);
  b.write('ID3', 0, 'latin1');
  b[3] = 3;
  b[10] = 0xff;
  b[11] = 0xfb;
  b[12] = 0x90;
  return b;
}

/** A category and a subcategory made through the console; their ids and slugs. */
export async function consoleCategory(
  t: TestApp,
  admin: Player,
  o: { language_id: number; type: number | string; name: string },
): Promise<{ id: number; slug: string; sub: { id: number; slug: string } }> {
  const c = await as<{ id: number; slug: string }>(t, admin, 'admin_save_category', o);
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  const s = await as<{ id: number; slug: string }>(t, admin, 'admin_save_subcategory', {
    category_id: c.body.data.id,
    name: `${o.name} part`,
  });
  expect(s.status, JSON.stringify(s.body)).toBe(200);
  return { ...c.body.data, sub: s.body.data };
}
