import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface ResetPasswordMailInput {
  tenant: TenantConfig;
  givenName: string;
  /** `{portal}/set-password?reset_password_token=…`; on the SSO tenant `{identity}/app/reset-password/?…&token=…` */
  url: string;
}

export function resetPasswordMail({ tenant, givenName, url }: ResetPasswordMailInput): RenderedMail {
  return renderMail({
    tenant,
    subject: `Reset your ${tenant.name} password`,
    greeting: `Hi ${givenName || 'there'},`,
    paragraphs: [
      `Someone asked to reset the password of your ${tenant.name} Adviser Portal account.`,
      'If it was you, choose a new password with the link below. If not, you can ignore this e-mail.',
    ],
    action: { label: 'Reset password', url },
    footnote: 'The link works once and expires in 1 hour.',
  });
}
