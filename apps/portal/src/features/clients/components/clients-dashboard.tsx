import type { ManagedUser } from '@waratah/contracts';
import { Button } from '@waratah/ui';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ClientList } from './client-list.tsx';
import { ClientRowActions } from './client-row-actions.tsx';
import { InviteClientDrawer } from './invite-client-drawer.tsx';
import { PracticeConsentsPanel } from './practice-consents-panel.tsx';

/** The feature keys of spec §3 that switch the dashboard's client actions on. */
export interface ClientFeatures {
  invite: boolean;
  suspend: boolean;
  unlink: boolean;
}

/** The dashboard's client area (issue 7): the client list with its actions, and the consents panel. */
export function ClientsDashboard({ features }: { features: ClientFeatures }) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const withActions = features.suspend || features.unlink;
  const renderActions = withActions
    ? (client: ManagedUser) => (
        <ClientRowActions
          client={client}
          canSuspend={features.suspend}
          canUnlink={features.unlink}
          focusWhenDone={listHeading}
        />
      )
    : undefined;

  return (
    <div className="flex flex-col gap-8">
      <ClientList
        headingRef={listHeading}
        renderActions={renderActions}
        canInvite={features.invite}
        action={
          features.invite ? (
            <Button onClick={() => setInviting(true)}>{t('clients.invite.open')}</Button>
          ) : null
        }
      />
      {features.invite ? <InviteClientDrawer open={inviting} onOpenChange={setInviting} /> : null}
      <PracticeConsentsPanel />
    </div>
  );
}
