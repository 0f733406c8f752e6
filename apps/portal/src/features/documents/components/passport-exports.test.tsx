import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPassport } from '../../../testing/build-passport.ts';
import { type RecordedDownload, recordDownloads } from '../../../testing/downloads.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';
import { buildDocumentExport, fileResponse } from '../testing/build-document-export.ts';

const earlierId = '55555555-5555-4555-8555-555555555555';
const failedId = '66666666-6666-4666-8666-666666666666';
const newId = '77777777-7777-4777-8777-777777777777';

function passportExport(id: string, patch: Parameters<typeof buildDocumentExport>[0] = {}) {
  return buildDocumentExport({
    id,
    kind: 'financial_passport',
    period: 'six-months',
    from_date: '2026-05-23',
    to_date: '2026-11-22',
    account_id: null,
    file_name: `financial-passport_lachlan_${id.slice(0, 4)}.pdf`,
    download_path: `/api/v2/financialpassport/exports/${id}`,
    ...patch,
  });
}

let downloads: RecordedDownload[] = [];

beforeEach(() => {
  downloads = recordDownloads();
});
describe('financial passport exports', { timeout: 20_000 }, () => {
  it("offers the tenant's passport periods, lists the exports with status and downloads them", async () => {
    const created = passportExport(newId, {
      period: 'fin-year',
      from_date: '2024-07-01',
      to_date: '2025-06-30',
    });
    let listed = [
      passportExport(earlierId, { status: 'completed' }),
      passportExport(failedId, { status: 'failed', error: 'The client has no transactions in this period' }),
    ];
    const view = await renderClientPage({
      url: '/user/details/7/financial-passport',
      features: { view_transactions: true, generate_fp_custom_date: false, '3m_report': false },
      routes: {
        'GET /api/v2/financialpassport': () => json({ data: buildPassport() }),
        'GET /api/v2/financialpassport/exports': () => json({ data: listed }),
        'POST /api/v2/financialpassport/exports': () => {
          listed = [created, ...listed];
          return json({ data: created }, 202);
        },
        [`GET /api/v2/documents/${newId}`]: () => json({ data: { ...created, status: 'completed' } }),
        [`GET /api/v2/financialpassport/exports/${newId}`]: () => fileResponse('%PDF-1.7\n', 'new.pdf'),
        [`GET /api/v2/financialpassport/exports/${earlierId}`]: () =>
          fileResponse('%PDF-1.7\n', 'earlier.pdf'),
      },
    });
    vi.stubGlobal('fetch', view.api.fetch);
    const { api, user } = view;

    await user.click(await screen.findByRole('button', { name: 'Export PDF' }));
    const drawer = await screen.findByRole('dialog', { name: 'Export the financial passport' });
    const list = await within(drawer).findByTestId('passport-exports');
    const rows = within(list).getAllByTestId('document-job');
    expect(rows.map((row) => row.dataset.status)).toEqual(['ready', 'failed']);
    expect(
      within(list).getByText(
        "We couldn't create this document: The client has no transactions in this period",
      ),
    ).toBeInTheDocument();

    within(drawer).getByRole('combobox', { name: 'Period' }).focus();
    await user.keyboard('{Enter}');
    // moneypartner's passport periods without 3m_report and without custom dates.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'past 6 months',
      'past year',
      'financial year 24/25',
    ]);
    await user.click(screen.getByRole('option', { name: 'financial year 24/25' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create document' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.fileName).toBe('new.pdf');
    expect(api.requestsTo('POST /api/v2/financialpassport/exports')[0]?.body).toEqual({ period: 'fin-year' });
    expect(api.requestsTo('POST /api/v2/financialpassport/exports')[0]?.headers.get('X-User-Id')).toBe('7');

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Download:/ }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]?.fileName).toBe('earlier.pdf');
  });

  it('tells screen readers it is loading the exports', async () => {
    const { user } = await renderClientPage({
      url: '/user/details/7/financial-passport',
      features: { view_transactions: true },
      routes: {
        'GET /api/v2/financialpassport': () => json({ data: buildPassport() }),
        'GET /api/v2/financialpassport/exports': () => new Promise<Response>(() => {}),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Export PDF' }));
    const drawer = await screen.findByRole('dialog', { name: 'Export the financial passport' });
    expect(
      (await within(drawer).findByText('Loading the exports')).closest('[role="status"]'),
    ).toBeInTheDocument();
  });
});
