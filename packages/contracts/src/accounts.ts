import { z } from 'zod';
import { accountStatuses, accountTypes, containers, holderTypes } from './aggregation-enums.ts';
import { idListSchema, moneySchema } from './money.ts';
import { refreshStatusSchema } from './provider-accounts.ts';

export const accountSchema = z.object({
  id: z.number().int(),
  provider_account_id: z.number().int(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  account_name: z.string(),
  nick_name: z.string().nullable(),
  account_number: z.string().nullable(),
  bsb: z.string().nullable(),
  account_status: z.enum(accountStatuses),
  account_attributes: z.object({ container: z.enum(containers), account_type: z.enum(accountTypes) }),
  owner_type: z.enum(holderTypes),
  included: z.boolean(),
  hidden: z.boolean(),
  current_balance: moneySchema,
  available_balance: moneySchema.nullable(),
  refresh_status: refreshStatusSchema,
});
export type Account = z.infer<typeof accountSchema>;

export const listAccountsQuerySchema = z.object({
  provider_account_ids: idListSchema.optional(),
  container: z.enum(containers).optional(),
});

/** `PUT api/v2/accounts/{id}`: the fields a user may change. */
export const updateAccountBodySchema = z.object({
  included: z.boolean().optional(),
  hidden: z.boolean().optional(),
  nick_name: z.string().trim().max(100).nullable().optional(),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

export const accountListResponseSchema = z.object({ data: z.array(accountSchema) });
export const accountResponseSchema = z.object({ data: accountSchema });
