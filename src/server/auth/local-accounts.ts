import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { localAccounts, users, type Row } from '../db/schema';
import { revokeAllTokens } from './api-tokens';

/** An e-mail-and-password account of the local identity provider. */
export type LocalAccount = Pick<Row<typeof localAccounts>, 'id' | 'email' | 'password_hash' | 'name'> & {
  verified: boolean;
};

/** The account of an e-mail address, if any. */
export async function localAccount(db: Db, email: string): Promise<LocalAccount | undefined> {
  const [acct] = await db.orm
    .select({
      id: localAccounts.id,
      email: localAccounts.email,
      password_hash: localAccounts.password_hash,
      name: localAccounts.name,
      verified: sql<boolean>`${localAccounts.verified_at} IS NOT NULL`,
    })
    .from(localAccounts)
    .where(eq(localAccounts.email, email));
  return acct;
}

/** A new unverified account (none if the address got one meanwhile: the first stands). */
export async function createLocalAccount(
  db: Db,
  a: Pick<LocalAccount, 'id' | 'email' | 'password_hash' | 'name'>,
): Promise<void> {
  await db.orm.insert(localAccounts).values(a).onConflictDoNothing({ target: localAccounts.email });
}

/** Renames an account (a sign-up retried before the address was verified). */
export async function renameLocalAccount(db: Db, id: string, name: string): Promise<void> {
  await db.orm.update(localAccounts).set({ name }).where(eq(localAccounts.id, id));
}

/** Marks the account's address verified (the first time stands). */
export async function markLocalAccountVerified(db: Db, id: string): Promise<void> {
  await db.orm
    .update(localAccounts)
    .set({ verified_at: sql`coalesce(${localAccounts.verified_at}, now())` })
    .where(eq(localAccounts.id, id));
}

/**
 * Sets a new password (the code that allowed it proved the address, so it is verified too) and
 * signs the account's player out everywhere, in one transaction.
 */
export async function resetLocalPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.tx(async (tx) => {
    await tx.orm
      .update(localAccounts)
      .set({ password_hash: passwordHash, verified_at: sql`coalesce(${localAccounts.verified_at}, now())` })
      .where(eq(localAccounts.id, id));
    const [user] = await tx.orm
      .select({ id: users.id })
      .from(users)
      .where(eq(users.firebase_id, `email:${id}`));
    if (user) await revokeAllTokens(tx, user.id, 'password_changed');
  });
}
