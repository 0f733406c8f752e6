import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface WelcomeMailInput {
  tenant: TenantConfig;
  givenName: string;
  /** The tenant's portal, where the adviser continues with their practice's details. */
  url: string;
}

/** Sent when an adviser creates an account on the identity service's registration page (SSO tenants). */
export function welcomeMail({ tenant, givenName, url }: WelcomeMailInput): RenderedMail {
  return renderMail({
    tenant,
    subject: `Welcome to the ${tenant.name} Adviser Portal`,
    greeting: `Hi ${givenName},`,
    paragraphs: [
      `Your ${tenant.name} Adviser Portal account is ready.`,
      'Sign in to tell us about your business and your professional credentials; we review each application before you can see client data.',
    ],
    action: { label: 'Continue registration', url },
    footnote: "If you didn't create this account, reply to this e-mail and we will close it.",
  });
}
