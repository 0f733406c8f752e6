import { z } from 'zod';

/**
 * The parts of the CDS 1.36 responses the platform reads, as the standard requires them. A holder
 * may send more; zod's default object mode drops what we do not use.
 */
const amountString = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a CDS AmountString');

export const cdsLinksPaginatedSchema = z.object({ self: z.string(), next: z.string().optional() });
export const cdsMetaPaginatedSchema = z.object({
  totalRecords: z.number().int(),
  totalPages: z.number().int(),
});

export const cdsAccountSchema = z.object({
  accountId: z.string().min(1),
  displayName: z.string(),
  nickname: z.string().optional(),
  openStatus: z.enum(['OPEN', 'CLOSED']).default('OPEN'),
  isOwned: z.boolean().default(true),
  maskedNumber: z.string(),
  productCategory: z.string(),
  productName: z.string(),
});
export type CdsAccount = z.infer<typeof cdsAccountSchema>;

export const cdsBalanceSchema = z.object({
  accountId: z.string().min(1),
  currentBalance: amountString,
  availableBalance: amountString,
  creditLimit: amountString.optional(),
  currency: z.string().default('AUD'),
});
export type CdsBalance = z.infer<typeof cdsBalanceSchema>;

export const cdsTransactionSchema = z.object({
  accountId: z.string(),
  transactionId: z.string().optional(),
  type: z.string(),
  status: z.enum(['PENDING', 'POSTED']),
  description: z.string(),
  reference: z.string(),
  postingDateTime: z.string().optional(),
  valueDateTime: z.string().optional(),
  executionDateTime: z.string().optional(),
  amount: amountString,
  currency: z.string().default('AUD'),
  merchantName: z.string().optional(),
  merchantCategoryCode: z.string().optional(),
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
