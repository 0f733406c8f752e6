import * as z from 'zod/mini';
import { databaseIdSchema, maxDatabaseId } from './money.ts';
import { isValidAbn } from './parties-abn.ts';

export const externalPartyStatuses = ['enabled', 'disabled', 'unverified'] as const;
export type ExternalPartyStatus = (typeof externalPartyStatuses)[number];
export const partyTypes = ['ta', 'insight'] as const;
/** Spec §3 Profession. */
export const professions = [
  'accountant',
  'broker',
  'lawyer',
  'tax_agent',
  'advisor',
  'counsellor',
  'other',
] as const;
export type Profession = (typeof professions)[number];
export const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

export const abnSchema = z.pipe(
  z.string().check(z.trim(), z.refine(isValidAbn, 'Please enter a valid ABN (11 digits)')),
  z.transform((value: string) => value.replace(/\s+/g, '')),
);

export const partyAddressSchema = z.object({
  line1: z.string().check(z.trim(), z.minLength(1, 'Please enter the street address'), z.maxLength(200)),
  line2: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  suburb: z.string().check(z.trim(), z.minLength(1, 'Please enter the suburb'), z.maxLength(100)),
  state: z.enum(australianStates, { error: `Please choose a state (${australianStates.join(', ')})` }),
  postcode: z.string().check(z.regex(/^\d{4}$/, 'Please enter a 4-digit postcode')),
});

const phoneSchema = z
  .string()
  .check(z.trim(), z.regex(/^\+?[\d ()-]{8,20}$/, 'Please enter a valid phone number'));
const websiteSchema = z.string().check(
  z.trim(),
  z.maxLength(300),
  z.refine((value) => /^https?:$/.test(URL.canParse(value) ? new URL(value).protocol : ''), {
    message: 'Please enter a website address starting with http:// or https://',
  }),
);
/** A licence or registration number: digits in the format its register issues. */
const registerNumber = (pattern: RegExp, message: string) =>
  z.optional(z.string().check(z.regex(pattern, message)));

/** Licence and registration numbers an adviser may hold; each in the format its register issues. */
export const partyCredentialsSchema = z.object({
  afsl_number: registerNumber(/^\d{6}$/, 'An AFSL number has 6 digits'),
  acl_number: registerNumber(/^\d{6}$/, 'An Australian credit licence number has 6 digits'),
  credit_representative_number: registerNumber(/^\d{6}$/, 'A credit representative number has 6 digits'),
  authorised_representative_number: registerNumber(
    /^\d{6,7}$/,
    'An authorised representative number has 6 or 7 digits',
  ),
  tax_agent_number: registerNumber(/^\d{8}$/, 'A tax agent number has 8 digits'),
  aggregator_id: z.optional(databaseIdSchema),
});
export type PartyCredentials = z.infer<typeof partyCredentialsSchema>;

/** `POST api/adviser/parties/external` and `api/admin/cdr/parties/external`: a practice. */
export const createPartyRequestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter the business name'), z.maxLength(200)),
  abn: abnSchema,
  address: partyAddressSchema,
  phone: phoneSchema,
  website: z.optional(websiteSchema),
});
export type CreatePartyRequest = z.infer<typeof createPartyRequestSchema>;

/** `PUT api/adviser/parties/external/details`: any of the company fields, the profession and credentials. */
export const updatePartyDetailsRequestSchema = z.extend(z.partial(createPartyRequestSchema), {
  /** Null takes the website away (a practice need not have one). */
  website: z.optional(z.nullable(websiteSchema)),
  profession: z.optional(
    z.enum(professions, { error: `Please choose a profession (${professions.join(', ')})` }),
  ),
  credentials: z.optional(partyCredentialsSchema),
});
export type UpdatePartyDetailsRequest = z.infer<typeof updatePartyDetailsRequestSchema>;

export const partyDetailsSchema = z.object({
  id: z.int(),
  name: z.string(),
  abn: z.nullable(z.string()),
  status: z.enum(externalPartyStatuses),
  type: z.enum(partyTypes),
  profession: z.nullable(z.enum(professions)),
  credentials: partyCredentialsSchema,
  address: z.partial(partyAddressSchema),
  phone: z.nullable(z.string()),
  website: z.nullable(z.string()),
});
export type PartyDetails = z.infer<typeof partyDetailsSchema>;
export const partyDetailsResponseSchema = z.object({ data: partyDetailsSchema });
export const partyListResponseSchema = z.object({ data: z.array(partyDetailsSchema) });

/**
 * `PUT api/admin/cdr/parties/external/{id}`: an operator enables or disables a practice, or sets it
 * back to `unverified` so that its advisers may change its name or ABN before it is checked again.
 */
export const updatePartyStatusRequestSchema = z.object({
  status: z.enum(['enabled', 'disabled', 'unverified'], {
    error: 'status must be enabled, disabled or unverified',
  }),
});
export const partyIdParamsSchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(maxDatabaseId, 'is not a valid id')),
});

/** `POST api/admin/cdr/parties/external/verify`: the operator's decision on a practice in review. */
export const verifyPartyRequestSchema = z.object({
  id: databaseIdSchema,
  status: z.enum(['enabled', 'disabled'], { error: 'status must be enabled or disabled' }),
});

/**
 * `POST api/adviser/parties/external/verify` (no credentials): with `code`, checks the e-mailed
 * verification code; without, e-mails a new one.
 */
export const verifyEmailRequestSchema = z.object({
  email: z.pipe(z.string().check(z.trim()), z.email({ error: 'Please enter a valid email address' })),
  code: z.optional(z.string().check(z.regex(/^\d{6}$/, 'Please enter the 6-digit code from the e-mail'))),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const verifyEmailResponseSchema = z.object({
  data: z.object({
    email: z.string(),
    email_verified: z.boolean(),
    /** When the account has no password yet: post it with the password to adminusers/reset/password. */
    invitation_token: z.optional(z.string()),
  }),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** `GET api/adviser/parties/external/verify`: where the signed-in adviser's registration stands. */
export const verificationStatusResponseSchema = z.object({
  data: z.object({
    email: z.string(),
    email_verified: z.boolean(),
    external_party_status: z.nullable(z.enum(externalPartyStatuses)),
  }),
});

export const aggregatorSchema = z.object({ id: z.int(), name: z.string() });
export const aggregatorListResponseSchema = z.object({ data: z.array(aggregatorSchema) });
export type Aggregator = z.infer<typeof aggregatorSchema>;
