import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError } from '../errors/config-error.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const nodeEnvs = ['development', 'test', 'production'] as const;
const defaultPortalDist = fileURLToPath(new URL('../../../portal/dist', import.meta.url));

const postgresUrl = z.string().refine((value) => {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'postgres:' || protocol === 'postgresql:') && hostname !== '';
}, 'must be a postgres:// or postgresql:// URL with a host');

/** Every environment variable the platform reads, in one place (STYLE §3). */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  NODE_ENV: z.enum(nodeEnvs, { error: `must be one of ${nodeEnvs.join(', ')}` }).default('development'),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  PORTAL_DIST: z.string().default(defaultPortalDist),
});

export interface PlatformConfig {
  port: number;
  host: string;
  /** Absolute; where the embedded database (and later, local files) live. */
  dataDir: string;
  /** Set: use this PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  nodeEnv: (typeof nodeEnvs)[number];
  logLevel: (typeof logLevels)[number];
  /** Absolute path of the built portal to serve. */
  portalDist: string;
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const result = envSchema.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = result.data;
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: resolve(process.cwd(), vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    portalDist: resolve(process.cwd(), vars.PORTAL_DIST),
  };
}

// `PORT=` in a shell or a .env file means "not set", not "set to nothing".
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}
