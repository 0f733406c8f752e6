import { parseArgs } from 'node:util';
import { adminPermissionAreas } from '@waratah/contracts';
import {
  AddOperatorRefusal,
  addOperator,
  checkOperatorInput,
  operatorPortalOrigin,
} from '../src/auth/admin-users/add-operator.ts';
import { defaultAuthSettings } from '../src/auth/auth-settings.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDatabase } from '../src/db/create-database.ts';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { ConfigError } from '../src/errors/config-error.ts';
import { StartupError } from '../src/errors/startup-error.ts';
import { lockDataDir } from '../src/faults/data-dir-lock.ts';
import { durationText } from '../src/mail/duration-text.ts';

// `npm run operator -- --tenant <id> --email <address> --given-name <name> --family-name <name>
// [--areas all|area,area,…]`: adds a platform operator (the first of a deployment; operators invite
// the others through the API) to DATABASE_URL or DATA_DIR, holding the permission areas named
// (default all), and prints the link that sets its password. Nothing is e-mailed: the server may
// not be running. The checks and the writing are auth/admin-users/add-operator.ts's; this parses,
// prints and exits (1 for anything refused, with nothing written).
const usage =
  'Usage: npm run operator -- --tenant <id> --email <address> --given-name <name> --family-name <name> [--areas all|area,area,…]';

/** What an operator needs to invite further operators and grant them areas (docs/authentication.md). */
const invitingAreas = ['user_management', 'roles_and_permissions'] as const;

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        tenant: { type: 'string' },
        email: { type: 'string' },
        'given-name': { type: 'string' },
        'family-name': { type: 'string' },
        areas: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 1;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const input = {
    tenant: text(values.tenant),
    email: text(values.email),
    givenName: text(values['given-name']),
    familyName: text(values['family-name']),
    areas: text(values.areas),
  };
  // Checked before the database opens (seconds on the embedded one); checked again by addOperator.
  try {
    checkOperatorInput(input);
  } catch (error) {
    if (!(error instanceof AddOperatorRefusal)) throw error;
    console.error(`${error.message}\n${usage}`);
    return 1;
  }

  const config = loadConfig();
  const ttlSeconds = { ...defaultAuthSettings, ...config.authSettings }.invitationTokenTtlSeconds;
  // The embedded database's lock, as the server takes it: a running server on the same DATA_DIR
  // must be stopped first (or use DATABASE_URL, which any number of processes share).
  const unlock = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  try {
    const database = await createDatabase(config);
    try {
      // As the server prepares it at start, so that a fresh deployment can begin here (the first
      // time with DEMO_DATA on, the demo data is written too: half a minute or so).
      console.error(
        `Preparing the database${config.demoData ? ' (and the demo data, the first time)' : ''}…`,
      );
      await prepareDatabase(database.db, { demoData: config.demoData });
      const added = await addOperator(database.db, input, { ttlSeconds });
      const origin = operatorPortalOrigin(config, added.tenantId);
      const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
      const every = added.areas.length === adminPermissionAreas.length;
      const areas = `${every ? 'all of them: ' : ''}${added.areas.join(', ')}`;
      console.log(
        [
          `Added operator ${added.givenName} ${added.familyName} <${added.email}> to ${added.tenantId} (admin user ${added.adminUserId}; ${where}).`,
          `Permission areas: ${areas}.`,
          ...(invitingAreas.every((area) => added.areas.includes(area))
            ? []
            : [
                'Without both user_management and roles_and_permissions it cannot invite further operators with areas.',
              ]),
          '',
          'No e-mail was sent (the server need not be running). Give the operator this link to choose a',
          `password; it works once, for ${durationText(ttlSeconds)}, and using it proves the address:`,
          '',
          `  ${origin}/set-password?invitation_token=${added.token}`,
          '',
        ].join('\n'),
      );
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await unlock?.();
  }
}

/** An option's value; a flag given without one is left out (and so refused as missing). */
function text(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

process.exitCode = await main().catch((error: unknown) => {
  // Refusals and configuration problems are the caller's to fix: the message says what, a stack
  // would only hide it.
  const expected =
    error instanceof AddOperatorRefusal || error instanceof ConfigError || error instanceof StartupError;
  console.error(expected ? error.message : error);
  return 1;
});
