import { z } from 'zod';
import { cdsAmountToDecimal } from './cds-amount.ts';

/**
 * The parts of the CDS 1.36 responses the platform reads, as the standard requires them. A holder
 * may send more; zod's default object mode drops what we do not use.
 */
// At most 12 whole digits once rounded to the cent: the platform's amounts are numeric(14,2). A
// larger one is refused as an invalid answer, not left to fail the store on every refresh.
const amountString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a CDS AmountString')
  .refine(
    (amount) => /^-?\d{1,12}\./.test(cdsAmountToDecimal(amount)),
    'must be at most 12 whole digits once rounded to the cent',
  );

/** Text the platform stores: PostgreSQL refuses a NUL character, so it is an invalid answer here. */
const text = () => z.string().refine((value) => !value.includes('\0'), 'must not hold a NUL character');
/**
 * A holder's id, which the platform keeps in a unique index and sends back in its requests: an id
 * cannot be cut without two becoming one, so one longer than 255 characters (an OFX FITID's
 * bound) is an invalid answer; a few kilobytes would pass PostgreSQL's limit on an index entry
 * and fail the store on every refresh.
 */
const id = () => text().max(255);
/** An ISO 4217 code (the standard's CurrencyString), stored with each account and transaction. */
const currency = () => z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code');

/**
 * The simulated holder's answer to `POST {root}/admin/consents` (the authorisation step, where an
 * accredited deployment receives its token). Everything in it is stored with the connection, and
 * the consent id goes into the key of every revocation queued for it: an answer without one of
 * them, or with one the store or that key could not take, is an invalid answer.
 */
export const holderConsentAnswerSchema = z.object({
  data: z.object({
    consentId: id().min(1),
    accessToken: text().min(1).max(4096),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
});

export const cdsLinksPaginatedSchema = z.object({ self: z.string(), next: z.string().optional() });
export const cdsMetaPaginatedSchema = z.object({
  totalRecords: z.number().int(),
  totalPages: z.number().int(),
});

export const cdsAccountSchema = z.object({
  accountId: id().min(1),
  displayName: text(),
  nickname: text().optional(),
  openStatus: z.enum(['OPEN', 'CLOSED']).default('OPEN'),
  isOwned: z.boolean().default(true),
  maskedNumber: text(),
  productCategory: text(),
  productName: text(),
});
export type CdsAccount = z.infer<typeof cdsAccountSchema>;

export const cdsBalanceSchema = z.object({
  accountId: id().min(1),
  currentBalance: amountString,
  availableBalance: amountString,
  creditLimit: amountString.optional(),
  currency: currency().default('AUD'),
});
export type CdsBalance = z.infer<typeof cdsBalanceSchema>;

export const cdsTransactionSchema = z.object({
  accountId: id(),
  transactionId: id().optional(),
  type: text(),
  status: z.enum(['PENDING', 'POSTED']),
  description: text(),
  reference: text(),
  postingDateTime: text().optional(),
  valueDateTime: text().optional(),
  executionDateTime: text().optional(),
  amount: amountString,
  currency: currency().default('AUD'),
  merchantName: text().optional(),
  merchantCategoryCode: text().optional(),
});
export type CdsTransaction = z.infer<typeof cdsTransactionSchema>;

export const cdsAccountListSchema = z.object({
  data: z.object({ accounts: z.array(cdsAccountSchema) }),
  links: cdsLinksPaginatedSchema,
  meta: cdsMetaPaginatedSchema,
});
export const cdsBalanceListSchema = z.object({
  data: z.object({ balances: z.array(cdsBalanceSchema) }),
  links: cdsLinksPaginatedSchema,
  meta: cdsMetaPaginatedSchema,
});
export const cdsTransactionListSchema = z.object({
  data: z.object({ transactions: z.array(cdsTransactionSchema) }),
  links: cdsLinksPaginatedSchema,
  meta: cdsMetaPaginatedSchema,
});

export const cdsDiscoveryStatusSchema = z.object({
  data: z.object({
    status: z.enum(['OK', 'PARTIAL_FAILURE', 'SCHEDULED_OUTAGE', 'UNAVAILABLE']),
    explanation: z.string().optional(),
    expectedResolutionTime: z.string().optional(),
    updateTime: z.string(),
  }),
});
export type CdsDiscoveryStatus = z.infer<typeof cdsDiscoveryStatusSchema>['data'];

export const cdsCustomerSchema = z.object({
  data: z.object({ customerUType: z.enum(['person', 'organisation']) }),
});

export const cdsErrorListSchema = z.object({
  errors: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      detail: z.string(),
      meta: z.object({ urn: z.string().optional() }).optional(),
    }),
  ),
});
export type CdsErrorEntry = z.infer<typeof cdsErrorListSchema>['errors'][number];
