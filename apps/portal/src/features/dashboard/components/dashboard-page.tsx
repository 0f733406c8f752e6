import type { ReactNode } from 'react';
import { useAppState } from '../../../lib/app-state.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The signed-in home (spec §2 'Dashboard'): its heading and greeting, with the client list below. */
export function DashboardPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useAppState((state) => state.userDetails);
  const name = user ? `${user.given_name} ${user.family_name}`.trim() : '';

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="font-semibold text-3xl tracking-tight">{t('dashboard.title')}</h1>
        {name ? <p className="text-muted-foreground">{t('dashboard.welcome', { name })}</p> : null}
      </div>
      {children}
    </div>
  );
}
