import type { ProviderStatus } from '@waratah/contracts';
import type { CdsDiscoveryStatus } from './cds-schemas.ts';

/**
 * A holder's discovery status as the provider's status (spec §3): unavailable or in a scheduled
 * outage is `outage`; a partial failure still serves most accounts, so the provider stays supported
 * and the affected refreshes say partial_success.
 */
export function mapDiscoveryStatus(status: CdsDiscoveryStatus): ProviderStatus {
  return status.status === 'UNAVAILABLE' || status.status === 'SCHEDULED_OUTAGE' ? 'outage' : 'supported';
}
