import { fontFaceRule, type TenantConfig, themeCssVariables } from '@waratah/tenants';
import { html, SafeHtml } from './html.ts';
import { pageStyles } from './page-styles.ts';

export interface PageOptions {
  tenant: TenantConfig;
  title: string;
  body: SafeHtml;
}

/**
 * The headers every identity page is sent with: no caching, no framing, nothing but our own files,
 * and forms sent only to this origin. `formTargets` are the other origins a form's redirects may
 * end on (the tenant's portal, after signing in or out): Chromium applies `form-action` to every
 * redirect that follows a form, so the portal's origin must be named or the sign-in stops there.
 * `form-action` does not fall back to `default-src`; without it a form injected into a page could
 * send a password anywhere.
 */
export function pageHeaders(formTargets: readonly string[]): Record<string, string> {
  const formAction = ["'self'", ...formTargets.filter(isOrigin)].join(' ');
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
}

// An origin from the tenant's configuration, written as a CSP source: nothing that could end the
// directive or add another.
function isOrigin(value: string): boolean {
  return URL.canParse(value) && new URL(value).origin === value;
}

/** A server-rendered page in the tenant's colours, font and logo: the same look as the portal. */
export function renderPage({ tenant, title, body }: PageOptions): string {
  const variables = Object.entries(themeCssVariables(tenant.theme))
    .map(([name, value]) => `${name}: ${value.replace(/[;{}<>]/g, '')};`)
    .join(' ');
  const styles = `${fontFaceRule(tenant.theme)} :root { ${variables} } ${pageStyles}`;
  return `<!doctype html>${html`<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - ${tenant.name} Adviser Portal</title>
<link rel="icon" href="${tenant.assets.faviconUrl}">
<style>${new SafeHtml(styles.replaceAll('<', '\\3c '))}</style>
</head>
<body>
<main class="card">
<img class="logo" src="${tenant.assets.logoUrl}" alt="${tenant.name}">
${body}
</main>
</body>
</html>`}`;
}
