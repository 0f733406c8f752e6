import type { ManagedUser } from '@waratah/contracts';

/** Given and family name, or the e-mail for a client who has not told us their name yet. */
export function clientName(client: Pick<ManagedUser, 'given_name' | 'family_name' | 'email'>): string {
  return `${client.given_name} ${client.family_name}`.trim() || client.email;
}
