// The native module is loaded on first use, not at start-up.
const argon2 = () => import('@node-rs/argon2');

// argon2id (the library's default algorithm) at OWASP's floor: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2().then((a) => a.hash(password, OPTIONS));
}

/** True when `password` matches the stored hash. */
export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(stored, password);
  } catch {
    return false;
  }
}

// A hash to verify against when the account does not exist, so both paths cost the same.
let dummy: Promise<string> | undefined;
/** Spends the time of one verification, for unknown accounts. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0');
  await passwordMatches(await dummy, password);
}
