import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM with a random 12-byte IV per value and the value's purpose as additional data (so a
 * value sealed for one purpose does not open as another), written `<iv>.<tag>.<ciphertext>` in
 * base64url. Used for the bank tokens at rest (`open-banking/holder-token-cipher.ts`) and a
 * refresh's answer kept for its retry (`auth/tokens/refresh-retry-answer.ts`).
 */
export function sealAesGcm(key: Buffer, additionalData: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(additionalData));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** A value that is not `<iv>.<tag>.<ciphertext>` at all (as against one that does not open). */
export class MalformedSealedValue extends Error {
  override name = 'MalformedSealedValue';
}

/** A value sealed by `sealAesGcm`; throws when it is malformed, altered, or sealed with another key or purpose. */
export function openAesGcm(key: Buffer, additionalData: string, sealed: string): string {
  const [iv, tag, ciphertext, extra] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext || extra || iv.length !== 12 || tag.length !== 16) {
    throw new MalformedSealedValue('Not an AES-256-GCM value (<iv>.<tag>.<ciphertext>)');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(additionalData));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
