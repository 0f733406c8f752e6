import { type Kysely, sql } from 'kysely';
import { addDays, lastCalendarDate } from '../aggregation/calendar-date.ts';
import { lockClientDataVersion } from '../aggregation/client-data-version.ts';
import type { Database } from '../db/database-schema.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { AppError } from '../errors/app-error.ts';
import { sydneyToday } from '../reports/sydney-calendar.ts';
import { type CdsBankingClient, createCdsBankingClient } from './cds-banking-client.ts';
import { createCdsDataSource } from './cds-data-source.ts';
import { createCdsHttpClient } from './cds-http-client.ts';
import { type DataSource, oldestTimeOf, type PullWindow, type RefreshOutcome } from './data-source.ts';
import { type HolderTokenCipher, HolderTokenKeyError, holderTokenCipher } from './holder-token-cipher.ts';
import { mapDiscoveryStatus } from './map-discovery-status.ts';
import {
  type RefreshTarget,
  recordFailedRefresh,
  type StoredPull,
  sameConsent,
  storePull,
} from './store-pull.ts';

export interface OpenBankingOptions {
  /** How the platform reaches data holders (tests route it to the simulated holder in-process). */
  fetch?: typeof fetch;
  /** How long one holder call may take (default 30 s). */
  timeoutMs?: number;
  now?: () => Date;
  /** Seals and opens the stored bank tokens (default: the key of the process environment's configuration). */
  tokens?: HolderTokenCipher;
}

export interface RefreshOptions extends OpenBankingOptions {
  /**
   * Whether the queue tries this outcome again at once (a refresh job's attempt with attempts
   * left, `refresh-jobs.ts`): a temporary failure it retries is not counted in a row, so one job
   * counts one failure. Left out, none is: a refresh outside the queue counts its own.
   */
  retried?: (outcome: RefreshOutcome) => boolean;
}

export interface RefreshResult {
  outcome: RefreshOutcome;
  stored: StoredPull | undefined;
  nextRefresh: Date | null;
  /**
   * The connection was reconnected (a new consent) while this refresh ran, so its outcome was not
   * recorded: the connection still waits for a refresh with the new consent (`refresh-jobs.ts`
   * runs the job again).
   */
  superseded?: true;
  /**
   * The stored bank token could not be decrypted (HolderTokenKeyError: HOLDER_TOKEN_KEY is not the
   * key it was sealed with, or the value was altered): recorded as a temporary failure that backs
   * off, not retried by the queue; the refresh job logs it for the operator.
   */
  tokenUnreadable?: HolderTokenKeyError;
}

const hour = 60 * 60 * 1000;
/** How often a healthy connection is refreshed. */
export const refreshInterval = 24 * hour;
/**
 * A first refresh reads two years back; later ones re-read two weeks before each account's last read,
 * which covers pending → posted.
 */
const firstWindowDays = 730;
const overlapDays = 14;
/** How old a pending transaction may be and still move its account's window back to re-read it. */
const openHoldDays = 45;

/**
 * When to try again: a day after a success, sooner after a temporary failure (5 minutes doubling to
 * 6 hours, or the holder's `Retry-After` when it asked for longer, up to a day), never by itself
 * when the client must act.
 */
export function nextRefreshAfter(outcome: RefreshOutcome, failuresInARow: number, now: Date): Date | null {
  if (outcome.providerAccountStatus === 'needs_action') return null;
  if (outcome.temporary) {
    const backOff = Math.min(5 * 60 * 1000 * 2 ** Math.max(failuresInARow - 1, 0), 6 * hour);
    const asked = Math.min(outcome.retryAfterMs ?? 0, refreshInterval);
    return new Date(now.getTime() + Math.max(backOff, asked));
  }
  return new Date(now.getTime() + refreshInterval);
}

const supersededMark = { superseded: true } as const;

/** The platform's own failure (a token it cannot open, a store that failed): backs off. */
const platformFailure: RefreshOutcome = {
  providerAccountStatus: 'failed',
  refreshStatus: 'temporary_failure',
  refreshSubStatus: 'aggregation_error',
  temporary: true,
};

const needsConsent: RefreshOutcome = {
  providerAccountStatus: 'needs_action',
  refreshStatus: 'relogin_required',
  refreshSubStatus: 'verify_credentials',
  temporary: false,
};

/**
 * One refresh of an open-banking provider account (spec §3, §7): pulls accounts, balances and
 * transactions from the holder, then stores them in one database transaction (`storePull`), or,
 * when nothing could be read, records only the refresh status and keeps the previous data.
 */
export async function refreshProviderAccount(
  database: Kysely<Database>,
  providerAccountId: number,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const now = (options.now ?? (() => new Date()))();
  const db = database;
  const connection = await db
    .selectFrom('provider_accounts as pa')
    .innerJoin('providers as p', 'p.id', 'pa.provider_id')
    .select([
      'pa.id',
      'pa.tenant_id',
      'pa.client_id',
      'pa.transactions_synced_at',
      'pa.holder_consent_id',
      'pa.holder_access_token',
      'pa.holder_consent_expires_at',
      'pa.connected_at',
      'pa.next_refresh',
      'pa.refresh_failures',
      'p.id as provider_id',
      'p.aggregator_type',
      'p.base_url',
    ])
    .where('pa.id', '=', providerAccountId)
    .executeTakeFirst();
  if (!connection) throw new AppError('not_found', `There is no provider account ${providerAccountId}`);
  if (connection.aggregator_type !== 'cdr' || !connection.base_url) {
    throw new AppError(
      'validation_failed',
      `Provider account ${providerAccountId} is not an open-banking connection; its data comes from file imports`,
      { fields: [{ field: 'query.provideraccount_ids', message: 'must name open-banking connections' }] },
    );
  }
  const consentLapsed =
    !connection.holder_access_token ||
    (connection.holder_consent_expires_at !== null &&
      new Date(connection.holder_consent_expires_at).getTime() <= now.getTime());
  // What this refresh records is recorded only while the connection still has the consent it read:
  // a reconnect meanwhile (a new consent, its own refresh queued) must not have this one's failure
  // written over it (before 2026-11-30 it was, and `next_refresh` cleared).
  const target: RefreshTarget = {
    providerAccountId,
    clientId: connection.client_id,
    consentId: connection.holder_consent_id,
    // Until the mark below: a due time written after this read is an adviser's refresh, kept.
    dueAsMarked: connection.next_refresh === null ? null : new Date(connection.next_refresh),
  };
  const retried = (outcome: RefreshOutcome) => options.retried?.(outcome) ?? false;
  if (consentLapsed) {
    const recorded = await recordFailedRefresh(database, target, needsConsent, null);
    return { outcome: needsConsent, stored: undefined, nextRefresh: null, ...(!recorded && supersededMark) };
  }

  const tokens = options.tokens ?? (await holderTokenCipher());
  const storedToken = connection.holder_access_token ?? '';
  let accessToken: string;
  try {
    accessToken = tokens.open(storedToken);
  } catch (error) {
    if (!(error instanceof HolderTokenKeyError)) throw error;
    // No key here opens it: most likely the operator's HOLDER_TOKEN_KEY is wrong or lost, which
    // fixing heals. Recorded as the platform's failure, backing off to every 6 hours, not retried
    // by the queue; the job logs it. Before 2026-12-02 it was thrown before anything was recorded:
    // the connection stayed `updating` and failed again every 15 minutes for ever. Never retried
    // by the queue, so always counted.
    const failed = platformFailure;
    const recorded = await recordFailedRefresh(database, target, failed, (count) =>
      nextRefreshAfter(failed, count, now),
    );
    return {
      outcome: failed,
      stored: undefined,
      nextRefresh: recorded?.nextRefresh ?? null,
      tokenUnreadable: error,
      ...(!recorded && supersededMark),
    };
  }
  // A token stored before encryption is sealed now, at its first read.
  // The client's data version before the connection's row, which its trigger bumps the version
  // for: the order an adviser's refresh mark takes them in (a deadlock on PostgreSQL otherwise).
  // The mark moves `next_refresh` on as a failure would (the back-off): a refresh that ends the
  // process, or whose job is given up, writes no outcome, and is due again only then. Before
  // 2026-12-03 it stayed due, and the sweep queued it again every 15 minutes for ever. The outcome
  // writes its own; one written meanwhile (an adviser's refresh) is kept (`dueAsMarked`).
  const markedDue = nextRefreshAfter(platformFailure, connection.refresh_failures + 1, now);
  target.dueAsMarked = markedDue;
  await inTransaction(database, async (trx) => {
    await lockClientDataVersion(trx, connection.client_id);
    await trx
      .updateTable('provider_accounts')
      .set({
        status: 'updating',
        next_refresh: markedDue,
        ...(tokens.isSealed(storedToken) ? {} : { holder_access_token: tokens.seal(storedToken) }),
      })
      .where('id', '=', providerAccountId)
      // Not over a reconnect since the read: its new token must not be replaced by this one.
      .where((eb) => sameConsent(eb, target))
      .execute();
  });
  const client = createCdsBankingClient(
    createCdsHttpClient({
      baseUrl: connection.base_url,
      accessToken,
      // CDS: required on every authenticated resource call, as an HTTP-date (RFC 7231).
      authDate: new Date(connection.connected_at),
      timeoutMs: options.timeoutMs,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
  await recordProviderStatus(database, connection.provider_id, client);
  const source: DataSource = createCdsDataSource(client);
  // Each account from 14 days before the last pull that read its transactions (its own mark,
  // `accounts.transactions_synced_at`, moved by `storePull` only when they were read), never
  // further back than a first refresh reads; one without a mark (new to the consent, never read,
  // listed again after being left out) from that first window. Before 2026-12-03 the connection
  // had one window, from before the last refresh that read EVERY account's transactions: while one
  // account's transactions kept failing, each refresh read every other account back to then too
  // (up to 730 days). An account holding a pending transaction of the last 45 days is read from
  // the day before it at the latest, so the holder lists it again, or it is removed as cancelled.
  const firstWindow = new Date(now.getTime() - firstWindowDays * 24 * hour);
  const accountOldestTimes = await accountsOldestTimes(db, {
    providerAccountId,
    connectionMark: connection.transactions_synced_at,
    firstWindow,
    now,
  });
  const window: PullWindow = { oldestTime: firstWindow, newestTime: now, accountOldestTimes };
  const pull = await source.pull(window);

  if (pull.accounts.length === 0 && pull.outcome.refreshStatus !== 'success') {
    const failures = await recordFailedRefresh(
      database,
      target,
      pull.outcome,
      (count) => nextRefreshAfter(pull.outcome, count, now),
      { retried: retried(pull.outcome) },
    );
    return {
      outcome: pull.outcome,
      stored: undefined,
      nextRefresh: failures?.nextRefresh ?? null,
      ...(!failures && supersededMark),
    };
  }
  try {
    const stored = await storePull(database, { tenantId: connection.tenant_id, ...target }, pull, {
      outcome: pull.outcome,
      now,
      nextRefresh: (count) => nextRefreshAfter(pull.outcome, count, now),
      // Each account's own: the holder reads it from its oldest time, an instant of this day, so
      // only the days after it are wholly inside its window (`storePull`, `matchPostedToPending`).
      windowStart: (externalId) => sydneyToday(oldestTimeOf(window, externalId)),
      retried: retried(pull.outcome),
    });
    return {
      outcome: pull.outcome,
      stored,
      nextRefresh: stored.nextRefresh,
      ...(!stored.statusRecorded && supersededMark),
    };
  } catch (error) {
    // The transaction rolled back: the previous data is intact; say the refresh failed.
    const failed = platformFailure;
    await recordFailedRefresh(database, target, failed, (count) => nextRefreshAfter(failed, count, now), {
      retried: retried(failed),
    });
    throw error;
  }
}

/**
 * From when each of a connection's accounts is read, by the holder's account id: 14 days before its
 * own mark (`accounts.transactions_synced_at`), never before `firstWindow`; an account left out reads
 * `firstWindow`. Given the refresh's time (`now`), an account is read from the day before its oldest
 * pending transaction dated in the 45 days before, if that is earlier: a hold still pending two weeks
 * after it was made (a hire car's, a hotel's) falls out of the window, and a hold the holder does not
 * list because of its date is not taken as cancelled (`storePull`), so before 2026-12-04 one cancelled
 * then stayed pending for ever. An older one moves the window back no more, and is kept as it is. An account without a mark that holds transactions and is not `inactive` was last
 * read under the connection's one mark (`provider_accounts.transactions_synced_at`, the window of
 * every account until 2026-12-03), and is read from it until a refresh gives it its own: so
 * migration 0035 only adds the column, instead of filling it for every account in the migration's
 * transaction, which would hold `accounts` locked for every request while it ran (review 139).
 */
export async function accountsOldestTimes(
  db: Kysely<Database>,
  {
    providerAccountId,
    connectionMark,
    firstWindow,
    now,
  }: { providerAccountId: number; connectionMark: Date | string | null; firstWindow: Date; now?: Date },
): Promise<Map<string, Date>> {
  // Sydney's day 45 days before: holds dated after it move the window back.
  const openHoldsAfter = now && sydneyToday(new Date(now.getTime() - openHoldDays * 24 * hour));
  const rows = await db
    .selectFrom('accounts as a')
    .select([
      'a.external_id',
      'a.transactions_synced_at',
      'a.account_status',
      (eb) =>
        eb
          .exists(eb.selectFrom('transactions as t').select('t.id').whereRef('t.account_id', '=', 'a.id'))
          .as('holds_transactions'),
      (eb) =>
        eb
          .selectFrom('transactions as t')
          .select(sql<string | null>`min(t.transaction_date)::text`.as('date'))
          .whereRef('t.account_id', '=', 'a.id')
          .where('t.status', '=', 'pending')
          // None without `now`: no date is after the last.
          .where('t.transaction_date', '>', openHoldsAfter ?? lastCalendarDate)
          .as('oldest_open_hold'),
    ])
    .where('a.provider_account_id', '=', providerAccountId)
    .where('a.external_id', 'is not', null)
    .execute();
  const times = new Map<string, Date>();
  for (const row of rows) {
    if (row.external_id === null) continue;
    const mark =
      row.transactions_synced_at ??
      (connectionMark !== null && row.account_status !== 'inactive' && row.holds_transactions
        ? connectionMark
        : null);
    if (mark === null) continue;
    let since = new Date(mark).getTime() - overlapDays * 24 * hour;
    // 00:00 UTC of the day before the hold: that day in Sydney too, before any of the hold's day.
    if (row.oldest_open_hold)
      since = Math.min(since, Date.parse(`${addDays(row.oldest_open_hold, -1)}T00:00:00Z`));
    times.set(row.external_id, new Date(Math.max(since, firstWindow.getTime())));
  }
  return times;
}

/**
 * A refresh whose job the queue gave up (its process ended during the last attempt, so nothing
 * was recorded): a connection still `updating` is recorded as the platform's failure, counted in
 * a row, so a refresh that ends its process every time backs off (5 minutes doubling to 6 hours)
 * instead of being queued again by every sweep. Before 2026-12-03 it stayed `updating` and due.
 * One whose outcome was written (only the job's completion was lost) is left as it is.
 */
export async function recordAbandonedRefresh(
  database: Kysely<Database>,
  providerAccountId: number,
  now: Date = new Date(),
): Promise<void> {
  const connection = await database
    .selectFrom('provider_accounts')
    .select(['client_id', 'status', 'holder_consent_id'])
    .where('id', '=', providerAccountId)
    .executeTakeFirst();
  if (connection?.status !== 'updating') return;
  // `dueAsMarked: null`: a due time found earlier than the back-off (an adviser's refresh asked for
  // since the job was given up) is kept.
  await recordFailedRefresh(
    database,
    {
      providerAccountId,
      clientId: connection.client_id,
      consentId: connection.holder_consent_id,
      dueAsMarked: null,
    },
    platformFailure,
    (count) => nextRefreshAfter(platformFailure, count, now),
  );
}

/**
 * The provider's status from the holder's discovery status (spec §3: `outage` or `supported`); a
 * holder whose public status endpoint does not answer counts as in an outage.
 */
export async function recordProviderStatus(
  db: Kysely<Database>,
  providerId: number,
  client: Pick<CdsBankingClient, 'getStatus'>,
): Promise<void> {
  const status = await client.getStatus().then(mapDiscoveryStatus, () => 'outage' as const);
  await db
    .updateTable('providers')
    .set({ status })
    .where('id', '=', providerId)
    .where('status', 'in', ['supported', 'outage'])
    .execute();
}
