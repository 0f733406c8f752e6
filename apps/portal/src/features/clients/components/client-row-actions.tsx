import type { ManagedUser } from '@waratah/contracts';
import { Button, Modal, toast } from '@waratah/ui';
import { type RefObject, useRef, useState } from 'react';
import { useReadAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUnlinkClient } from '../api/unlink-client.ts';
import { useUpdateClientStatus } from '../api/update-client-status.ts';
import { clientName } from '../utils/client-name.ts';
import { clientRefusal } from '../utils/client-refusal.ts';
import { CLIENT_TOAST_MS } from '../utils/client-toast.ts';

export interface ClientRowActionsProps {
  client: ManagedUser;
  /** Feature suspend_users. */
  canSuspend: boolean;
  /** Feature unlink_user_from_ta. */
  canUnlink: boolean;
  /**
   * Where focus goes once an action is confirmed: its button is busy (then gone, when unlinked),
   * so not back there. A cancelled action gives focus back to its button.
   */
  focusWhenDone?: RefObject<HTMLElement | null>;
}

/** Suspend (or reactivate) and unlink one client, each confirmed first; the outcome is a toast. */
export function ClientRowActions({ client, canSuspend, canUnlink, focusWhenDone }: ClientRowActionsProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<'suspend' | 'unlink' | null>(null);
  // Empty (so the modal returns focus to the opener) until the action is confirmed.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const updateStatus = useUpdateClientStatus();
  const unlink = useUnlinkClient();
  const readAppConfig = useReadAppConfig();
  const name = clientName(client);
  const suspended = client.status === 'suspended';
  const toastOptions = { duration: CLIENT_TOAST_MS };

  // A refusal no retry can pass says why, not "Please try again" (before 2026-12-03 it did, and each
  // try was refused again): 404, the practice may no longer change the client (the list is
  // refreshed meanwhile); 403, the tenant's feature is off (the app config is refreshed too).
  async function statusFailure(outcome: 'suspend' | 'reactivate', error: unknown) {
    const refusal = clientRefusal(error);
    if (refusal === 'gone') return t(`clients.${outcome}.gone`, { name });
    if (refusal === 'refused' && outcome === 'suspend') return t('clients.suspend.off', { name });
    if (refusal === 'refused' && error instanceof Error) return reactivationRefusal(error);
    return t(`clients.${outcome}.failure`, { name });
  }

  // A reactivation's 403 is the feature switched off, or a suspension someone else made (only they
  // may lift it, and the platform's message says so): the app config, refreshed after the refusal,
  // tells which; unread, the platform's message stands. Before 2026-12-04 its words about the
  // feature were shown as they came.
  async function reactivationRefusal(error: Error) {
    const suspending = await readAppConfig().then(
      (appConfig) => isFeatureEnabled(appConfig, 'suspend_users'),
      () => true,
    );
    if (!suspending) return t('clients.reactivate.off', { name });
    return t('clients.reactivate.refused', { name, reason: error.message });
  }

  function unlinkFailure(error: unknown) {
    const refusal = clientRefusal(error);
    if (refusal === 'gone') return t('clients.unlink.gone', { name });
    if (refusal === 'refused') return t('clients.unlink.off', { name });
    return t('clients.unlink.failure', { name });
  }

  // mutateAsync, not mutate's callbacks: the row may be gone (refetched away) when the call ends.
  // A lifted suspension gives back the state it was made from: an invitee is invited again.
  function setStatus(status: 'active' | 'suspended') {
    const outcome = status === 'suspended' ? 'suspend' : 'reactivate';
    void updateStatus.mutateAsync({ id: client.id, status }).then(
      (updated) =>
        toast.success(
          t(
            updated.status === 'invited' && updated.consent?.status === 'pending'
              ? 'clients.reactivate.successInvited'
              : `clients.${outcome}.success`,
            {
              name,
            },
          ),
          toastOptions,
        ),
      async (error: unknown) => toast.error(await statusFailure(outcome, error), toastOptions),
    );
  }

  function unlinkClient() {
    void unlink.mutateAsync(client.id).then(
      () => toast.success(t('clients.unlink.success', { name }), toastOptions),
      (error: unknown) => toast.error(unlinkFailure(error), toastOptions),
    );
  }

  function ask(action: 'suspend' | 'unlink') {
    returnFocusTo.current = null;
    setAsking(action);
  }

  function confirm(action: () => void) {
    returnFocusTo.current = focusWhenDone?.current ?? null;
    action();
  }

  if (!canSuspend && !canUnlink) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {canSuspend ? (
        <Button
          variant="secondary"
          size="sm"
          loading={updateStatus.isPending}
          aria-label={`${t(suspended ? 'clients.reactivate.action' : 'clients.suspend.action')} ${name}`}
          onClick={() => (suspended ? setStatus('active') : ask('suspend'))}
        >
          {t(suspended ? 'clients.reactivate.action' : 'clients.suspend.action')}
        </Button>
      ) : null}
      {canUnlink ? (
        <Button
          variant="error"
          size="sm"
          loading={unlink.isPending}
          aria-label={`${t('clients.unlink.action')} ${name}`}
          onClick={() => ask('unlink')}
        >
          {t('clients.unlink.action')}
        </Button>
      ) : null}
      <Modal
        open={asking === 'suspend'}
        onOpenChange={(open) => setAsking(open ? 'suspend' : null)}
        title={t('clients.suspend.title', { name })}
        description={t('clients.suspend.body', { name })}
        confirmText={t('clients.suspend.confirm')}
        confirmVariant="error"
        onConfirm={() => confirm(() => setStatus('suspended'))}
        returnFocusTo={returnFocusTo}
      />
      <Modal
        open={asking === 'unlink'}
        onOpenChange={(open) => setAsking(open ? 'unlink' : null)}
        title={t('clients.unlink.title', { name })}
        description={t('clients.unlink.body', { name })}
        confirmText={t('clients.unlink.confirm')}
        confirmVariant="error"
        onConfirm={() => confirm(unlinkClient)}
        returnFocusTo={returnFocusTo}
      />
    </div>
  );
}
