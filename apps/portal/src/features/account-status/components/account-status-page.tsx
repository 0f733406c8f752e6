import { Card } from '@waratah/ui';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

export interface AccountStatusPageProps {
  status: 'unverified' | 'disabled';
  /** What the adviser can do from here, e.g. sign out. */
  action: ReactNode;
}

/** Spec §2 UnverifiedPage ('Application in review') and DisabledPage ('Could not verify application'). */
export function AccountStatusPage({ status, action }: AccountStatusPageProps) {
  const { t } = useTranslation();
  return (
    <Card className="w-full max-w-[30rem] items-center gap-0 px-6 py-12 text-center sm:px-10">
      <StatusIcon status={status} />
      <h1 className="mt-6 font-semibold text-3xl tracking-tight">{t(`accountStatus.${status}.title`)}</h1>
      <p className="mt-4 text-body">{t(`accountStatus.${status}.message`)}</p>
      <div className="mt-8">{action}</div>
    </Card>
  );
}

function StatusIcon({ status }: { status: AccountStatusPageProps['status'] }) {
  return (
    <div
      aria-hidden="true"
      className={
        status === 'unverified'
          ? 'grid size-16 place-items-center rounded-full bg-tertiary text-primary'
          : 'grid size-16 place-items-center rounded-full bg-error-muted text-error'
      }
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        className="size-8"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      >
        {status === 'unverified' ? (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M9 9l6 6M15 9l-6 6" />
          </>
        )}
      </svg>
    </div>
  );
}
