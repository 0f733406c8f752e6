import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAccount, buildProviderAccount } from '../../../testing/build-client-data.ts';
import { type RecordedDownload, recordDownloads } from '../../../testing/downloads.ts';
import { type createFakeApi, json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';
import { buildDocumentExport, fileResponse } from '../testing/build-document-export.ts';

const everydayId = '11111111-1111-4111-8111-111111111111';
const retriedId = '22222222-2222-4222-8222-222222222222';
const summaryId = '33333333-3333-4333-8333-333333333333';

const accountRoutes = {
  'GET /api/v2/provideraccounts': () => json({ data: [buildProviderAccount()] }),
  'GET /api/v2/accounts': () =>
    json({
      data: [
        buildAccount({ id: 1, account_name: 'Everyday Account', nick_name: null }),
        buildAccount({ id: 2, account_name: 'Savings', nick_name: 'Rainy day' }),
      ],
    }),
};

function openAccounts(routes: Parameters<typeof createFakeApi>[0], features = {}) {
  return renderClientPage({
    url: '/user/details/7/accounts',
    routes: { ...accountRoutes, ...routes },
    features: { view_transactions: true, ...features },
  });
}

/** Opens the statement drawer and creates its first choice, a statement of every account. */
async function createStatementsForAllAccounts(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Account statement' }));
  const drawer = await screen.findByRole('dialog', { name: 'Account statement' });
  await waitFor(() => expect(within(drawer).getByRole('combobox', { name: 'Account' })).toBeEnabled());
  await user.click(within(drawer).getByRole('button', { name: 'Create document' }));
  return drawer;
}

/** Both accounts' statements, as the platform answers them while they are being made. */
const bothStatementsRunning = {
  [`GET /api/v2/documents/${everydayId}`]: () =>
    json({ data: buildDocumentExport({ id: everydayId, status: 'running' }) }),
  [`GET /api/v2/documents/${summaryId}`]: () =>
    json({ data: buildDocumentExport({ id: summaryId, account_id: 2, status: 'running' }) }),
};

/** The platform's answer to one requester's 21st unfinished document of a client. */
const busyError = {
  error_code: 'F0006',
  error_type: 'rate_limited',
  error_message: "20 of this client's documents are still being made; ask again once they are ready",
};

/** The platform's answer to a period past the most one document holds. */
const tooManyTransactions = {
  error_code: 'F0001',
  error_type: 'validation_failed',
  error_message: 'The request is not valid',
  fields: [
    {
      field: 'body.period',
      message:
        'The period holds more than 50,000 transactions, the most one document holds; choose a shorter period',
    },
  ],
};

let downloads: RecordedDownload[] = [];

beforeEach(() => {
  downloads = recordDownloads();
});
describe('account documents', { timeout: 20_000 }, () => {
  it('creates a statement, follows its progress and downloads the PDF under its file name', async () => {
    const completed = buildDocumentExport({
      id: everydayId,
      status: 'completed',
      sha256: 'ab'.repeat(32),
      size_bytes: 9,
      completed_at: '2026-11-22T10:00:02.000Z',
      download_path: `/api/v2/statements/${everydayId}`,
    });
    const view = await openAccounts({
      'POST /api/v2/statements': () => json({ data: buildDocumentExport({ id: everydayId }) }, 202),
      [`GET /api/v2/documents/${everydayId}`]: () => json({ data: completed }),
      [`GET /api/v2/statements/${everydayId}`]: () => fileResponse('%PDF-1.7\n', 'statement_everyday.pdf'),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    await user.click(await screen.findByRole('button', { name: 'Account statement' }));
    const drawer = await screen.findByRole('dialog', { name: 'Account statement' });
    const account = within(drawer).getByRole('combobox', { name: 'Account' });
    account.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All accounts',
      'Everyday Account',
      'Rainy day',
    ]);
    await user.click(screen.getByRole('option', { name: 'Everyday Account' }));
    const period = within(drawer).getByRole('combobox', { name: 'Period' });
    period.focus();
    await user.keyboard('{Enter}');
    // moneypartner's statement periods (spec §9); no custom dates without the feature.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'past week',
      'past fortnight',
      'past month',
      'past 3 months',
      'past 6 months',
      'past year',
      'financial year 24/25',
    ]);
    await user.click(screen.getByRole('option', { name: 'financial year 24/25' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));

    const job = await within(drawer).findByTestId('document-job');
    await waitFor(() => expect(job).toHaveAttribute('data-status', 'completed'));
    expect(within(job).getByText('Statement – Everyday Account')).toBeInTheDocument();
    expect(within(job).getByText('Statement – Everyday Account: downloaded')).toBeInTheDocument();

    const [post] = api.requestsTo('POST /api/v2/statements');
    expect(post?.body).toEqual({ account_id: 1, period: 'fin-year' });
    expect(post?.headers.get('X-User-Id')).toBe('7');
    const [download] = api.requestsTo(`GET /api/v2/statements/${everydayId}`);
    expect(download?.headers.get('X-User-Id')).toBe('7');
    expect(download?.headers.get('Authorization')).toBe('Bearer stored-access-token');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toBe('statement_everyday.pdf');
    expect(await downloads[0]?.blob.text()).toBe('%PDF-1.7\n');
  });

  it('makes one statement per account for all accounts, explains a failure and retries it', async () => {
    let posts = 0;
    const view = await openAccounts(
      {
        'POST /api/v2/statements': (request) => {
          posts += 1;
          const body = request.body as { account_id: number };
          const id = body.account_id === 1 ? (posts > 2 ? retriedId : everydayId) : summaryId;
          return json({ data: buildDocumentExport({ id, account_id: body.account_id }) }, 202);
        },
        [`GET /api/v2/documents/${everydayId}`]: () =>
          json({
            data: buildDocumentExport({
              id: everydayId,
              status: 'failed',
              error: 'The account has no transactions in this period',
            }),
          }),
        [`GET /api/v2/documents/${summaryId}`]: () =>
          json({ data: buildDocumentExport({ id: summaryId, account_id: 2, status: 'running' }) }),
        [`GET /api/v2/documents/${retriedId}`]: () =>
          json({ data: buildDocumentExport({ id: retriedId, status: 'completed' }) }),
        [`GET /api/v2/statements/${retriedId}`]: () => fileResponse('%PDF-1.7\n', 'statement_retried.pdf'),
      },
      { generate_bank_statement_custom_date: true },
    );
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);

    expect(
      await within(drawer).findByText(
        "We couldn't create this document: The account has no transactions in this period",
      ),
    ).toBeInTheDocument();
    const jobs = within(drawer).getAllByTestId('document-job');
    expect(jobs).toHaveLength(2);
    const running = jobs.find((job) => within(job).queryByText('Statement – Rainy day'));
    expect(running).toHaveAttribute('data-status', 'running');
    expect(api.requestsTo('POST /api/v2/statements').map((request) => request.body)).toEqual([
      { account_id: 1, period: 'week' },
      { account_id: 2, period: 'week' },
    ]);

    await user.click(within(drawer).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe('statement_retried.pdf');
    expect(api.requestsTo('POST /api/v2/statements').at(-1)?.body).toEqual({ account_id: 1, period: 'week' });
  });

  it('asks for a failed document once however often its Try again is clicked while on its way', async () => {
    let posts = 0;
    let answerRetry: () => void = () => undefined;
    const view = await openAccounts({
      'POST /api/v2/statements': async (request) => {
        posts += 1;
        const body = request.body as { account_id: number };
        if (posts > 2) await new Promise<void>((resolve) => (answerRetry = resolve));
        const id = body.account_id === 1 ? (posts > 2 ? retriedId : everydayId) : summaryId;
        return json({ data: buildDocumentExport({ id, account_id: body.account_id }) }, 202);
      },
      [`GET /api/v2/documents/${everydayId}`]: () =>
        json({
          data: buildDocumentExport({ id: everydayId, status: 'failed', error: 'The holder timed out' }),
        }),
      [`GET /api/v2/documents/${summaryId}`]: () =>
        json({ data: buildDocumentExport({ id: summaryId, account_id: 2, status: 'running' }) }),
      [`GET /api/v2/documents/${retriedId}`]: () =>
        json({ data: buildDocumentExport({ id: retriedId, status: 'running' }) }),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);
    await within(drawer).findByText("We couldn't create this document: The holder timed out");
    const tryAgain = within(drawer).getByRole('button', { name: 'Try again' });
    await user.click(tryAgain);
    await user.click(tryAgain);
    await waitFor(() => expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(3));
    answerRetry();
    await waitFor(() =>
      expect(within(drawer).queryByText("We couldn't create this document: The holder timed out")).toBeNull(),
    );
    expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(3);
  });

  it('asks for one failed document again at a time, so that each failure is said', async () => {
    let posts = 0;
    const held: (() => void)[] = [];
    const view = await openAccounts({
      'POST /api/v2/statements': async (request) => {
        posts += 1;
        const body = request.body as { account_id: number };
        if (posts > 2) await new Promise<void>((resolve) => held.push(resolve));
        const id =
          posts > 2
            ? body.account_id === 1
              ? retriedId
              : '44444444-4444-4444-8444-444444444444'
            : body.account_id === 1
              ? everydayId
              : summaryId;
        return json({ data: buildDocumentExport({ id, account_id: body.account_id }) }, 202);
      },
      [`GET /api/v2/documents/${everydayId}`]: () =>
        json({
          data: buildDocumentExport({ id: everydayId, status: 'failed', error: 'The holder timed out' }),
        }),
      [`GET /api/v2/documents/${summaryId}`]: () =>
        json({
          data: buildDocumentExport({
            id: summaryId,
            account_id: 2,
            status: 'failed',
            error: 'The holder timed out',
          }),
        }),
      [`GET /api/v2/documents/${retriedId}`]: () =>
        json({ data: buildDocumentExport({ id: retriedId, status: 'running' }) }),
      'GET /api/v2/documents/44444444-4444-4444-8444-444444444444': () =>
        json({
          data: buildDocumentExport({
            id: '44444444-4444-4444-8444-444444444444',
            account_id: 2,
            status: 'running',
          }),
        }),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);
    await waitFor(() =>
      expect(
        within(drawer).getAllByText("We couldn't create this document: The holder timed out"),
      ).toHaveLength(2),
    );
    const [first, second] = within(drawer).getAllByRole('button', { name: 'Try again' });
    if (!first || !second) throw new Error('two Try again buttons');
    await user.click(first);
    await user.click(second);
    await user.click(first);
    await waitFor(() => expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(3));
    // The drawer says one retry's failure: another is asked for once this one has its answer.
    for (const answer of held.splice(0)) answer();
    await waitFor(() =>
      expect(
        within(drawer).getAllByText("We couldn't create this document: The holder timed out"),
      ).toHaveLength(1),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(4));
    for (const answer of held.splice(0)) answer();
    const retried = api.requestsTo('POST /api/v2/statements').slice(2);
    expect(retried.map((request) => (request.body as { account_id: number }).account_id).sort()).toEqual([
      1, 2,
    ]);
  });

  it('names an account whose nickname is blank by its name in the statement’s choice', async () => {
    // CDS stores a nickname the client left blank as ''; before 2026-12-03 the option was blank.
    const { user } = await openAccounts({
      'GET /api/v2/accounts': () =>
        json({ data: [buildAccount({ id: 1, account_name: 'Everyday Account', nick_name: '' })] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Account statement' }));
    const drawer = await screen.findByRole('dialog', { name: 'Account statement' });
    const account = within(drawer).getByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(account).toBeEnabled());
    await user.click(account);
    expect(await screen.findByRole('option', { name: 'Everyday Account' })).toBeInTheDocument();
  });

  it('opens again on a clean form after Close, the last refusal forgotten', async () => {
    const view = await openAccounts({
      'POST /api/v2/statements': () => json({ error: tooManyTransactions }, 400),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { user } = view;

    const drawer = await createStatementsForAllAccounts(user);
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('The period holds more than 50,000');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account statement' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Account statement' }));
    const reopened = await screen.findByRole('dialog', { name: 'Account statement' });
    expect(within(reopened).queryByRole('alert')).toBeNull();
  });

  it('says it cannot follow a document while the platform fails, looks less often, and carries on once it answers', async () => {
    const looks: number[] = [];
    const view = await openAccounts({
      'POST /api/v2/statements': (request) => {
        const body = request.body as { account_id: number };
        const id = body.account_id === 1 ? everydayId : summaryId;
        return json({ data: buildDocumentExport({ id, account_id: body.account_id }) }, 202);
      },
      [`GET /api/v2/documents/${everydayId}`]: () => {
        looks.push(Date.now());
        return looks.length === 1
          ? json({ error: { ...busyError, error_message: 'The platform is down for a moment' } }, 503)
          : json({ data: buildDocumentExport({ id: everydayId, status: 'completed' }) });
      },
      [`GET /api/v2/documents/${summaryId}`]: () =>
        json({ data: buildDocumentExport({ id: summaryId, account_id: 2, status: 'running' }) }),
      [`GET /api/v2/statements/${everydayId}`]: () => fileResponse('%PDF-1.7\n', 'statement_everyday.pdf'),
    });
    vi.stubGlobal('fetch', view.api.fetch);

    const drawer = await createStatementsForAllAccounts(view.user);
    expect(
      await within(drawer).findByText(
        "We couldn't check on this document (The platform is down for a moment). We'll keep trying.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    expect(downloads[0]?.fileName).toBe('statement_everyday.pdf');
    // One look at the failure (no retries of it), the next one twice the interval later.
    expect(looks).toHaveLength(2);
    expect((looks[1] ?? 0) - (looks[0] ?? 0)).toBeGreaterThanOrEqual(1500);
    expect(within(drawer).queryByText(/We couldn't check on this document/)).toBeNull();
  });

  it('keeps the statements queued when another account is refused, and tries again only the refused one', async () => {
    let savingsRefused = true;
    const view = await openAccounts({
      'POST /api/v2/statements': (request) => {
        const body = request.body as { account_id: number };
        if (body.account_id === 1) return json({ data: buildDocumentExport({ id: everydayId }) }, 202);
        if (savingsRefused) return json({ error: busyError }, 429);
        return json({ data: buildDocumentExport({ id: summaryId, account_id: 2 }) }, 202);
      },
      ...bothStatementsRunning,
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);

    expect(await within(drawer).findByRole('alert')).toHaveTextContent(
      `We couldn't start the document: Statement – Rainy day: ${busyError.error_message}`,
    );
    expect(
      within(drawer)
        .getAllByTestId('document-job')
        .map((job) => job.textContent),
    ).toEqual([expect.stringContaining('Statement – Everyday Account')]);

    savingsRefused = false;
    await user.click(within(within(drawer).getByRole('alert')).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(within(drawer).getAllByTestId('document-job')).toHaveLength(2));
    expect(within(drawer).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.requestsTo('POST /api/v2/statements').map((request) => request.body)).toEqual([
      { account_id: 1, period: 'week' },
      { account_id: 2, period: 'week' },
      { account_id: 2, period: 'week' },
    ]);
  });

  it('waits as long as a busy platform’s Retry-After asks before it offers to try again', async () => {
    let busy = true;
    const view = await openAccounts({
      'POST /api/v2/statements': (request) => {
        const body = request.body as { account_id: number };
        if (busy) return json({ error: busyError }, 429, { 'Retry-After': '2' });
        const id = body.account_id === 1 ? everydayId : summaryId;
        return json({ data: buildDocumentExport({ id, account_id: body.account_id }) }, 202);
      },
      ...bothStatementsRunning,
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);

    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('You can try again in 2 seconds.');
    const tryAgain = within(alert).getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveAttribute('aria-disabled', 'true');
    busy = false;
    await waitFor(() => expect(tryAgain).not.toHaveAttribute('aria-disabled'), { timeout: 8000 });
    expect(alert).not.toHaveTextContent('You can try again');
    await user.click(tryAgain);
    await waitFor(() => expect(within(drawer).getAllByTestId('document-job')).toHaveLength(2));
    expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(4);
  });

  it('keeps a failed document’s own Try again waiting while the platform is busy', async () => {
    let busy = false;
    const view = await openAccounts({
      'POST /api/v2/statements': (request) => {
        const body = request.body as { account_id: number };
        if (busy) return json({ error: busyError }, 429, { 'Retry-After': '2' });
        const id = body.account_id === 1 ? everydayId : summaryId;
        return json({ data: buildDocumentExport({ id, account_id: body.account_id }) }, 202);
      },
      [`GET /api/v2/documents/${everydayId}`]: () =>
        json({
          data: buildDocumentExport({ id: everydayId, status: 'failed', error: 'The holder timed out' }),
        }),
      [`GET /api/v2/documents/${summaryId}`]: () =>
        json({ data: buildDocumentExport({ id: summaryId, account_id: 2, status: 'running' }) }),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);
    const failed = await waitFor(() => {
      const job = within(drawer)
        .getAllByTestId('document-job')
        .find((row) => row.getAttribute('data-status') === 'failed');
      if (!job) throw new Error('no failed document yet');
      return job;
    });
    busy = true;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));

    // The drawer says the platform is busy; the row's own Try again waits as long.
    const alert = await within(drawer).findByText(/20 of this client's documents/);
    expect(alert).toHaveTextContent('You can try again in 2 seconds.');
    const rowTryAgain = within(failed).getByRole('button', { name: 'Try again' });
    expect(rowTryAgain).toHaveAttribute('aria-disabled', 'true');
    await user.click(rowTryAgain);
    expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(3);

    busy = false;
    await waitFor(() => expect(rowTryAgain).not.toHaveAttribute('aria-disabled'), { timeout: 8000 });
    await user.click(rowTryAgain);
    await waitFor(() => expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(4));
    expect(api.requestsTo('POST /api/v2/statements').at(-1)?.body).toEqual({ account_id: 1, period: 'week' });
  });

  it('waits for a busy platform’s Retry-After before it offers to download a ready file again', async () => {
    let busy = true;
    const view = await openAccounts({
      'POST /api/v2/statements': (request) => {
        const body = request.body as { account_id: number };
        const id = body.account_id === 1 ? everydayId : summaryId;
        return json({ data: buildDocumentExport({ id, account_id: body.account_id }) }, 202);
      },
      [`GET /api/v2/documents/${everydayId}`]: () =>
        json({ data: buildDocumentExport({ id: everydayId, status: 'completed' }) }),
      [`GET /api/v2/documents/${summaryId}`]: () =>
        json({ data: buildDocumentExport({ id: summaryId, account_id: 2, status: 'running' }) }),
      [`GET /api/v2/statements/${everydayId}`]: () =>
        busy
          ? json({ error: { ...busyError, error_message: 'The platform is busy' } }, 503, {
              'Retry-After': '2',
            })
          : fileResponse('%PDF-1.7\n', 'statement_everyday.pdf'),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);

    const job = await waitFor(() => {
      const row = within(drawer)
        .getAllByTestId('document-job')
        .find((each) => within(each).queryByText('Statement – Everyday Account'));
      if (!row) throw new Error('no Everyday Account statement yet');
      return row;
    });
    const alert = await within(job).findByRole('alert');
    expect(alert).toHaveTextContent('The platform is busy');
    expect(alert).toHaveTextContent('You can try again in 2 seconds.');
    const tryAgain = within(alert).getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveAttribute('aria-disabled', 'true');
    await user.click(tryAgain);
    expect(api.requestsTo(`GET /api/v2/statements/${everydayId}`)).toHaveLength(1);

    busy = false;
    await waitFor(() => expect(tryAgain).not.toHaveAttribute('aria-disabled'), { timeout: 8000 });
    await user.click(tryAgain);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe('statement_everyday.pdf');
  });

  it('offers to try again only the accounts refused for a reason that may pass, not a refused request', async () => {
    const view = await openAccounts({
      'GET /api/v2/accounts': () =>
        json({
          data: [
            buildAccount({ id: 1, account_name: 'Everyday Account', nick_name: null }),
            buildAccount({ id: 2, account_name: 'Savings', nick_name: 'Rainy day' }),
            buildAccount({ id: 3, account_name: 'Home loan', nick_name: null }),
          ],
        }),
      'POST /api/v2/statements': (request) => {
        const body = request.body as { account_id: number };
        if (body.account_id === 1) return json({ data: buildDocumentExport({ id: everydayId }) }, 202);
        if (body.account_id === 2) return json({ error: tooManyTransactions }, 400);
        return json({ error: busyError }, 429);
      },
      [`GET /api/v2/documents/${everydayId}`]: () =>
        json({ data: buildDocumentExport({ id: everydayId, status: 'running' }) }),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    const drawer = await createStatementsForAllAccounts(user);

    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent(`Statement – Rainy day: ${tooManyTransactions.fields[0]?.message}`);
    expect(alert).toHaveTextContent(`Statement – Home loan: ${busyError.error_message}`);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    // Only the busy account is asked for again; the refused period would be refused again.
    await waitFor(() => expect(api.requestsTo('POST /api/v2/statements')).toHaveLength(4));
    expect(api.requestsTo('POST /api/v2/statements').at(-1)?.body).toEqual({ account_id: 3, period: 'week' });
    // The refused period is still said: nothing was made of it.
    await waitFor(() => {
      const second = within(drawer).getByRole('alert');
      expect(second).toHaveTextContent(`Statement – Rainy day: ${tooManyTransactions.fields[0]?.message}`);
      expect(second).toHaveTextContent(`Statement – Home loan: ${busyError.error_message}`);
    });
  });

  it('explains a refused request with the field the platform named, and offers no try again', async () => {
    const view = await openAccounts({
      'POST /api/v2/accounts/summary': () =>
        json(
          {
            error: {
              error_code: 'F0001',
              error_type: 'validation',
              error_message: 'The request is not valid',
              fields: [{ field: 'body.as_of_date', message: 'as_of_date is before the first transaction' }],
            },
          },
          400,
        ),
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { user } = view;

    await user.click(await screen.findByRole('button', { name: 'Balance summary' }));
    const drawer = await screen.findByRole('dialog', { name: 'Account-balance summary' });
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent(
      "We couldn't start the document: Account-balance summary: as_of_date is before the first transaction",
    );
    // The same request would be refused again: the form has to change, and 'Create document' asks anew.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId('document-job')).not.toBeInTheDocument();
    expect(downloads).toHaveLength(0);
  });
});
