import type { TenantConfig } from '@waratah/tenants';
import { html } from '../pages/html.ts';
import { renderPage } from '../pages/page-layout.ts';
import { withClient } from '../password-reset/password-reset-pages.ts';

/** Where the e-mailed link goes; it carries the portal's `client_id`, as every hosted-backend path does. */
export const verifyEmailPath = '/app/verify-email/';

export interface CheckYourEmailPageOptions {
  tenant: TenantConfig;
  email: string;
  /** Where "Sign in" goes once the address is confirmed: this sign-in's own form. */
  signInUrl: string;
  /** Why no new link went out (the e-mail limits). */
  error?: string;
}

/**
 * After registering, and at a sign-in before the address is confirmed: a link is on its way, and
 * the adviser signs in once they have opened it.
 */
export function renderCheckYourEmailPage({
  tenant,
  email,
  signInUrl,
  error,
}: CheckYourEmailPageOptions): string {
  return renderPage({
    tenant,
    title: 'Confirm your e-mail address',
    body: html`<h1>Confirm your e-mail address</h1>
${
  error
    ? html`<div class="alert" role="alert">${error}</div>`
    : html`<div class="notice" role="status">We have e-mailed a link to ${email}. Open it to confirm your address, then sign in to continue. The link works once and expires in 24 hours.</div>`
}
<p>Your ${tenant.name} Adviser Portal account is used only once its e-mail address is confirmed. No e-mail? Check your spam folder, or sign in again to have a new link sent.</p>
<p class="switch"><a href="${signInUrl}">Sign in</a></p>`,
  });
}

export interface VerifyEmailPageOptions {
  tenant: TenantConfig;
  clientId: string;
  token: string;
  email: string;
  /** A wrong password, or too many of them. */
  error?: string;
}

/**
 * `/app/verify-email/?token=…`: the password chosen at registration confirms the address, so that
 * only whoever registered and also holds the mailbox can (someone who registered another person's
 * address cannot have that person confirm it for them). Opening the link changes nothing, so a mail
 * scanner that follows it does not use it up.
 */
export function renderVerifyEmailPage({
  tenant,
  clientId,
  token,
  email,
  error,
}: VerifyEmailPageOptions): string {
  return renderPage({
    tenant,
    title: 'Confirm your e-mail address',
    body: html`<h1>Confirm your e-mail address</h1>
<p>Enter the password you chose when you created your ${tenant.name} Adviser Portal account, to confirm that ${email} is your address.</p>
${error ? html`<div class="alert" role="alert" id="form-error">${error}</div>` : ''}
<form method="post" action="${withClient(verifyEmailPath, clientId)}" novalidate${error ? html` aria-describedby="form-error"` : ''}>
<input type="hidden" name="token" value="${token}">
<div><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus${error ? html` aria-invalid="true"` : ''}></div>
<button type="submit">Confirm e-mail address</button>
</form>
<p class="switch">Didn't create this account? Ignore the e-mail: the account is never used.</p>`,
  });
}

/** The address is confirmed: the adviser signs in and continues their registration. */
export function renderEmailVerifiedPage(tenant: TenantConfig, continueUrl: string): string {
  return renderPage({
    tenant,
    title: 'E-mail address confirmed',
    body: html`<h1>E-mail address confirmed</h1>
<div class="notice" role="status">Thank you: your e-mail address is confirmed.</div>
<p class="switch"><a href="${continueUrl}">Sign in to continue your registration</a></p>`,
  });
}
