import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface InvitationWaitingMailInput {
  tenant: TenantConfig;
  /** The name the invitation was made out to. */
  givenName: string;
  /** The practice the invitation joins, when it names one (an operator's has none). */
  partyName: string | undefined;
  /**
   * A fresh link that sets the first password: the portal's `set-password?invitation_token=…` (7
   * days), or on the single sign-on tenant the identity's reset link (1 hour).
   */
  url: string;
  /** How long the link works, e.g. "7 days" (`durationText`). */
  expiresIn: string;
}

/**
 * Sent instead of a code when someone registers an address that holds an invitation nobody has
 * accepted yet (`completeRegistration`): the registration answers as for any address, so only the
 * address's owner learns of it, and the account is left as the invitation made it. Whoever owns
 * the address is most likely the invitee whose link lapsed, who before 2026-12-03 heard nothing.
 */
export function invitationWaitingMail(input: InvitationWaitingMailInput): RenderedMail {
  const { tenant, partyName } = input;
  const joining = partyName ? ` to join ${partyName}` : '';
  return renderMail({
    tenant,
    subject: `Your invitation to the ${tenant.name} Adviser Portal is waiting`,
    greeting: `Hi ${input.givenName || 'there'},`,
    paragraphs: [
      `Someone, perhaps you, just tried to register with ${tenant.name} using this e-mail address. You have already been invited to the ${tenant.name} Adviser Portal${joining}, so no new account was made.`,
      'Set your password with the link below to accept the invitation. An account belongs to one practice: to register a practice of your own instead, use another e-mail address.',
    ],
    action: { label: 'Set password', url: input.url },
    footnote: `The link works once and expires in ${input.expiresIn}. If it wasn't you, you can ignore this e-mail: nothing was changed.`,
  });
}
