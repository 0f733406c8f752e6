import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface ResetPasswordMailInput {
  tenant: TenantConfig;
  givenName: string;
  /** `{portal}/set-password?reset_password_token=…`; on the SSO tenant `{identity}/app/reset-password/?…&token=…` */
  url: string;
  /** How long the link works: the platform's AUTH_RESET_LINK_TTL_SECONDS; the identity's, 1 hour. */
  expiresIn?: string;
}

export function resetPasswordMail({
  tenant,
  givenName,
  url,
  expiresIn = '1 hour',
}: ResetPasswordMailInput): RenderedMail {
  return renderMail({
    tenant,
    subject: `Reset your ${tenant.name} password`,
    greeting: `Hi ${givenName || 'there'},`,
    paragraphs: [
      `Someone asked to reset the password of your ${tenant.name} Adviser Portal account.`,
      'If it was you, choose a new password with the link below. If not, you can ignore this e-mail.',
    ],
    action: { label: 'Reset password', url },
    footnote: `The link works once and expires in ${expiresIn}.`,
  });
}
