import { type Account, accountTypeLabels } from '@waratah/contracts';
import { Card, CardContent, CardHeader, CardTitle, cn, Tag } from '@waratah/ui';
import { accountDisplayName } from '../../../lib/client-pages/account-display-name.ts';
import { needsClientAction } from '../../../lib/client-pages/refresh-explanation.ts';
import { RefreshStatusBadge, RefreshStatusText } from '../../../lib/client-pages/refresh-status-details.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ProviderGroup } from '../utils/group-by-provider.ts';

/** One connection: the institution, its refresh status, and a table of the accounts it brings in. */
export function ProviderAccountsCard({ group }: { group: ProviderGroup }) {
  const { t } = useTranslation();
  const { providerAccount, accounts } = group;
  // Only a connection the client must act on says so; a failed refresh explains itself below.
  const attention = needsClientAction(providerAccount.refresh_status);
  const headingId = `provider-account-${providerAccount.id}`;
  return (
    <Card
      className={cn('gap-4 py-6', attention && 'border-warning/60')}
      aria-labelledby={headingId}
      role="region"
      data-needs-action={attention || undefined}
    >
      <CardHeader className="gap-3 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle level={3} id={headingId} className="text-lg">
            {providerAccount.provider_name}
          </CardTitle>
          <RefreshStatusBadge refresh={providerAccount.refresh_status} />
        </div>
        {attention ? (
          <p className="rounded-lg border border-warning/25 bg-warning-muted px-3 py-2 text-sm text-warning">
            {t('accounts.needsAction')}
          </p>
        ) : null}
        <RefreshStatusText refresh={providerAccount.refresh_status} />
      </CardHeader>
      <CardContent className="sm:px-6">
        {accounts.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('accounts.noAccountsAtProvider')}</p>
        ) : (
          <AccountsTable
            accounts={accounts}
            caption={t('accounts.tableCaption', { provider: providerAccount.provider_name })}
          />
        )}
      </CardContent>
    </Card>
  );
}

function AccountsTable({ accounts, caption }: { accounts: readonly Account[]; caption: string }) {
  const { t } = useTranslation();
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground text-xs uppercase tracking-wide';
  const cell = 'px-3 py-3 align-top';
  return (
    // A narrow window scrolls the table sideways: the box (a region) takes focus, so the arrow keys
    // scroll it, and is named after the table (before 2026-12-03 a keyboard could not reach its far
    // columns).
    <section
      className="-mx-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="w-full min-w-[44rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-border border-b">
            <th scope="col" className={head}>
              {t('accounts.columns.account')}
            </th>
            <th scope="col" className={head}>
              {t('accounts.columns.type')}
            </th>
            <th scope="col" className={head}>
              {t('accounts.columns.holder')}
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              {t('accounts.columns.currentBalance')}
            </th>
            <th scope="col" className={cn(head, 'text-right')}>
              {t('accounts.columns.availableBalance')}
            </th>
            <th scope="col" className={head}>
              {t('accounts.columns.refresh')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {accounts.map((account) => (
            <tr key={account.id} data-account-type={account.account_attributes.account_type}>
              <th scope="row" className={cn(cell, 'text-left font-normal')}>
                <span className="block font-medium">{accountDisplayName(account)}</span>
                <span className="block text-muted-foreground text-xs">
                  {[account.bsb ? t('accounts.bsb', { bsb: account.bsb }) : null, account.account_number]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <span className="mt-1 flex flex-wrap gap-1">
                  {account.account_status === 'active' ? null : (
                    <Tag size="xs" variant="neutral">
                      {t(`accounts.accountStatus.${account.account_status}`)}
                    </Tag>
                  )}
                  {account.included ? null : <Tag size="xs">{t('accounts.notIncluded')}</Tag>}
                  {account.hidden ? <Tag size="xs">{t('accounts.hidden')}</Tag> : null}
                </span>
              </th>
              <td className={cell}>{accountTypeLabels[account.account_attributes.account_type]}</td>
              <td className={cell}>{t(`clientDetails.holderTypes.${account.owner_type}`)}</td>
              <td className={cn(cell, 'text-right tabular-nums')}>
                {formatMoney(account.current_balance.amount)}
              </td>
              <td className={cn(cell, 'text-right tabular-nums')}>
                {account.available_balance ? (
                  formatMoney(account.available_balance.amount)
                ) : (
                  <>
                    <span aria-hidden="true">{t('accounts.noAvailableBalance')}</span>
                    <span className="sr-only">{t('accounts.noAvailableBalanceLabel')}</span>
                  </>
                )}
              </td>
              <td className={cell}>
                <RefreshStatusBadge refresh={account.refresh_status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
