import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface VerifyEmailMailInput {
  tenant: TenantConfig;
  givenName: string;
  /** `{identity}/app/verify-email/?client_id=…&token=…` */
  url: string;
}

/** Sent when an adviser creates an account on the identity service's registration page (SSO tenants). */
export function verifyEmailMail({ tenant, givenName, url }: VerifyEmailMailInput): RenderedMail {
  return renderMail({
    tenant,
    subject: `Confirm your e-mail address for the ${tenant.name} Adviser Portal`,
    greeting: `Hi ${givenName || 'there'},`,
    paragraphs: [
      `Thank you for creating a ${tenant.name} Adviser Portal account.`,
      'Confirm that this is your e-mail address with the link below; then sign in to continue your registration.',
    ],
    action: { label: 'Confirm e-mail address', url },
    footnote:
      "The link works once and expires in 24 hours. If you didn't create this account, you can ignore this e-mail.",
  });
}
