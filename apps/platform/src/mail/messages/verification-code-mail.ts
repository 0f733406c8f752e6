import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface VerificationCodeMailInput {
  tenant: TenantConfig;
  givenName: string;
  code: string;
  /** How long the code works (AUTH_VERIFICATION_CODE_TTL_SECONDS, 15 minutes by default). */
  expiresIn: string;
}

export function verificationCodeMail({
  tenant,
  givenName,
  code,
  expiresIn,
}: VerificationCodeMailInput): RenderedMail {
  return renderMail({
    tenant,
    subject: `Your ${tenant.name} verification code: ${code}`,
    greeting: `Hi ${givenName},`,
    paragraphs: [
      `Enter this code to verify your e-mail address and continue registering with ${tenant.name}.`,
    ],
    code,
    footnote: `The code expires in ${expiresIn}. If you didn't register, you can ignore this e-mail.`,
  });
}
