import { type PartyDetails, partyCredentialsSchema, partyDetailsSchema } from '@waratah/contracts';
import type { Selectable } from 'kysely';
import type { ExternalPartiesTable } from '../../../db/database-schema.ts';

export type PartyRow = Selectable<ExternalPartiesTable>;

/** A practice as the API answers it; stored JSON is read leniently (rows from before a field existed). */
export function toPartyDetails(row: PartyRow): PartyDetails {
  const credentials = partyCredentialsSchema.safeParse(row.credentials);
  const address = partyDetailsSchema.shape.address.safeParse(row.address);
  return {
    id: row.id,
    name: row.name,
    abn: row.abn,
    status: row.status,
    type: row.type,
    profession: partyDetailsSchema.shape.profession.safeParse(row.profession).data ?? null,
    credentials: credentials.success ? credentials.data : {},
    address: address.success ? address.data : {},
    phone: row.phone,
    website: row.website,
  };
}
