import type { ManagedUser } from '@waratah/contracts';
import { Button, Modal, toast } from '@waratah/ui';
import { type RefObject, useRef, useState } from 'react';
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
  const name = clientName(client);
  const suspended = client.status === 'suspended';
  const toastOptions = { duration: CLIENT_TOAST_MS };

  // A refusal no retry can pass says why, not "Please try again" (before 2026-12-03 it did, and each
  // try was refused again): 404, the practice may no longer change the client (the list is
  // refreshed meanwhile); 403 F0204, the tenant's feature is off (the app config is refreshed too);
  // any other 403 in the platform's words (only whoever suspended may lift a suspension: its
  // message says who did). Told at once: nothing is read first (review 176: reading the app config
  // to tell these apart held the toast back, for good while the config did not answer).
  function statusFailure(outcome: 'suspend' | 'reactivate', error: unknown) {
    const refusal = clientRefusal(error);
    if (refusal === 'gone' || refusal === 'off') return t(`clients.${outcome}.${refusal}`, { name });
    if (refusal === 'refused' && error instanceof Error)
      return t(`clients.${outcome}.refused`, { name, reason: error.message });
    return t(`clients.${outcome}.failure`, { name });
  }

  function unlinkFailure(error: unknown) {
    const refusal = clientRefusal(error);
    if (refusal === 'gone' || refusal === 'off') return t(`clients.unlink.${refusal}`, { name });
    if (refusal === 'refused' && error instanceof Error)
      return t('clients.unlink.refused', { name, reason: error.message });
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
      (error: unknown) => toast.error(statusFailure(outcome, error), toastOptions),
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
