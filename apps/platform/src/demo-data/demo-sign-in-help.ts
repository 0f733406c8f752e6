import { tenantIds } from '@waratah/tenants';
import { demoAdviserPassword, demoClientPassword } from './demo-constants.ts';

/** The lines the server prints at start: who to sign in as on each tenant (docs/demo-data.md). */
export function demoSignInHelp(): string {
  const lines = [`Demo sign-in (password ${demoAdviserPassword}):`];
  for (const tenantId of tenantIds) {
    lines.push(
      `  ${tenantId.padEnd(14)} adviser@${tenantId}.example (enabled, 42 clients); unverified@, disabled@, registering@${tenantId}.example`,
    );
  }
  lines.push(
    `  Demo clients who have signed up use the end-user API (POST /oauth/token) with password ${demoClientPassword}.`,
  );
  return lines.join('\n');
}
