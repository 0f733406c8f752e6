import type { Account } from '@waratah/contracts';
import { cn } from '@waratah/ui';
import { centsToDecimal } from '../../../lib/cents.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { countedAccounts, netPosition } from '../utils/net-position.ts';
import { PanelEmpty } from './overview-panel.tsx';

/** The figures' grid, which their loading placeholder shares. */
export const netPositionGrid = 'grid gap-4 sm:grid-cols-3';
/** A figure's box: its padding, a `text-sm` label, a gap and a `text-2xl` amount (80 px). */
export const netPositionFigureBox = 'h-20 rounded-xl';

/** Assets, liabilities and what is left, from the client's included accounts. */
export function NetPositionFigures({ accounts }: { accounts: readonly Account[] }) {
  const { t } = useTranslation();
  if (accounts.length === 0) return <PanelEmpty>{t('overview.netPosition.empty')}</PanelEmpty>;
  // Accounts all out of the totals (or only credit scores) are not "nothing connected": the
  // adviser is told why there is no position (before 2026-12-03 it said no account was connected).
  if (countedAccounts(accounts).length === 0)
    return <PanelEmpty>{t('overview.netPosition.noneCounted')}</PanelEmpty>;
  const position = netPosition(accounts);
  return (
    <dl className={netPositionGrid}>
      <Figure label={t('overview.netPosition.assets')} cents={position.assetsCents} />
      <Figure label={t('overview.netPosition.liabilities')} cents={position.liabilitiesCents} />
      <Figure label={t('overview.netPosition.net')} cents={position.netCents} emphasis />
    </dl>
  );
}

function Figure({ label, cents, emphasis = false }: { label: string; cents: number; emphasis?: boolean }) {
  return (
    <div
      className={cn('flex flex-col gap-1 rounded-xl px-4 py-3', emphasis ? 'bg-primary/10' : 'bg-muted/60')}
    >
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className={cn('font-semibold text-2xl', emphasis && cents < 0 && 'text-error')}>
        {formatMoney(centsToDecimal(cents))}
      </dd>
    </div>
  );
}
