import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { DocumentExport } from '@waratah/contracts';
import { toast } from '@waratah/ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAccount, buildProviderAccount } from '../../../testing/build-client-data.ts';
import { type RecordedDownload, recordDownloads } from '../../../testing/downloads.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';
import { buildDocumentExport, fileResponse } from '../testing/build-document-export.ts';

const id = '88888888-8888-4888-8888-888888888888';

const insights = buildDocumentExport({
  id,
  kind: 'insights',
  period: 'week',
  account_id: null,
  file_name: 'financial-overview_lachlan_2026-11-16_2026-11-22.pdf',
  download_path: `/api/v2/documents/${id}/file`,
});

/** Client 7's overview, whose insights export answers each look with `status()`. */
async function openOverview(status: () => Pick<DocumentExport, 'status' | 'error'>) {
  const view = await renderClientPage({
    url: '/user/details/7/overview',
    routes: {
      'GET /api/v2/accounts': () => json({ data: [buildAccount()] }),
      'GET /api/v2/provideraccounts': () => json({ data: [buildProviderAccount()] }),
      'POST /api/v2/documents/insights': () => json({ data: insights }, 202),
      [`GET /api/v2/documents/${id}`]: () => json({ data: { ...insights, ...status() } }),
      [`GET /api/v2/documents/${id}/file`]: () => fileResponse('%PDF-1.7\n', insights.file_name),
    },
  });
  // The file is fetched through the global fetch.
  vi.stubGlobal('fetch', view.api.fetch);
  return view;
}

/** Asks for the insights PDF, waits until it is being made, and closes the drawer. */
async function createInsightsAndClose(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Download insights PDF' }));
  const drawer = await screen.findByRole('dialog', { name: 'Insights PDF' });
  await user.click(within(drawer).getByRole('button', { name: 'Create document' }));
  expect(await within(drawer).findByText('Insights: generating')).toBeInTheDocument();
  await user.click(within(drawer).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

let downloads: RecordedDownload[] = [];

beforeEach(() => {
  downloads = recordDownloads();
});

// The whole portal with its lazy routes, and documents polled each second: slow on a busy machine.
describe('documents kept across the client’s pages', { timeout: 20_000 }, () => {
  it('says in a toast when a document fails while its drawer is closed, and shows why when it opens again', async () => {
    const failure = vi.spyOn(toast, 'error');
    let failed = false;
    const { user } = await openOverview(() =>
      failed
        ? { status: 'failed', error: 'The client has no transactions in this period' }
        : { status: 'running', error: null },
    );

    await createInsightsAndClose(user);
    failed = true;

    await waitFor(
      () =>
        expect(failure).toHaveBeenCalledWith(
          "We couldn't create Insights: The client has no transactions in this period",
          { duration: 5000 },
        ),
      { timeout: 10_000 },
    );
    await user.click(screen.getByRole('button', { name: 'Download insights PDF' }));
    const drawer = await screen.findByRole('dialog', { name: 'Insights PDF' });
    expect(
      within(drawer).getByText(
        "We couldn't create this document: The client has no transactions in this period",
      ),
    ).toBeInTheDocument();
    // Said: closed again, the failed document is no longer followed out of sight, nor said again.
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryAllByTestId('document-job')).toHaveLength(0));
    expect(failure).toHaveBeenCalledTimes(1);
  });

  it('keeps following a document asked for on one tab after moving to another, and downloads it', async () => {
    const success = vi.spyOn(toast, 'success');
    let ready = false;
    const { router, user } = await openOverview(() => ({
      status: ready ? 'completed' : 'running',
      error: null,
    }));

    await createInsightsAndClose(user);
    const tabs = screen.getByRole('navigation', { name: 'Client pages' });
    await user.click(within(tabs).getByRole('link', { name: 'Accounts' }));
    expect(await screen.findByRole('button', { name: 'Account statement' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/details/7/accounts');
    expect(screen.queryByRole('button', { name: 'Download insights PDF' })).not.toBeInTheDocument();
    ready = true;

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    expect(downloads[0]?.fileName).toBe(insights.file_name);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Insights downloaded', { duration: 5000 }));
  });

  it('says which documents were not finished when the adviser leaves the client’s pages', async () => {
    const failure = vi.spyOn(toast, 'error');
    const { router, user } = await openOverview(() => ({ status: 'running', error: null }));

    await createInsightsAndClose(user);
    await router.navigate('/dashboard');

    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        "A document you asked for was not finished when you left this client's pages. Please ask for it again.",
        { duration: 5000 },
      ),
    );
    expect(downloads).toHaveLength(0);
  });
});
