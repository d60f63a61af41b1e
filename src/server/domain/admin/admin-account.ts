import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../auth/passwords';
import { sql, type Db } from '../../db/client';
import { createUser } from '../users';

export interface AdminAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * Makes (or promotes) an admin who signs in with e-mail and password, verified; an existing
 * account with that e-mail keeps its user and takes the new password. Answers the user id.
 */
export async function ensureAdmin(db: Db, a: AdminAccount): Promise<number> {
  const hash = await hashPassword(a.password);
  return db.tx(async (tx) => {
    const acct = await tx.one<{
      id: string;
    }>(sql`INSERT INTO local_accounts (id, email, password_hash, name, verified_at)
      VALUES (${randomUUID()}, ${a.email}, ${hash}, ${a.name}, now())
      ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, verified_at = coalesce(local_accounts.verified_at, now())
      RETURNING id`);
    const firebaseId = `email:${acct!.id}`;
    const existing = await tx.one<{ id: number }>(sql`SELECT id FROM users WHERE firebase_id = ${firebaseId}`);
    const id =
      existing?.id ??
      (await createUser(tx, {
        firebaseId,
        type: 'email',
        name: a.name,
        email: a.email,
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
}
