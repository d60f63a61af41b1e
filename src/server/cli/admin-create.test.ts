import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../paths';
import { passwordMatches } from '../auth/passwords';
import { openDatabase, sql } from '../db/client';

const run = promisify(execFile);

describe('npm run admin:create', () => {
  it('makes an admin who can sign in with the printed password, and refuses a bad e-mail', async () => {
    const env = {
      ...process.env,
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'admin-')), 'db'),
      DATABASE_URL: '',
      SEED_DEMO: '0',
    };
    const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const cli = join(ROOT, 'src/server/cli/admin-create.ts');
    const { stdout } = await run(process.execPath, [tsx, cli, '--email', 'Ops@Example.com'], { env, cwd: ROOT });
    expect(stdout).toMatch(/Admin ready: ops@example\.com \(user \d+\)/);
    expect(stdout).toMatch(/Password: \S{12,}/);
    // Running it again promotes the same account (no duplicate) with the given password.
    const again = await run(
      process.execPath,
      [tsx, cli, '--email', 'ops@example.com', '--password', 'a long admin password'],
      { env, cwd: ROOT },
    );
    expect(again.stdout).toContain(stdout.match(/\(user \d+\)/)![0]);
    await expect(
      run(process.execPath, [tsx, cli, '--email', 'not-an-email'], { env, cwd: ROOT }),
    ).rejects.toMatchObject({ code: 1 });

    const db = await openDatabase({ dataDir: env.DATA_DIR });
    try {
      const row = await db.one<{ role: string; hash: string; verified: boolean; n: number }>(sql`
        SELECT u.role, a.password_hash AS hash, a.verified_at IS NOT NULL AS verified,
          (SELECT count(*)::int FROM users) AS n
        FROM local_accounts a JOIN users u ON u.firebase_id = 'email:' || a.id::text`);
      expect(row).toMatchObject({ role: 'admin', verified: true, n: 1 });
      expect(await passwordMatches(row!.hash, 'a long admin password')).toBe(true);
    } finally {
      await db.close();
    }
  }, 180_000); // three CLI processes, each opening the embedded database: slow on a loaded machine
});
