import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface InvitationDeclinedMailInput {
  tenant: TenantConfig;
  /** The name the address's own account holds. */
  givenName: string;
  inviterName: string;
  /** The inviter's practice, when they have one. */
  partyName: string | undefined;
  /** The tenant's portal: its sign-in page, whose `/reset-password` recovers a forgotten password. */
  portalOrigin: string;
}

/**
 * Sent instead of an invitation when its address already has an account of the tenant (active, in
 * another practice, or registering itself): `POST adminusers/invite` answers the same either way,
 * so only the address's owner learns it, and the account is left as it was.
 */
export function invitationDeclinedMail(input: InvitationDeclinedMailInput): RenderedMail {
  const { tenant, inviterName, partyName, portalOrigin } = input;
  const of = partyName ? ` of ${partyName}` : '';
  return renderMail({
    tenant,
    subject: `${inviterName} invited you to the ${tenant.name} Adviser Portal`,
    greeting: `Hi ${input.givenName || 'there'},`,
    paragraphs: [
      `${inviterName}${of} invited you to join them on the ${tenant.name} Adviser Portal. This e-mail address is already registered there, so nothing was changed.`,
      `Sign in with the link below. If you have no password yet or have forgotten it, choose one at ${portalOrigin}/reset-password. An account belongs to one practice: if yours is not the one you were invited to, ask ${inviterName} to invite another address.`,
    ],
    action: { label: 'Sign in', url: `${portalOrigin}/` },
    footnote: 'If you were not expecting this, you can ignore it: your account is as it was.',
  });
}
