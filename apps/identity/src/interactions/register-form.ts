import type { TenantConfig } from '@waratah/tenants';
import { passwordRules } from '../accounts/password-rules.ts';
import { html, type SafeHtml } from '../pages/html.ts';
import { renderPage } from '../pages/page-layout.ts';

export interface RegisterValues {
  givenName: string;
  familyName: string;
  email: string;
}

export interface RegisterFormOptions {
  tenant: TenantConfig;
  uid: string;
  values?: RegisterValues;
  /** Field name → the message shown under it (spec §5 wording). */
  errors?: Record<string, string>;
  /** A refusal of the whole form (too many registrations from here), shown above it. */
  error?: string;
}

/** The create-an-account page of an interaction (spec §5 rules and messages). */
export function renderRegisterForm({ tenant, uid, values, errors = {}, error }: RegisterFormOptions): string {
  const action = `/oauth2/interaction/${encodeURIComponent(uid)}`;
  const { termsLink, privacyLink } = tenant.legal ?? {};
  const terms = termsLink ? html`<a href="${termsLink}">terms</a>` : 'terms';
  const privacy = privacyLink ? html`<a href="${privacyLink}">privacy policy</a>` : 'privacy policy';
  const field = (
    name: string,
    label: string,
    input: SafeHtml,
  ) => html`<div><label for="${name}">${label}</label>${input}
${errors[name] ? html`<p class="field-error" id="${name}-error">${errors[name]}</p>` : ''}</div>`;
  const invalid = (name: string) =>
    errors[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return renderPage({
    tenant,
    title: 'Create an account',
    body: html`<h1>Create an account</h1>
<p>Register for the ${tenant.name} Adviser Portal.</p>
${error ? html`<div class="alert" role="alert">${error}</div>` : ''}
${Object.keys(errors).length ? html`<div class="alert" role="alert">Please correct the highlighted fields.</div>` : ''}
<form method="post" action="${action}/register" novalidate>
${field('given_name', 'First name', html`<input id="given_name" name="given_name" type="text" autocomplete="given-name" required maxlength="100" value="${values?.givenName ?? ''}"${invalid('given_name')}>`)}
${field('family_name', 'Last name', html`<input id="family_name" name="family_name" type="text" autocomplete="family-name" required maxlength="100" value="${values?.familyName ?? ''}"${invalid('family_name')}>`)}
${field('email', 'Email', html`<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${values?.email ?? ''}"${invalid('email')}>`)}
${field(
  'password',
  'Password',
  html`<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="password-hint${errors.password ? ' password-error' : ''}"${errors.password ? html` aria-invalid="true"` : ''}>
<ul class="hint" id="password-hint">${passwordRules.map((rule) => html`<li>${rule.message}</li>`)}</ul>`,
)}
${field('password_confirmation', 'Confirm password', html`<input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required${invalid('password_confirmation')}>`)}
<div><div class="check"><input id="terms" name="terms" type="checkbox" value="accepted"${invalid('terms')}>
<label for="terms">I agree to the ${terms} and ${privacy}</label></div>
${errors.terms ? html`<p class="field-error" id="terms-error">${errors.terms}</p>` : ''}</div>
<button type="submit">Create account</button>
</form>
<p class="switch">Already registered? <a href="${action}?screen=login">Sign in</a></p>`,
  });
}
