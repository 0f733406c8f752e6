import type { TenantConfig } from '@waratah/tenants';
import { passwordRules } from '../accounts/password-rules.ts';
import { html } from '../pages/html.ts';
import { renderPage } from '../pages/page-layout.ts';

/** Where the pages live; each carries the portal's `client_id`, as every hosted-backend path does. */
export const forgotPasswordPath = '/app/forgot-password/';
export const resetPasswordPath = '/app/reset-password/';

export const withClient = (path: string, clientId: string, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ client_id: clientId, ...extra })}`;

export interface ForgotPasswordPageOptions {
  tenant: TenantConfig;
  clientId: string;
  /** Where "Back to sign in" goes: the portal, which starts a sign-in. */
  portalUrl: string;
  email?: string;
  error?: string;
  /** The request was taken: the page says a link is on its way if the account exists. */
  sent?: boolean;
}

/** `/app/forgot-password/`: the e-mail address to send a reset link to. */
export function renderForgotPasswordPage({
  tenant,
  clientId,
  portalUrl,
  email = '',
  error,
  sent = false,
}: ForgotPasswordPageOptions): string {
  return renderPage({
    tenant,
    title: 'Reset your password',
    body: html`<h1>Reset your password</h1>
${
  sent
    ? html`<div class="notice" role="status">If an account uses ${email}, we have e-mailed it a link to choose a new password. The link works once and expires in 1 hour.</div>`
    : html`<p>Enter the e-mail address of your ${tenant.name} Adviser Portal account and we will e-mail you a link to choose a new password.</p>`
}
${error ? html`<div class="alert" role="alert" id="form-error">${error}</div>` : ''}
<form method="post" action="${withClient(forgotPasswordPath, clientId)}" novalidate${error ? html` aria-describedby="form-error"` : ''}>
<div><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${email}"${error ? html` aria-invalid="true"` : ''} autofocus></div>
<button type="submit">${sent ? 'Send another link' : 'Send reset link'}</button>
</form>
<p class="switch"><a href="${portalUrl}">Back to sign in</a></p>`,
  });
}

export interface ResetPasswordPageOptions {
  tenant: TenantConfig;
  clientId: string;
  token: string;
  errors?: Record<string, string>;
}

/** `/app/reset-password/?token=…`: the new password, from the e-mailed link. */
export function renderResetPasswordPage({
  tenant,
  clientId,
  token,
  errors = {},
}: ResetPasswordPageOptions): string {
  const error = (name: string) =>
    errors[name] ? html`<p class="field-error" id="${name}-error">${errors[name]}</p>` : '';
  return renderPage({
    tenant,
    title: 'Choose a new password',
    body: html`<h1>Choose a new password</h1>
<p>Your new password signs you out of the ${tenant.name} Adviser Portal everywhere else.</p>
<form method="post" action="${withClient(resetPasswordPath, clientId)}" novalidate>
<input type="hidden" name="token" value="${token}">
<div><label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="password-hint${errors.password ? ' password-error' : ''}"${errors.password ? html` aria-invalid="true"` : ''}>
<ul class="hint" id="password-hint">${passwordRules.map((rule) => html`<li>${rule.message}</li>`)}</ul>${error('password')}</div>
<div><label for="password_confirmation">Confirm new password</label>
<input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required${errors.password_confirmation ? html` aria-invalid="true" aria-describedby="password_confirmation-error"` : ''}>${error('password_confirmation')}</div>
<button type="submit">Reset password</button>
</form>`,
  });
}

/** The new password is set: every other sign-in has ended, and the adviser signs in with it. */
export function renderPasswordResetDone(tenant: TenantConfig, portalUrl: string): string {
  return renderPage({
    tenant,
    title: 'Password reset',
    body: html`<h1>Password reset</h1>
<div class="notice" role="status">Your password has been reset. Sign in with your new password.</div>
<p class="switch"><a href="${portalUrl}">Sign in to the ${tenant.name} Adviser Portal</a></p>`,
  });
}
