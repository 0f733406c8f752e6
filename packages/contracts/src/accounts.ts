import * as z from 'zod/mini';
import { accountStatuses, accountTypes, containers, holderTypes } from './aggregation-enums.ts';
import { idListSchema, moneySchema } from './money.ts';
import { refreshStatusSchema } from './provider-accounts.ts';
import { onlyValue, unsupportedField } from './unsupported.ts';

export const accountSchema = z.object({
  id: z.int(),
  provider_account_id: z.int(),
  provider_id: z.int(),
  provider_name: z.string(),
  account_name: z.string(),
  nick_name: z.nullable(z.string()),
  account_number: z.nullable(z.string()),
  bsb: z.nullable(z.string()),
  account_status: z.enum(accountStatuses),
  account_attributes: z.object({ container: z.enum(containers), account_type: z.enum(accountTypes) }),
  owner_type: z.enum(holderTypes),
  included: z.boolean(),
  hidden: z.boolean(),
  current_balance: moneySchema,
  available_balance: z.nullable(moneySchema),
  refresh_status: refreshStatusSchema,
});
export type Account = z.infer<typeof accountSchema>;

export const listAccountsQuerySchema = z.object({
  provider_account_ids: z.optional(idListSchema),
  container: z.optional(z.enum(containers)),
});

/**
 * `PUT api/v2/accounts/{id}`: the fields a user may change. The reference's other fields are
 * refused by name (docs/errors.md; before 2026-12-03 they were dropped and the account answered
 * unchanged): `favourite` when `true` (no account is a favourite here, so `false` is what is
 * done), `account_type` and `product_id` whatever their value.
 */
export const updateAccountBodySchema = z.object({
  included: z.optional(z.boolean()),
  hidden: z.optional(z.boolean()),
  nick_name: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  favourite: onlyValue(false, 'accounts are not marked as favourites here'),
  account_type: unsupportedField('an account’s type comes from its bank or file and cannot be changed'),
  product_id: unsupportedField('there are no products here'),
});
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

export const accountListResponseSchema = z.object({ data: z.array(accountSchema) });
export const accountResponseSchema = z.object({ data: accountSchema });
