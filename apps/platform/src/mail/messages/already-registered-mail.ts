import type { TenantConfig } from '@waratah/tenants';
import { type RenderedMail, renderMail } from '../render-mail.ts';

export interface AlreadyRegisteredMailInput {
  tenant: TenantConfig;
  givenName: string;
  /** The tenant's portal: its sign-in page, whose `/reset-password` recovers a forgotten password. */
  portalOrigin: string;
}

/**
 * Sent instead of a code when someone registers an address whose account is already verified
 * (`POST adminusers/register` answers the same either way, so only the address's owner learns it).
 */
export function alreadyRegisteredMail({
  tenant,
  givenName,
  portalOrigin,
}: AlreadyRegisteredMailInput): RenderedMail {
  return renderMail({
    tenant,
    subject: `You already have a ${tenant.name} Adviser Portal account`,
    greeting: `Hi ${givenName || 'there'},`,
    paragraphs: [
      `Someone, perhaps you, just tried to register with ${tenant.name} using this e-mail address. It already has an account, so nothing was changed.`,
      `Sign in with the link below. If you have forgotten your password, choose a new one at ${portalOrigin}/reset-password.`,
    ],
    action: { label: 'Sign in', url: `${portalOrigin}/` },
    footnote: "If it wasn't you, you can ignore this e-mail: your account is as it was.",
  });
}
