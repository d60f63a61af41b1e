import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { emailField, nameField } from '../../core/contract/fields';
import { passwordProblem } from '../../core/contract/password-policy';
import { ensureAdmin } from '../domain/admin/admin-account';
import { closeTaskTarget, openTaskTarget } from './task-target';

/**
 * `npm run admin:create -- --email ops@example.com [--password ...] [--name ...]`: makes (or
 * promotes) an admin account that signs in with e-mail and password, on the configured database
 * (through the running server when it has the embedded one open).
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

  const account = { email: email.data, password, name };
  const target = await openTaskTarget('npm run admin:create', 'admin-create');
  let userId: number;
  try {
    userId = target.db
      ? await ensureAdmin(target.db, account)
      : ((await target.server.ask('admin-create', account)) as { userId: number }).userId;
  } finally {
    await closeTaskTarget(target);
  }
  console.log(`Admin ready: ${email.data} (user ${userId})${generated ? `\nPassword: ${password}` : ''}`);
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
