import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface AlreadyRegisteredMailInput {
  tenant: TenantConfig;
  givenName: string;
  /** Where a sign-in starts: the tenant's portal. */
  signInUrl: string;
  /** Where a forgotten password is recovered: the portal's `/reset-password`, or on the single sign-on tenant the identity's `/app/forgot-password/`. */
  resetUrl: string;
}

/**
 * Sent instead of a code (or a link) when someone registers an address whose account is already
 * verified (`POST adminusers/register`, and the identity's registration form, answer the same
 * either way, so only the address's owner learns it).
 */
export function alreadyRegisteredMail({
  tenant,
  givenName,
  signInUrl,
  resetUrl,
}: AlreadyRegisteredMailInput): RenderedMail {
  return renderMail({
    tenant,
    subject: `You already have a ${tenant.name} Adviser Portal account`,
    greeting: `Hi ${givenName || 'there'},`,
    paragraphs: [
      `Someone, perhaps you, just tried to register with ${tenant.name} using this e-mail address. It already has an account, so nothing was changed.`,
      `Sign in with the link below. If you have forgotten your password, choose a new one at ${resetUrl}.`,
    ],
    action: { label: 'Sign in', url: signInUrl },
    footnote: "If it wasn't you, you can ignore this e-mail: your account is as it was.",
  });
}
