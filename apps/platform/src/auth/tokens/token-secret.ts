import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque secret: 32 random bytes (256 bits), base64url. */
export function generateTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored for a secret: its SHA-256, hex. The secrets are random and long, so a fast hash
 * is enough (nothing to brute-force), and a stolen table yields no usable token.
 */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
