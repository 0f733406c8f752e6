import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../mail/render-mail.ts';

/** The e-mail a client gets when an adviser asks them to share their financial data. */
export function clientInvitationMail(input: {
  tenant: TenantConfig;
  givenName: string;
  adviserName: string;
  partyName: string;
}): RenderedMail {
  return renderMail({
    tenant: input.tenant,
    subject: `${input.partyName} has asked you to share your financial data`,
    greeting: `Hi ${input.givenName},`,
    paragraphs: [
      `${input.adviserName} of ${input.partyName} has invited you to share your financial data with them through ${input.tenant.name}.`,
      'Open the app and confirm the request to start sharing. You choose how long, for up to 12 months, and you can stop at any time.',
    ],
    footnote: 'If you did not expect this e-mail, you can ignore it: nothing is shared until you confirm.',
  });
}
