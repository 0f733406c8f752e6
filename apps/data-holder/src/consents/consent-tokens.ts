import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { CdsError } from '../cds/cds-error.ts';
import type { HolderClock } from '../holder-clock.ts';

export interface Consent {
  consentId: string;
  bankId: string;
  customerId: string;
  expiresAt: string;
}

export interface ConsentTokens {
  issue(grant: {
    bankId: string;
    customerId: string;
    sharingDays: number;
  }): Consent & { accessToken: string };
  /** The consent behind a bearer token, or a CDS error saying why it is not usable. */
  verify(token: string): Consent;
  revoke(consentId: string): void;
}

/**
 * Tokens are signed, not stored, so that they survive a restart of the holder together with the
 * platform that keeps them; only revocations are remembered.
 */
export function createConsentTokens({
  secret,
  clock,
}: {
  secret: string;
  clock: HolderClock;
}): ConsentTokens {
  const revoked = new Set<string>();
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue({ bankId, customerId, sharingDays }) {
      const expiresAt = new Date(clock.now().getTime() + sharingDays * 86_400_000).toISOString();
      const consent: Consent = { consentId: `cns-${randomUUID()}`, bankId, customerId, expiresAt };
      const payload = Buffer.from(JSON.stringify(consent)).toString('base64url');
      return { ...consent, accessToken: `dh1.${payload}.${sign(payload)}` };
    },
    verify(token) {
      const [version, payload, signature] = token.split('.');
      const expected = payload ? sign(payload) : '';
      const valid =
        version === 'dh1' &&
        payload !== undefined &&
        signature !== undefined &&
        signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
      if (!valid) throw new CdsError('invalidToken', 'the access token is not one this holder issued');
      const consent = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Consent;
      if (revoked.has(consent.consentId))
        throw new CdsError('revokedConsent', 'the consent has been revoked');
      if (Date.parse(consent.expiresAt) <= clock.now().getTime()) {
        throw new CdsError('invalidConsent', 'the consent has expired');
      }
      return consent;
    },
    revoke(consentId) {
      revoked.add(consentId);
    },
  };
}
