import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../db/client';
import { call } from '../test-support/client';
import { createPlayer } from '../test-support/factories';
import { buildTestApp, type TestApp } from '../test-support/test-app';
import { serverTasks } from './server-tasks';

let t: TestApp;
let run: ReturnType<typeof serverTasks>;

beforeAll(async () => {
  t = await buildTestApp();
  run = serverTasks(t.db);
});
afterAll(() => t.close());

const CSV = 'question,type,option_a,option_b,answer,category\nIs the sky blue?,mcq,Yes,No,a,Lock Trivia\n';
const importArgs = (o: Record<string, unknown> = {}) => ({
  name: 'q.csv',
  format: 'csv',
  bytes: Buffer.from(CSV).toString('base64'),
  options: { language: 'en', type: 1, dryRun: false, skipErrors: false },
  ...o,
});

describe('the tasks a running server does for the CLIs', () => {
  it('makes an admin who signs in, and promotes an existing player without a second account', async () => {
    const { userId } = (await run('admin-create', {
      email: ' Chief@Example.test ',
      password: 'a long admin pass',
      name: 'Chief',
      role: 'player', // unknown fields are ignored, never assigned
    })) as { userId: number };
    const login = await call(t.app, 'auth_email_login', { email: 'chief@example.test', password: 'a long admin pass' });
    expect(login.status).toBe(200);
    expect(await t.db.one(sql`SELECT role FROM users WHERE id = ${userId}`)).toEqual({ role: 'admin' });

    const p = await createPlayer(t.app);
    const promoted = (await run('admin-create', { email: p.email, password: 'another long pass', name: 'P' })) as {
      userId: number;
    };
    expect(promoted.userId).toBe(p.user.id);
  });

  it('refuses bad, missing, oversized and hostile arguments, and changes nothing', async () => {
    const users = await t.db.one(sql`SELECT count(*)::int AS n FROM users`);
    await expect(
      run('admin-create', { email: 'not-an-email', password: 'a long admin pass', name: 'A' }),
    ).rejects.toThrow(/^email:/);
    await expect(run('admin-create', { email: 'x@example.test', password: 'password', name: 'A' })).rejects.toThrow(
      'password',
    );
    await expect(run('admin-create', { email: 'x@example.test', password: 'a long admin pass' })).rejects.toThrow(
      /^name:/,
    );
    await expect(
      run('admin-create', { email: 'x@example.test', password: 'p'.repeat(129), name: 'A' }),
    ).rejects.toThrow(/^password:/);
    await expect(run('admin-create', null)).rejects.toThrow();
    await expect(run('admin-create', ['x@example.test'])).rejects.toThrow();
    expect(await t.db.one(sql`SELECT count(*)::int AS n FROM users`)).toEqual(users);

    await expect(run('content-import', importArgs({ format: 'pdf' }))).rejects.toThrow(/^format:/);
    await expect(run('content-import', importArgs({ bytes: 'not base64!' }))).rejects.toThrow(/^bytes:/);
    await expect(run('content-import', importArgs({ bytes: 'QUFB'.repeat(4_000_000) }))).rejects.toThrow(/^bytes:/);
    await expect(run('content-import', importArgs({ options: { type: 99 } }))).rejects.toThrow(/^options/);
    await expect(run('content-export', { category: '' })).rejects.toThrow(/^category:/);
    await expect(run('db-restore', {})).rejects.toThrow('unknown task db-restore');
    expect(await t.db.one(sql`SELECT count(*)::int AS n FROM categories WHERE name = 'Lock Trivia'`)).toEqual({ n: 0 });
  });

  it('imports a file and exports the category it made', async () => {
    const report = (await run('content-import', importArgs())) as { questions: number; newCategories: string[] };
    expect(report).toMatchObject({ questions: 1, newCategories: ['Lock Trivia'] });
    const rows = (await run('content-export', { category: 'Lock Trivia', type: 1 })) as { question: string }[];
    expect(rows.map((r) => r.question)).toEqual(['Is the sky blue?']);
    await expect(run('content-export', { category: 'No Such Category', type: 1 })).rejects.toThrow();
  });

  it('backs up the open embedded database, and says so on PostgreSQL', async () => {
    if (t.db.kind === 'postgres') {
      await expect(run('db-backup', { out: '/tmp/never.tar.gz' })).rejects.toThrow(
        'does not run on the embedded database',
      );
      return;
    }
    const out = join(mkdtempSync(join(tmpdir(), 'task-backup-')), 'b.tar.gz');
    await expect(run('db-backup', { out: 'relative.tar.gz' })).rejects.toThrow('out: must be an absolute path');
    await expect(run('db-backup', {})).rejects.toThrow(/^out:/);
    const r = (await run('db-backup', { out })) as { migrations: number; bytes: number };
    expect(r.migrations).toBeGreaterThan(10);
    expect(readFileSync(out).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(readFileSync(out).length).toBe(r.bytes);
    // Never over an existing file.
    await expect(run('db-backup', { out })).rejects.toThrow('exists already');
  }, 120_000); // a dump of the whole database: slow on a loaded machine
});
