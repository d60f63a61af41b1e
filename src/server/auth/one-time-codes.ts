import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { sql, type Db } from '../db/client';
import { verificationCodes } from '../db/schema';

export type CodePurpose = 'verify_email' | 'reset_password' | 'login_otp';

const TTL_MINUTES = 10;
const MAX_ATTEMPTS = 5;

function digest(target: string, code: string): string {
  return createHash('sha256').update(`${target}\n${code}`).digest('base64url');
}

/** Makes a 6-digit code for `target`, replacing any earlier unused one. */
export async function issueCode(db: Db, target: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.tx(async (tx) => {
    await tx.run(sql`UPDATE verification_codes SET consumed_at = now()
      WHERE target = ${target} AND purpose = ${purpose} AND consumed_at IS NULL`);
    await tx.run(sql`INSERT INTO verification_codes (target, purpose, code_hash, expires_at)
      VALUES (${target}, ${purpose}, ${digest(target, code)},
              now() + make_interval(mins => ${TTL_MINUTES}))`);
  });
  return code;
}

/**
 * Uses a code: true once for the right code within 10 minutes; each wrong try counts, and
 * after 5 the code is dead. Commits its own change so that failed tries are remembered.
 */
export async function consumeCode(db: Db, target: string, purpose: CodePurpose, code: string): Promise<boolean> {
  return db.tx(async (tx) => {
    const [row] = await tx.orm
      .select({ id: verificationCodes.id, code_hash: verificationCodes.code_hash })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.target, target),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumed_at),
          gt(verificationCodes.expires_at, sql`now()`),
          lt(verificationCodes.attempts, MAX_ATTEMPTS),
        ),
      )
      .orderBy(desc(verificationCodes.created_at))
      .limit(1)
      .for('update');
    if (!row) return false;
    const want = Buffer.from(row.code_hash);
    const got = Buffer.from(digest(target, code));
    if (want.length === got.length && timingSafeEqual(want, got)) {
      await tx.run(sql`UPDATE verification_codes SET consumed_at = now() WHERE id = ${row.id}`);
      return true;
    }
    await tx.run(sql`UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ${row.id}`);
    return false;
  });
}
