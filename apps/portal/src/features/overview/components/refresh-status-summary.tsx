import type { ProviderAccount } from '@waratah/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  RefreshStatusBadge,
  RefreshStatusText,
} from '../../client-details/components/refresh-status-details.tsx';
import { needsAttention } from '../../client-details/utils/refresh-explanation.ts';
import { PanelEmpty } from './overview-panel.tsx';

/** Each connection's refresh status, the ones needing attention first, explained in plain words. */
export function RefreshStatusSummary({ providerAccounts }: { providerAccounts: readonly ProviderAccount[] }) {
  const { t } = useTranslation();
  if (providerAccounts.length === 0) return <PanelEmpty>{t('overview.refresh.empty')}</PanelEmpty>;
  const attention = providerAccounts.filter((account) => needsAttention(account.refresh_status));
  const ordered = [...attention, ...providerAccounts.filter((account) => !attention.includes(account))];
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-sm">
        {attention.length === 0
          ? t('overview.refresh.allFresh')
          : t('overview.refresh.attention', { count: attention.length })}
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
