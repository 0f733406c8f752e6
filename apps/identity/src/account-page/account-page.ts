import type { TenantConfig } from '@waratah/tenants';
import type { AdviserRecord } from '../accounts/adviser-account.ts';
import { passwordRules } from '../accounts/password-rules.ts';
import { html } from '../pages/html.ts';
import { renderPage } from '../pages/page-layout.ts';

export interface AccountPageOptions {
  tenant: TenantConfig;
  adviser: AdviserRecord;
  clientId: string;
  /** Where "Back to the portal" goes. */
  portalUrl: string;
  notice?: string;
  errors?: Record<string, string>;
}

/** `/account/`: who is signed in, and a form to change the password. */
export function renderAccountPage({
  tenant,
  adviser,
  clientId,
  portalUrl,
  notice,
  errors = {},
}: AccountPageOptions): string {
  const action = `/account/password?client_id=${encodeURIComponent(clientId)}`;
  const error = (name: string) =>
    errors[name] ? html`<p class="field-error" id="${name}-error">${errors[name]}</p>` : '';
  const invalid = (name: string) =>
    errors[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return renderPage({
    tenant,
    title: 'Your account',
    body: html`<h1>Your account</h1>
${notice ? html`<div class="notice" role="status">${notice}</div>` : ''}
<dl><dt>Name</dt><dd>${adviser.givenName} ${adviser.familyName}</dd><dt>Email</dt><dd>${adviser.email}</dd></dl>
<h2>Change password</h2>
<form method="post" action="${action}" novalidate>
<div><label for="current_password">Current password</label>
<input id="current_password" name="current_password" type="password" autocomplete="current-password" required${invalid('current_password')}>${error('current_password')}</div>
<div><label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="password-hint"${errors.password ? html` aria-invalid="true"` : ''}>
<ul class="hint" id="password-hint">${passwordRules.map((rule) => html`<li>${rule.message}</li>`)}</ul>${error('password')}</div>
<div><label for="password_confirmation">Confirm new password</label>
<input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required${invalid('password_confirmation')}>${error('password_confirmation')}</div>
<button type="submit">Change password</button>
</form>
<p class="switch"><a href="${portalUrl}">Back to the ${tenant.name} Adviser Portal</a></p>`,
  });
}
