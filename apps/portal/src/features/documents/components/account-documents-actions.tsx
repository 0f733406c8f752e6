import { AccountSummaryDownload } from './account-summary-download.tsx';
import { StatementDownload } from './statement-download.tsx';

/** The accounts page's document downloads: statements and the account-balance summary. */
export function AccountDocumentsActions({ clientId }: { clientId: number }) {
  return (
    <>
      <StatementDownload clientId={clientId} />
      <AccountSummaryDownload clientId={clientId} />
    </>
  );
}
