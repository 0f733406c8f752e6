import type { IncomingHttpHeaders } from 'node:http';

/**
 * What a response lacks of the headers every response must carry (docs/security.md), whatever
 * answered it: a CSP that forbids framing and inline or evaluated scripts, nosniff, no referrer,
 * no framing; on API data, `Cache-Control: no-store`. Empty when it has them all.
 */
export function securityHeaderProblems(
  headers: IncomingHttpHeaders | Record<string, string | string[] | number | undefined>,
  { apiData = false }: { apiData?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const csp = String(headers['content-security-policy'] ?? '');
  if (!/frame-ancestors 'none'/.test(csp)) problems.push("CSP without frame-ancestors 'none'");
  const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1];
  if (scriptSources === undefined) problems.push('CSP without a script source or default');
  else if (/unsafe-inline|unsafe-eval/.test(scriptSources))
    problems.push('CSP allows inline or evaluated scripts');
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (headers['referrer-policy'] !== 'no-referrer') problems.push('no Referrer-Policy: no-referrer');
  if (headers['x-frame-options'] !== 'DENY') problems.push('no X-Frame-Options: DENY');
  if (apiData && headers['cache-control'] !== 'no-store')
    problems.push('API data without Cache-Control: no-store');
  return problems;
}
