import type { ManagedUser } from '@waratah/contracts';
import type { TagVariant } from '@waratah/ui';

type ConsentStatus = NonNullable<ManagedUser['consent']>['status'];

const EXPIRING_WITHIN_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How a consent reads at a glance: shared data (active, in use) is green, or amber when it ends
 * within 30 days; a pending invitation is neutral; an ended consent (expired, withdrawn) is red.
 */
export function consentTagVariant(status: ConsentStatus, expiry: string | null, now: Date): TagVariant {
  if (status === 'expired' || status === 'withdrawn') return 'error';
  if (status === 'pending') return 'neutral';
  if (expiry && new Date(expiry).getTime() - now.getTime() <= EXPIRING_WITHIN_MS) return 'warning';
  return 'success';
}
