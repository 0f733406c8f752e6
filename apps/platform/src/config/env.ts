import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError } from '../errors/config-error.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const nodeEnvs = ['development', 'test', 'production'] as const;
const defaultPortalDist = fileURLToPath(new URL('../../../portal/dist', import.meta.url));
const defaultGalleryDist = fileURLToPath(new URL('../../../../packages/ui/gallery/dist', import.meta.url));
const switches = ['on', 'off'] as const;

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
  GALLERY_DIST: z.string().default(defaultGalleryDist),
  DEV_TOOLS: z.enum(switches, { error: 'must be on or off' }).optional(),
  SMTP_URL: z
    .string()
    .refine(
      (value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol),
      'must be an smtp:// or smtps:// URL',
    )
    .optional(),
  MAIL_FROM: z.string().default('Waratah <no-reply@waratah.localhost>'),
  SSO_JWKS_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SSO_ISSUER: z.string().min(1).optional(),
  SSO_AUDIENCE: z.string().min(1).optional(),
});

// An external identity provider is all three variables or none: half a configuration would verify nothing.
const ssoVariables = ['SSO_JWKS_URL', 'SSO_ISSUER', 'SSO_AUDIENCE'] as const;
const envSchemaWithSso = envSchema.superRefine((vars, context) => {
  if (ssoVariables.every((name) => vars[name]) || ssoVariables.every((name) => !vars[name])) return;
  for (const name of ssoVariables.filter((variable) => !vars[variable])) {
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `must be set with ${ssoVariables.filter((other) => other !== name).join(' and ')}`,
    });
  }
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
  /** Absolute path of the built component gallery, served at /dev/gallery/ with the development tools. */
  galleryDist: string;
  /**
   * The component gallery and the simulated open-banking data holder: on by default, off by
   * default when NODE_ENV=production (DEV_TOOLS=on|off overrides).
   */
  devTools: boolean;
  /** Set: send e-mail through this SMTP server; unset: keep it in the development mailbox. */
  smtpUrl: string | undefined;
  /** The From header of every e-mail. */
  mailFrom: string;
  /** Set: SSO access tokens come from this external provider (e.g. FusionAuth), not the built-in identity. */
  externalSso: { jwksUrl: string; issuer: string; audience: string } | undefined;
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const result = envSchemaWithSso.safeParse(withoutEmptyValues(env));
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
    galleryDist: resolve(process.cwd(), vars.GALLERY_DIST),
    devTools: vars.DEV_TOOLS ? vars.DEV_TOOLS === 'on' : vars.NODE_ENV !== 'production',
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    externalSso:
      vars.SSO_JWKS_URL && vars.SSO_ISSUER && vars.SSO_AUDIENCE
        ? { jwksUrl: vars.SSO_JWKS_URL, issuer: vars.SSO_ISSUER, audience: vars.SSO_AUDIENCE }
        : undefined,
  };
}

// `PORT=` in a shell or a .env file means "not set", not "set to nothing".
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}
