import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) at the OWASP minimum: 19 MiB, 2 passes, 1 lane.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

// Verified against when the account does not exist, so the answer takes as long either way.
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash` (argon2's own comparison is constant-time). With no
 * hash (no such user, or no password set yet) it still spends one verification and answers false,
 * so response times do not tell which e-mail addresses have accounts.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('no account has this password, it only burns time');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
