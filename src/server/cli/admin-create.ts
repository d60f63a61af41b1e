import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailField, nameField } from '../../core/contract/fields';
import { passwordProblem } from '../../core/contract/password-policy';
import { hashPassword } from '../auth/passwords';
import { openAndPrepare } from '../boot';
import { loadConfig } from '../config';
import { sql } from '../db/client';
import { createUser } from '../domain/users';

/**
 * `npm run admin:create -- --email ops@example.com [--password ...] [--name ...]`: makes (or
 * promotes) an admin account that signs in with e-mail and password, on the configured database.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = emailField.safeParse(values.email);
  if (!email.success) throw new Error('--email: a valid e-mail address is required');
  const name = nameField.parse(values.name ?? 'Admin');
  const generated = !values.password;
  const password = values.password ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(password);
  if (problem) throw new Error(`--password ${problem}`);

  const config = loadConfig();
  const { db } = await openAndPrepare(config);
  try {
    const hash = await hashPassword(password);
    const userId = await db.tx(async (tx) => {
      const acct = await tx.one<{
        id: string;
      }>(sql`INSERT INTO local_accounts (id, email, password_hash, name, verified_at)
        VALUES (${randomUUID()}, ${email.data}, ${hash}, ${name}, now())
        ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, verified_at = coalesce(local_accounts.verified_at, now())
        RETURNING id`);
      const firebaseId = `email:${acct!.id}`;
      const existing = await tx.one<{ id: number }>(sql`SELECT id FROM users WHERE firebase_id = ${firebaseId}`);
      const id =
        existing?.id ??
        (await createUser(tx, {
          firebaseId,
          type: 'email',
          name,
          email: email.data,
          mobile: '',
          profile: '',
          fcmId: '',
          friendsCode: '',
          deviceId: '',
          signupIp: '',
          contactVerified: true,
          webLanguage: 'en',
          welcomeBonus: 0,
        }));
      await tx.run(sql`UPDATE users SET role = 'admin', status = 1 WHERE id = ${id}`);
      return id;
    });
    console.log(`Admin ready: ${email.data} (user ${userId})${generated ? `\nPassword: ${password}` : ''}`);
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
