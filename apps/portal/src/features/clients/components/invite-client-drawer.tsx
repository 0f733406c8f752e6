import { useIsMutating } from '@tanstack/react-query';
import { inviteUserBodySchema } from '@waratah/contracts';
import { Button, Drawer, TextInput, toast } from '@waratah/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { checkForm } from '../../../lib/field-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';
import { type InviteClient, inviteClientMutationKey, useInviteClient } from '../api/invite-client.ts';
import { CLIENT_TOAST_MS } from '../utils/client-toast.ts';

const fields = ['email', 'given_name', 'family_name'] as const;
const formId = 'invite-client-form';
const empty: InviteClient = { email: '', given_name: '', family_name: '' };

export interface InviteClientDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Invites a client by e-mail (feature invite_clients): the platform e-mails them; they show as pending. */
export function InviteClientDrawer({ open, onOpenChange }: InviteClientDrawerProps) {
  const { t } = useTranslation();
  // The invitations sent from the form as it shows now: a refusal of one of them is shown in the
  // drawer, beside its fields. Closing the drawer (or leaving the page) forgets them.
  const shown = useRef(new Set<InviteClient>());
  useEffect(() => {
    const sent = shown.current;
    return () => sent.clear();
  }, []);
  // The outcome is told whatever became of the drawer: closed while sending (before 2026-12-02
  // that dropped it), the invitation still went out, or failed, and the adviser hears which. A
  // failure the open drawer shows is not said again (before 2026-12-03 a toast said "Please try
  // again" beside a refusal that no try would change).
  const invite = useInviteClient({
    onSuccess: (client) =>
      toast.success(t('clients.invite.success', { email: client.email }), { duration: CLIENT_TOAST_MS }),
    onError: (_error, invitation) => {
      if (shown.current.delete(invitation)) return;
      toast.error(t('clients.invite.failure'), { duration: CLIENT_TOAST_MS });
    },
  });
  // Closing the drawer resets the form's mutation, not the invitation on its way: the form stays
  // busy until that is answered, reopened or not (before 2026-12-03 a reopened drawer sent it again,
  // and the second got 409 while the first one's "Invitation sent" came).
  const sending = useIsMutating({ mutationKey: inviteClientMutationKey }) > 0 || invite.isPending;
  const [values, setValues] = useState(empty);
  const [submitted, setSubmitted] = useState(false);
  const { data, errors } = checkForm(inviteUserBodySchema, values);

  function close(next: boolean) {
    if (!next) {
      shown.current.clear();
      setValues(empty);
      setSubmitted(false);
      invite.reset();
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    if (!data) {
      const first = fields.find((field) => errors[field]);
      if (first) document.getElementById(`invite-${first}`)?.focus();
      return;
    }
    const invitation = { email: data.email, given_name: data.given_name, family_name: data.family_name };
    shown.current.add(invitation);
    invite.mutate(invitation, { onSuccess: () => close(false) });
  }

  const field = (name: (typeof fields)[number]) => ({
    id: `invite-${name}`,
    name,
    required: true,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    // The check's own message, word for word as spec §5 gives it: an empty name is asked for, a
    // name that is no name is refused (before 2026-12-02 both read "Please enter a valid …").
    error: errors[name],
    touched: submitted,
  });

  return (
    <Drawer
      open={open}
      onOpenChange={close}
      header={t('clients.invite.title')}
      footer={
        <div className="flex justify-end gap-3">
          <Button variant="transparent" onClick={() => close(false)}>
            {t('clients.invite.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={sending}>
            {t('clients.invite.submit')}
          </Button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <p className="text-muted-foreground text-sm">{t('clients.invite.description')}</p>
        <ServerErrorAlert error={invite.error} />
        <TextInput label={t('clients.invite.email')} type="email" autoComplete="off" {...field('email')} />
        <TextInput label={t('clients.invite.givenName')} autoComplete="off" {...field('given_name')} />
        <TextInput label={t('clients.invite.familyName')} autoComplete="off" {...field('family_name')} />
      </form>
    </Drawer>
  );
}
