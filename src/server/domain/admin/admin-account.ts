import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../auth/passwords';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localAccounts, users } from '../../db/schema';
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
    const [acct] = await tx.orm
      .insert(localAccounts)
      .values({ id: randomUUID(), email: a.email, password_hash: hash, name: a.name, verified_at: sql`now()` })
      .onConflictDoUpdate({
        target: localAccounts.email,
        set: {
          password_hash: sql`excluded.password_hash`,
          verified_at: sql`coalesce(${localAccounts.verified_at}, now())`,
        },
      })
      .returning({ id: localAccounts.id });
    const firebaseId = `email:${acct!.id}`;
    const [existing] = await tx.orm.select({ id: users.id }).from(users).where(eq(users.firebase_id, firebaseId));
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
