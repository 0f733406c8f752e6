import type { ManagedUser } from '@waratah/contracts';

/**
 * Whether the platform lets the adviser read this client's data: a consent that is active or in
 * use and not past its expiry (the platform answers 404 otherwise, DESIGN §3).
 */
export function hasUsableConsent(client: Pick<ManagedUser, 'consent'>, now: Date): boolean {
  const consent = client.consent;
  if (!consent) return false;
  if (consent.status !== 'active' && consent.status !== 'in_use') return false;
  return consent.expiry === null || new Date(consent.expiry).getTime() > now.getTime();
}
