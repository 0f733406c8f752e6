import { type Account, type Container, containers } from '@waratah/contracts';
import { toCents } from '../../../lib/cents.ts';

export interface ContainerGroup {
  container: Container;
  accounts: Account[];
  totalCents: number;
}

/** The client's visible accounts by container, in the order of spec §3, each with its total. */
export function accountsByContainer(accounts: readonly Account[]): ContainerGroup[] {
  const visible = accounts.filter((account) => !account.hidden);
  return containers
    .map((container) => {
      const inContainer = visible.filter((account) => account.account_attributes.container === container);
      const totalCents =
        container === 'credit_score'
          ? 0
          : inContainer
              .filter((account) => account.included)
              .reduce((sum, account) => sum + toCents(account.current_balance.amount), 0);
      return { container, accounts: inContainer, totalCents };
    })
    .filter((group) => group.accounts.length > 0);
}
