import type { ProviderAccount } from '@waratah/contracts';
import {
  attentionRank,
  needsClientAction,
  refreshExplanation,
} from '../../../lib/client-pages/refresh-explanation.ts';
import { RefreshStatusBadge, RefreshStatusText } from '../../../lib/client-pages/refresh-status-details.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { PanelEmpty } from './overview-panel.tsx';

/**
 * Each connection's refresh status, explained in plain words: those the client must act on first,
 * then the failed ones (by the accounts page's rule), then the rest.
 */
export function RefreshStatusSummary({ providerAccounts }: { providerAccounts: readonly ProviderAccount[] }) {
  const { t } = useTranslation();
  if (providerAccounts.length === 0) return <PanelEmpty>{t('overview.refresh.empty')}</PanelEmpty>;
  const rank = (account: ProviderAccount) => attentionRank(account.refresh_status);
  const ordered = [...providerAccounts].sort((a, b) => rank(a) - rank(b));
  const attention = providerAccounts.filter((account) => needsClientAction(account.refresh_status)).length;
  const failed = providerAccounts.filter((account) => account.refresh_status.status === 'failed').length;
  // "Up to date" only when every connection refreshed cleanly: one still connecting or refreshing
  // (never read yet, perhaps) or read only in part is said so (before 2026-12-03 both read as up
  // to date).
  const reading = providerAccounts.filter(({ refresh_status }) =>
    ['adding', 'updating'].includes(refresh_status.status),
  ).length;
  const partial = providerAccounts.filter(
    ({ refresh_status }) => refresh_status.status === 'success' && refreshExplanation(refresh_status),
  ).length;
  const notFresh = [
    reading > 0 ? t('overview.refresh.reading', { count: reading }) : null,
    partial > 0 ? t('overview.refresh.partial', { count: partial }) : null,
  ].filter((sentence) => sentence !== null);
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-sm">
        {attention > 0
          ? t('overview.refresh.attention', { count: attention })
          : failed > 0
            ? t('overview.refresh.failed', { count: failed })
            : notFresh.length > 0
              ? notFresh.join(' ')
              : t('overview.refresh.allFresh')}
      </p>
      <ul className="flex flex-col divide-y divide-border">
        {ordered.map((account) => (
          <li key={account.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium text-sm">{account.provider_name}</span>
              <RefreshStatusBadge refresh={account.refresh_status} />
            </div>
            <RefreshStatusText refresh={account.refresh_status} />
          </li>
        ))}
      </ul>
    </div>
  );
}
