import { apiHeaders } from '@waratah/contracts';

/** Per-call options: act for a client (admin or adviser mode), name the party, or cancel. */
export interface CallOptions {
  /** Sent as X-User-Id: the client an adviser or operator acts for (spec §6). */
  userId?: number;
  /** Sent as X-External-Party-Id: required to suspend or delete a user (spec §6). */
  externalPartyId?: number;
  signal?: AbortSignal;
}

export function callHeaders(options: CallOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.userId !== undefined) headers[apiHeaders.userId] = String(options.userId);
  if (options.externalPartyId !== undefined)
    headers[apiHeaders.externalPartyId] = String(options.externalPartyId);
  return headers;
}
