import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) at the OWASP minimum: 19 MiB, 2 passes, 1 lane —
// the same parameters the platform hashes with, so either side verifies the other's hashes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// Verifying against this when the e-mail is unknown keeps the answer time the same either way.
const decoyHash = hash('decoy password that never matches', options);

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoyHash), password);
  } catch {
    return false;
  }
}
