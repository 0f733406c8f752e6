import type { TenantConfig } from '@waratah/tenants';
import { html } from './html.ts';
import { renderPage } from './page-layout.ts';

/** A themed page that says what went wrong and offers the way back. */
export function renderErrorPage(
  tenant: TenantConfig,
  message: string,
  backTo?: string,
  backLabel = `Return to the ${tenant.name} Adviser Portal`,
): string {
  return renderPage({
    tenant,
    title: 'We ran into an issue',
    body: html`<h1>We ran into an issue</h1><p role="alert">${message}</p>${backTo ? html`<p><a href="${backTo}">${backLabel}</a></p>` : ''}`,
  });
}
