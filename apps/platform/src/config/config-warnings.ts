import type { PlatformConfig } from './env.ts';

/**
 * What a configuration allows but an operator most likely did not mean, said at start
 * (`server.ts`, the standalone identity's `start-identity.ts`) and never fatal: each names the
 * variable to set and what happens meanwhile.
 */
/** Addresses only this machine reaches. */
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function configWarnings(config: PlatformConfig): string[] {
  const warnings: string[] = [];
  if (config.nodeEnv !== 'production') {
    // Development tools are on by default outside production; on an address others can reach,
    // the mailbox hands anyone the reset and invitation links it holds.
    if (config.devTools && !loopbackHosts.has(config.host.toLowerCase()))
      warnings.push(
        `The development tools are on (NODE_ENV=${config.nodeEnv}) and the server listens on HOST=${config.host}, which others may reach: anyone who can reach it may read every e-mail at /dev/mailbox (reset and invitation links included, while SMTP_URL is unset) and drive the simulated bank. On any server but your own machine set NODE_ENV=production, or DEV_TOOLS=off.`,
      );
    return warnings;
  }
  if (config.trustProxy === false)
    warnings.push(
      'TRUST_PROXY is not set with NODE_ENV=production. The server speaks plain HTTP, so it runs behind a TLS load balancer or reverse proxy; until TRUST_PROXY names that proxy, requests look like plain HTTP from its address: cookies are not marked Secure, and every client shares the proxy’s sign-in and e-mail limits and audit address (README, Configuration; docs/scaling.md).',
    );
  if (config.demoData)
    warnings.push(
      'DEMO_DATA=on with NODE_ENV=production: the demo advisers and clients are written at the first start, and anyone may sign in with their published passwords (docs/demo-data.md). Use it only for a demonstration server.',
    );
  if (config.devTools)
    warnings.push(
      'DEV_TOOLS=on with NODE_ENV=production: the component gallery and the simulated bank are served, and anyone may call the simulated bank’s control endpoints (/data-holder/control/…).',
    );
  if (config.localHosts)
    warnings.push(
      'LOCAL_HOSTS=on with NODE_ENV=production: a request naming localhost or *.localhost in its Host header is taken as that tenant’s local portal, and its e-mailed links point there. Use it only on your own machine (benchmarks, browser tests).',
    );
  return warnings;
}
