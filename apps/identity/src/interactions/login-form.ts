import type { TenantConfig } from '@waratah/tenants';
import { html } from '../pages/html.ts';
import { renderPage } from '../pages/page-layout.ts';
import { forgotPasswordPath, withClient } from '../password-reset/password-reset-pages.ts';

export interface LoginFormOptions {
  tenant: TenantConfig;
  uid: string;
  /** The portal's client, which the forgotten-password page carries. */
  clientId: string;
  email?: string;
  error?: string;
  /** Whether the page offers to create an account (the portal's `ta_register`); by default it does. */
  registration?: boolean;
}

/** The sign-in page of an interaction: e-mail and password, and a way to create an account instead. */
export function renderLoginForm({
  tenant,
  uid,
  clientId,
  email = '',
  error,
  registration = true,
}: LoginFormOptions): string {
  const action = `/oauth2/interaction/${encodeURIComponent(uid)}`;
  return renderPage({
    tenant,
    title: 'Sign in',
    body: html`<h1>Sign in</h1>
<p>Sign in to the ${tenant.name} Adviser Portal.</p>
${error ? html`<div class="alert" role="alert" id="form-error">${error}</div>` : ''}
<form method="post" action="${action}/login" novalidate${error ? html` aria-describedby="form-error"` : ''}>
<div><label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${email}"${error ? html` aria-invalid="true"` : ''}${email ? '' : html` autofocus`}></div>
<div><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? html` autofocus` : ''}></div>
<p class="forgot"><a href="${withClient(forgotPasswordPath, clientId)}">Forgot your password?</a></p>
<button type="submit">Sign in</button>
</form>
${registration ? html`<p class="switch">New to ${tenant.name}? <a href="${action}?screen=register">Create an account</a></p>` : ''}`,
  });
}
