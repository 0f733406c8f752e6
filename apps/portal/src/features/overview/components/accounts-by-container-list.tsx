import { type Account, accountTypeLabels } from '@waratah/contracts';
import { centsToDecimal } from '../../../lib/cents.ts';
import { accountDisplayName } from '../../../lib/client-pages/account-display-name.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { accountsByContainer } from '../utils/accounts-by-container.ts';
import { PanelEmpty } from './overview-panel.tsx';

/** The client's accounts under their containers (bank, credit card, loan…), each with its total. */
export function AccountsByContainerList({ accounts }: { accounts: readonly Account[] }) {
  const { t } = useTranslation();
  const groups = accountsByContainer(accounts);
  if (groups.length === 0) return <PanelEmpty>{t('overview.containers.empty')}</PanelEmpty>;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {groups.map((group) => (
        <section
          key={group.container}
          aria-labelledby={`container-${group.container}`}
          className="flex flex-col gap-2"
        >
          <div className="flex items-baseline justify-between gap-3 border-border border-b pb-2">
            <h3 id={`container-${group.container}`} className="font-semibold">
              {t(`clientDetails.containers.${group.container}`)}
            </h3>
            {group.container === 'credit_score' ? null : (
              <span className="font-semibold tabular-nums">
                {formatMoney(centsToDecimal(group.totalCents))}
              </span>
            )}
          </div>
          <ul className="flex flex-col gap-2">
            {group.accounts.map((account) => (
              <li key={account.id} className="flex items-baseline justify-between gap-3 text-sm">
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">{accountDisplayName(account)}</span>
                  <span className="text-muted-foreground">
                    {accountTypeLabels[account.account_attributes.account_type]} · {account.provider_name}
                    {account.included ? null : ` · ${t('overview.containers.excluded')}`}
                  </span>
                </span>
                <span className="shrink-0 tabular-nums">
                  {group.container === 'credit_score'
                    ? account.current_balance.amount.replace(/\.00$/, '')
                    : formatMoney(account.current_balance.amount)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
