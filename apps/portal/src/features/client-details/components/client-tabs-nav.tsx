import { cn } from '@waratah/ui';
import { NavLink } from 'react-router';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { clientTabs } from '../utils/client-tabs.ts';

/** The client's pages as tabs; a page whose feature is off is not offered (spec §4). */
export function ClientTabsNav({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const { data: appConfig } = useAppConfig();
  return (
    <nav aria-label={t('clientDetails.navigation')} className="-mx-1 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-border border-b px-1">
        {clientTabs(clientId, appConfig).map((tab) => (
          <li key={tab.key}>
            <NavLink
              to={tab.href}
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-flex h-11 items-center border-b-2 px-4 font-medium text-sm outline-none transition-colors focus-visible:rounded-t-md focus-visible:ring-2 focus-visible:ring-ring',
                  isActive
                    ? 'border-primary text-primary'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-body',
                )
              }
            >
              {t(`clientDetails.tabs.${tab.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
