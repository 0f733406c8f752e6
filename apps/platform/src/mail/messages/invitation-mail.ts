import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface InvitationMailInput {
  tenant: TenantConfig;
  givenName: string;
  inviterName: string;
  /** The practice they join, when the inviter has one. */
  partyName: string | undefined;
  /** `{portal}/set-password?invitation_token=…` */
  url: string;
  /** How long the link works (AUTH_INVITATION_LINK_TTL_SECONDS, 7 days by default). */
  expiresIn: string;
}

export function invitationMail(input: InvitationMailInput): RenderedMail {
  const { tenant } = input;
  const joining = input.partyName ? ` to join ${input.partyName}` : '';
  return renderMail({
    tenant,
    subject: `You're invited to the ${tenant.name} Adviser Portal`,
    greeting: `Hi ${input.givenName},`,
    paragraphs: [
      `${input.inviterName} has invited you to the ${tenant.name} Adviser Portal${joining}.`,
      'Set your password with the link below to accept.',
    ],
    action: { label: 'Set password', url: input.url },
    footnote: `The link works once and expires in ${input.expiresIn}.`,
  });
}
