import { type Expression, type RawBuilder, sql } from 'kysely';

/** The columns of a practice's list row that tell its invitation from the client it names. */
export interface InvitationColumns {
  clientId: Expression<number>;
  /** When the link's consent was given: null while it never was (pending, or declined). */
  consentStart: Expression<Date | null>;
  /** The practice of the link: null for an operator's row, which is never an invitation. */
  partyId: Expression<number | null>;
  /** Whether the client has signed up (has a password). */
  signedUp: Expression<boolean>;
}

/**
 * Whether a row of a practice's list is its invitation, never accepted (pending, or declined by
 * the client), of a client who is someone else's too: signed up, or linked to another practice. The practice has no consent to see who
 * that client is, so the row shows the invitation as the adviser sent it (the names typed,
 * `invited`, the day it was sent), never the client's own names, status and sign-up date. Before
 * 2026-11-29 inviting an address showed them all. Its own invitation of nobody else's client (the
 * case `editable-client-query.ts` lets it edit) shows the client's row, which is what it typed.
 */
export function foreignInvitation(row: InvitationColumns): RawBuilder<boolean> {
  return sql<boolean>`(${row.partyId} is not null and ${row.consentStart} is null and (${row.signedUp} or exists (
    select 1 from client_links other
    where other.client_id = ${row.clientId} and other.external_party_id <> ${row.partyId})))`;
}
