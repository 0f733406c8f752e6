import { randomInt } from 'node:crypto';
import type { TenantId } from '@waratah/tenants';
import { type Kysely, type OperandValueExpressionOrList, sql } from 'kysely';
import { enabledPracticeQuery } from '../../access/find-accessible-client.ts';
import type { Database, OneTimeTokenPurpose } from '../../db/database-schema.ts';
import { inTransaction } from '../../db/in-transaction.ts';
import { generateTokenSecret, hashTokenSecret } from '../tokens/token-secret.ts';

export interface IssueOneTimeTokenInput {
  tenantId: TenantId;
  adminUserId: number;
  purpose: OneTimeTokenPurpose;
  ttlSeconds: number;
  /**
   * Leaves the earlier tokens of the purpose working: for a link sent at someone else's request
   * (a registration of an invitee's address), which must not spend the one the owner holds.
   */
  keepEarlier?: boolean;
}

export type OneTimeTokenRepository = ReturnType<typeof createOneTimeTokenRepository>;

/**
 * Locks the accounts' rows `for no key update`, as both issuing and using a link do first: an
 * issue and a use of one account's links run one after the other, while a foreign key's key-share
 * lock of the account (a token's insert) is not held up by it.
 */
async function lockAccounts(
  executor: Kysely<Database>,
  ids: OperandValueExpressionOrList<Database, 'admin_users', 'id'>,
): Promise<void> {
  await executor.selectFrom('admin_users').select('id').where('id', 'in', ids).forNoKeyUpdate().execute();
}

/**
 * Single-use secrets sent by e-mail: reset and invitation links (a long random token) and the
 * 6-digit registration code. Stored hashed; issuing a new one spends the earlier ones of the same
 * purpose, so only the latest e-mail works.
 */
export function createOneTimeTokenRepository(db: Kysely<Database>) {
  /** In `executor`'s transaction when it is one (the caller's commit covers it), else in its own. */
  async function issue(
    input: IssueOneTimeTokenInput,
    secret: string,
    executor: Kysely<Database> = db,
  ): Promise<string> {
    await inTransaction(executor, async (trx) => {
      // The account's row first, as a link's use takes it: two issues at once run one after the
      // other, and the second spends the first's token. Each used to spend only the tokens
      // committed before it began, so on PostgreSQL both new links stayed live (before 2026-11-29).
      await lockAccounts(trx, [input.adminUserId]);
      if (!input.keepEarlier)
        await trx
          .updateTable('one_time_tokens')
          .set({ used_at: new Date() })
          .where('admin_user_id', '=', input.adminUserId)
          .where('purpose', '=', input.purpose)
          .where('used_at', 'is', null)
          .execute();
      await trx
        .insertInto('one_time_tokens')
        .values({
          tenant_id: input.tenantId,
          admin_user_id: input.adminUserId,
          purpose: input.purpose,
          token_hash: hashTokenSecret(secret),
          expires_at: new Date(Date.now() + input.ttlSeconds * 1000),
        })
        .execute();
    });
    return secret;
  }

  return {
    issueLinkToken: (input: IssueOneTimeTokenInput, executor?: Kysely<Database>) =>
      issue(input, generateTokenSecret(), executor),
    issueCode: (input: IssueOneTimeTokenInput) =>
      issue(input, String(randomInt(0, 1_000_000)).padStart(6, '0')),

    /**
     * Spends a link token: the admin user it was for, or undefined when unknown, used or expired,
     * when the account is no longer active, and for an invitation when it has a password already
     * (an invitation sets the first one; before 2026-11-29 one chosen meanwhile through a reset
     * link left the invitation working as a second reset link) or its practice is not enabled
     * (disabled or in review: the link is left unspent, and works again if the practice is
     * enabled within its 7 days; since 2026-12-03).
     */
    async consumeLinkToken(
      tenantId: TenantId,
      purpose: OneTimeTokenPurpose,
      secret: string,
      executor: Kysely<Database> = db,
    ): Promise<number | undefined> {
      // The account's row first: two links of one account used at once then run one after the
      // other. Each used to hold its own token's row and then wait for the other's, spending the
      // account's other links (`spendPasswordLinks`): on PostgreSQL a deadlock, answered 500.
      await lockAccounts(
        executor,
        executor
          .selectFrom('one_time_tokens')
          .select('admin_user_id')
          .where('purpose', '=', purpose)
          .where('token_hash', '=', hashTokenSecret(secret))
          .where('tenant_id', '=', tenantId)
          .where('used_at', 'is', null),
      );
      const spent = await executor
        .updateTable('one_time_tokens')
        .set({ used_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('purpose', '=', purpose)
        .where('token_hash', '=', hashTokenSecret(secret))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .where('admin_user_id', 'in', (eb) => {
          const accounts = eb.selectFrom('admin_users as u').select('u.id').where('u.status', '=', 'active');
          if (purpose !== 'invitation') return accounts;
          // An invitation makes its invitee an adviser of the account's practice: only while that
          // practice is enabled (before 2026-12-03 a colleague's link still worked once the
          // practice was disabled or sent back to review, as the job's e-mail no longer is).
          return accounts
            .where('u.password_hash', 'is', null)
            .where((account) =>
              account.or([
                account('u.external_party_id', 'is', null),
                account.exists(
                  enabledPracticeQuery(executor, sql.ref('u.tenant_id'), sql.ref('u.external_party_id')),
                ),
              ]),
            );
        })
        .returning('admin_user_id')
        .executeTakeFirst();
      return spent?.admin_user_id;
    },

    /**
     * Checks a code against the user's live one. A wrong code counts an attempt; at `maxAttempts`
     * the code is spent, so guessing a 6-digit code is hopeless. In `executor`'s transaction when
     * it is one: a caller that goes on to write must commit a wrong code's attempt too.
     */
    async consumeCode(
      adminUserId: number,
      code: string,
      maxAttempts: number,
      executor: Kysely<Database> = db,
    ): Promise<'ok' | 'wrong' | 'none'> {
      return inTransaction(executor, async (trx) => {
        // The account's row first, as issuing a code does: a check and a new code of one account
        // at once then run one after the other instead of each waiting for the other's row.
        await lockAccounts(trx, [adminUserId]);
        const live = await trx
          .selectFrom('one_time_tokens')
          .select(['id', 'token_hash', 'attempts'])
          .where('admin_user_id', '=', adminUserId)
          .where('purpose', '=', 'email_verification')
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .forUpdate()
          .executeTakeFirst();
        if (!live) return 'none';
        if (live.token_hash === hashTokenSecret(code)) {
          await trx
            .updateTable('one_time_tokens')
            .set({ used_at: new Date() })
            .where('id', '=', live.id)
            .execute();
          return 'ok';
        }
        const attempts = live.attempts + 1;
        await trx
          .updateTable('one_time_tokens')
          .set({ attempts, ...(attempts >= maxAttempts && { used_at: new Date() }) })
          .where('id', '=', live.id)
          .execute();
        return 'wrong';
      });
    },
  };
}
