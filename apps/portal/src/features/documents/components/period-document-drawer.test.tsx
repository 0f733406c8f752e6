import { screen, waitFor, within } from '@testing-library/react';
import { toast } from '@waratah/ui';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedDownload, recordDownloads } from '../../../testing/downloads.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';
import { buildDocumentExport, fileResponse } from '../testing/build-document-export.ts';

const id = '44444444-4444-4444-8444-444444444444';
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let downloads: RecordedDownload[] = [];

beforeEach(() => {
  downloads = recordDownloads();
});
describe('period documents', { timeout: 20_000 }, () => {
  it('downloads the transactions spreadsheet of a statement period', async () => {
    const spreadsheet = buildDocumentExport({
      id,
      kind: 'transactions',
      period: 'year',
      account_id: null,
      file_name: 'transactions_lachlan_2025-11-23_2026-11-22.xlsx',
      content_type: xlsx,
      download_path: `/api/v2/documents/${id}/file`,
    });
    const view = await renderClientPage({
      url: '/user/details/7/transactions',
      host: 'waratahlabs.localhost:8080',
      features: { view_transactions: true, generate_bank_statement_custom_date: true },
      routes: {
        'POST /api/v2/documents/transactions': () => json({ data: spreadsheet }, 202),
        [`GET /api/v2/documents/${id}`]: () => json({ data: { ...spreadsheet, status: 'completed' } }),
        [`GET /api/v2/documents/${id}/file`]: () =>
          fileResponse('PK\u0003\u0004', spreadsheet.file_name, xlsx),
      },
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    await user.click(await screen.findByRole('button', { name: 'Download spreadsheet' }));
    const drawer = await screen.findByRole('dialog', { name: 'Transactions spreadsheet' });
    within(drawer).getByRole('combobox', { name: 'Period' }).focus();
    await user.keyboard('{Enter}');
    // The labs tenant's statement periods (spec §9), then custom dates with the feature.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '30 days',
      '3 months',
      '6 months',
      '12 months',
      'Custom dates',
    ]);
    await user.click(screen.getByRole('option', { name: 'Custom dates' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));
    expect(await within(drawer).findByText('Choose a start and an end date.')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v2/documents/transactions')).toHaveLength(0);

    within(drawer).getByRole('combobox', { name: 'Period' }).focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('option', { name: '12 months' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe(spreadsheet.file_name);
    expect(api.requestsTo('POST /api/v2/documents/transactions')[0]?.body).toEqual({ period: 'year' });
    expect(await within(drawer).findByText('Transactions spreadsheet: downloaded')).toBeInTheDocument();
  });

  it('moves focus to the dates, which name their error, when custom dates are sent without them', async () => {
    const { api, user } = await renderClientPage({
      url: '/user/details/7/transactions',
      host: 'waratahlabs.localhost:8080',
      features: { view_transactions: true, generate_bank_statement_custom_date: true },
    });

    await user.click(await screen.findByRole('button', { name: 'Download spreadsheet' }));
    const drawer = await screen.findByRole('dialog', { name: 'Transactions spreadsheet' });
    within(drawer).getByRole('combobox', { name: 'Period' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Custom dates' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));

    const error = await within(drawer).findByText('Choose a start and an end date.');
    const from = within(drawer).getByRole('button', { name: 'From Choose a date' });
    await waitFor(() => expect(from).toHaveFocus());
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(api.requestsTo('POST /api/v2/documents/transactions')).toHaveLength(0);
  });

  it('still downloads the insights PDF when the drawer is closed while it is generated', async () => {
    const insights = buildDocumentExport({
      id,
      kind: 'insights',
      period: 'week',
      account_id: null,
      file_name: 'financial-overview_lachlan_2026-11-16_2026-11-22.pdf',
      download_path: `/api/v2/documents/${id}/file`,
    });
    let polls = 0;
    const view = await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        'POST /api/v2/documents/insights': () => json({ data: insights }, 202),
        [`GET /api/v2/documents/${id}`]: () => {
          polls += 1;
          return json({ data: { ...insights, status: polls > 1 ? 'completed' : 'running' } });
        },
        [`GET /api/v2/documents/${id}/file`]: () => fileResponse('%PDF-1.7\n', insights.file_name),
      },
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    await user.click(await screen.findByRole('button', { name: 'Download insights PDF' }));
    const drawer = await screen.findByRole('dialog', { name: 'Insights PDF' });
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));
    expect(await within(drawer).findByText('Insights: generating')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    expect(downloads[0]?.fileName).toBe(insights.file_name);
    expect(api.requestsTo('POST /api/v2/documents/insights')[0]?.body).toEqual({ period: 'week' });
    expect(await screen.findByText('Insights downloaded')).toBeInTheDocument();
  });

  it('reports the download of a document made while the drawer was closed, however slow', async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    const secondId = '55555555-5555-4555-8555-555555555555';
    const insightsOf = (documentId: string) =>
      buildDocumentExport({
        id: documentId,
        kind: 'insights',
        period: 'week',
        account_id: null,
        file_name: 'financial-overview_lachlan_2026-11-16_2026-11-22.pdf',
        download_path: `/api/v2/documents/${documentId}/file`,
      });
    const polls = new Map<string, number>();
    const poll = (documentId: string) => () => {
      polls.set(documentId, (polls.get(documentId) ?? 0) + 1);
      const status = (polls.get(documentId) ?? 0) > 1 ? 'completed' : 'running';
      return json({ data: { ...insightsOf(documentId), status } });
    };
    // Slower than the drawer takes to drop the hidden row it downloads from: a real network.
    const slowly = async (response: () => Response) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return response();
    };
    let posts = 0;
    const view = await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        'POST /api/v2/documents/insights': () => {
          posts += 1;
          return json({ data: insightsOf(posts === 1 ? id : secondId) }, 202);
        },
        [`GET /api/v2/documents/${id}`]: poll(id),
        [`GET /api/v2/documents/${secondId}`]: poll(secondId),
        [`GET /api/v2/documents/${id}/file`]: () =>
          slowly(() => fileResponse('%PDF-1.7\n', insightsOf(id).file_name)),
        [`GET /api/v2/documents/${secondId}/file`]: () =>
          slowly(() =>
            json(
              {
                error: {
                  error_code: 'F0409',
                  error_type: 'conflict',
                  error_message: 'The file is not ready',
                },
              },
              409,
            ),
          ),
      },
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { user } = view;
    const createAndClose = async () => {
      await user.click(await screen.findByRole('button', { name: 'Download insights PDF' }));
      const drawer = await screen.findByRole('dialog', { name: 'Insights PDF' });
      const jobs = within(drawer).queryAllByTestId('document-job').length;
      await user.click(within(drawer).getByRole('button', { name: 'Create document' }));
      await waitFor(() => expect(within(drawer).getAllByTestId('document-job')).toHaveLength(jobs + 1));
      await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    };

    await createAndClose();
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Insights downloaded', { duration: 5000 }));

    await createAndClose();
    await waitFor(
      () =>
        expect(failure).toHaveBeenCalledWith("We couldn't download the file: The file is not ready", {
          duration: 5000,
        }),
      { timeout: 10_000 },
    );
    expect(downloads).toHaveLength(1);
  });

  it('stops following a document deleted meanwhile, and says it is no longer available', async () => {
    const insights = buildDocumentExport({ id, kind: 'insights', period: 'week', account_id: null });
    let polls = 0;
    const view = await renderClientPage({
      url: '/user/details/7/overview',
      routes: {
        'POST /api/v2/documents/insights': () => json({ data: insights }, 202),
        [`GET /api/v2/documents/${id}`]: () => {
          polls += 1;
          return json(
            { error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such document' } },
            404,
          );
        },
      },
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { user } = view;

    await user.click(await screen.findByRole('button', { name: 'Download insights PDF' }));
    const drawer = await screen.findByRole('dialog', { name: 'Insights PDF' });
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));

    const job = await within(drawer).findByTestId('document-job');
    expect(await within(job).findByText('This document is no longer available.')).toBeInTheDocument();
    expect(job).toHaveAttribute('data-status', 'unavailable');
    expect(job).toHaveAttribute('aria-busy', 'false');
    const pollsWhenGone = polls;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(polls).toBe(pollsWhenGone);
  });
});
