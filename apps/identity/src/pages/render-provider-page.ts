import type { TenantConfig } from '@waratah/tenants';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { html, SafeHtml } from './html.ts';
import { pageHeaders, renderPage } from './page-layout.ts';

export type ProviderPage =
  | { kind: 'logout'; form: string }
  | { kind: 'signed-out' }
  | { kind: 'error'; error: string; error_description?: string };

/**
 * The pages oidc-provider renders itself (logout confirmation, signed out, errors), in the tenant's
 * theme. `origins` are the tenant's: the logout form's redirect ends on the portal's.
 */
export function renderProviderPage(
  ctx: KoaContextWithOIDC,
  { tenant, origins }: { tenant: TenantConfig; origins: readonly string[] },
  page: ProviderPage,
): void {
  ctx.set(pageHeaders(origins));
  ctx.type = 'html';
  ctx.body = renderPage({ tenant, ...content(page) });
}

/** The words of a sign-out that asks first: the provider's own, and `/app/logout/`'s when sent from another site. */
export const signOutQuestion = {
  title: 'Sign out',
  question: 'Do you want to sign out?',
  confirm: 'Yes, sign me out',
} as const;

function content(page: ProviderPage): { title: string; body: SafeHtml } {
  switch (page.kind) {
    case 'logout':
      return {
        title: signOutQuestion.title,
        // oidc-provider's form carries its own CSRF token; the buttons submit it.
        body: html`<h1>${signOutQuestion.title}</h1><p>${signOutQuestion.question}</p>${new SafeHtml(page.form)}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${signOutQuestion.confirm}</button>`,
      };
    case 'signed-out':
      return { title: 'Signed out', body: html`<h1>Signed out</h1><p>You have been signed out.</p>` };
    case 'error':
      return {
        title: 'We ran into an issue',
        body: html`<h1>We ran into an issue</h1><p role="alert">${page.error_description ?? page.error}</p>`,
      };
  }
}
