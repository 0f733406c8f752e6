import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type AuthSettings, defaultAuthSettings } from '../auth/auth-settings.ts';
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

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For, -Proto and -Host are believed, as addresses and
 * CIDR ranges separated by commas (`loopback`, `linklocal` and `uniquelocal` name theirs). Not a
 * hop count: Fastify trusts no one for a number, since a count cannot tell the proxy from a client
 * that sends the headers itself. Unset: no one, the default.
 */
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxy = z
  .string()
  .transform((value, context): string => {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => proxyNames.has(entry) || isAddressOrRange(entry))) return entries.join(',');
    context.addIssue({
      code: 'custom',
      message:
        'must be IP addresses and CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas',
    });
    return z.NEVER;
  })
  .optional();

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const minute = 60;
const day = 24 * 60 * minute;

/** A whole number of seconds or a count, within bounds that keep the product usable and safe. */
function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional();
}

/**
 * Lifetimes and limits of the credentials (docs/authentication.md), each overriding one field of
 * `defaultAuthSettings`; the identity service's token lifetimes are its own (IDENTITY_…).
 */
const authVariables = {
  AUTH_ACCESS_TOKEN_TTL_SECONDS: ['accessTokenTtlSeconds', wholeNumber(60, day)],
  AUTH_REFRESH_TOKEN_TTL_SECONDS: ['refreshTokenTtlSeconds', wholeNumber(5 * minute, 365 * day)],
  AUTH_REFRESH_RETRY_GRACE_SECONDS: ['refreshRetryGraceSeconds', wholeNumber(0, 5 * minute)],
  AUTH_RESET_LINK_TTL_SECONDS: ['resetTokenTtlSeconds', wholeNumber(1, 7 * day)],
  AUTH_INVITATION_LINK_TTL_SECONDS: ['invitationTokenTtlSeconds', wholeNumber(1, 30 * day)],
  AUTH_VERIFICATION_CODE_TTL_SECONDS: ['verificationCodeTtlSeconds', wholeNumber(60, day)],
  AUTH_VERIFICATION_CODE_ATTEMPTS: ['verificationCodeAttempts', wholeNumber(1, 20)],
  AUTH_SIGN_IN_FAILURES_PER_ACCOUNT: ['signInFailuresPerAccount', wholeNumber(1, 100)],
  AUTH_SIGN_IN_FAILURES_PER_IP: ['signInFailuresPerIp', wholeNumber(1, 100_000)],
  AUTH_MAILS_PER_ADDRESS: ['mailsPerAddress', wholeNumber(1, 1000)],
  AUTH_MAILS_PER_IP: ['mailsPerIp', wholeNumber(1, 100_000)],
} as const satisfies Record<string, readonly [keyof AuthSettings, z.ZodType]>;
type AuthVariable = keyof typeof authVariables;

const authVariablesSchema = Object.fromEntries(
  Object.entries(authVariables).map(([name, [, schema]]) => [name, schema]),
) as { [Name in AuthVariable]: (typeof authVariables)[Name][1] };

/** Every environment variable the platform reads, in one place (STYLE §3). */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(8080),
  HOST: z.string().default('127.0.0.1'),
  TRUST_PROXY: trustProxy,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_PREPARED_STATEMENTS: z.enum(switches, { error: 'must be on or off' }).default('on'),
  PGLITE_WORKER: z.enum(switches, { error: 'must be on or off' }).default('off'),
  NODE_ENV: z.enum(nodeEnvs, { error: `must be one of ${nodeEnvs.join(', ')}` }).default('development'),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  PORTAL_DIST: z.string().default(defaultPortalDist),
  GALLERY_DIST: z.string().default(defaultGalleryDist),
  DEV_TOOLS: z.enum(switches, { error: 'must be on or off' }).optional(),
  LOCAL_HOSTS: z.enum(switches, { error: 'must be on or off' }).optional(),
  RESPONSE_CHECKS: z.enum(switches, { error: 'must be on or off' }).optional(),
  DEMO_DATA: z.enum(switches, { error: 'must be on or off' }).optional(),
  ANSWER_CACHE_MB: wholeNumber(0, 4096).default(64),
  STATEMENT_GROUPS: z.enum(switches, { error: 'must be on or off' }).default('on'),
  SCHEDULED_JOBS: z.enum(switches, { error: 'must be on or off' }).default('on'),
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
  ...authVariablesSchema,
  IDENTITY_ACCESS_TOKEN_TTL_SECONDS: wholeNumber(60, day),
  IDENTITY_REFRESH_TOKEN_TTL_SECONDS: wholeNumber(5 * minute, 365 * day),
  // The job queue's lease (docs/jobs.md) and the fault suite's pause point (docs/reliability.md; NODE_ENV=test only).
  JOB_LEASE_SECONDS: wholeNumber(1, day),
  // How long a request may take to arrive, headers and body (app.ts; docs/security.md).
  REQUEST_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(300),
  // How long a statement may wait for PostgreSQL's answer once the server is ready (db/statement-time-limit.ts).
  DATABASE_STATEMENT_TIMEOUT_SECONDS: wholeNumber(0, 3600).default(30),
  FAULT_PAUSE_AT: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a fault point name such as documents.generate')
    .optional(),
  ...documentStorageVariables(),
  ...holderTokenVariables(),
});

// An external identity provider is all three variables or none: half a configuration would verify nothing.
const ssoVariables = ['SSO_JWKS_URL', 'SSO_ISSUER', 'SSO_AUDIENCE'] as const;
const envSchemaWithSso = envSchema.superRefine((vars, context) => {
  refreshOutlivesAccess(vars, context);
  documentStorageComplete(vars, context);
  if (ssoVariables.every((name) => vars[name]) || ssoVariables.every((name) => !vars[name])) return;
  for (const name of ssoVariables.filter((variable) => !vars[variable])) {
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `must be set with ${ssoVariables.filter((other) => other !== name).join(' and ')}`,
    });
  }
});

// A refresh token that dies before its access token would sign everyone out at every expiry.
function refreshOutlivesAccess(vars: z.infer<typeof envSchema>, context: z.RefinementCtx): void {
  const pairs = [
    [
      'AUTH_ACCESS_TOKEN_TTL_SECONDS',
      'AUTH_REFRESH_TOKEN_TTL_SECONDS',
      defaultAuthSettings.accessTokenTtlSeconds,
      defaultAuthSettings.refreshTokenTtlSeconds,
    ],
    [
      'IDENTITY_ACCESS_TOKEN_TTL_SECONDS',
      'IDENTITY_REFRESH_TOKEN_TTL_SECONDS',
      defaultIdentityTokenLifetimes.accessTokenSeconds,
      defaultIdentityTokenLifetimes.refreshTokenSeconds,
    ],
  ] as const;
  for (const [accessName, refreshName, accessDefault, refreshDefault] of pairs) {
    const access = vars[accessName] ?? accessDefault;
    const refresh = vars[refreshName] ?? refreshDefault;
    if (refresh > access) continue;
    context.addIssue({
      code: 'custom',
      path: [refreshName],
      message: `must be longer than ${accessName} (${access} s)`,
    });
  }
}

/** The identity service's defaults (apps/identity/src/provider/identity-ttl.ts). */
export const defaultIdentityTokenLifetimes = {
  accessTokenSeconds: 15 * minute,
  refreshTokenSeconds: 30 * day,
};

export interface PlatformConfig {
  port: number;
  host: string;
  /** Absolute; where the embedded database (and later, local files) live. */
  dataDir: string;
  /** Set: use this PostgreSQL server instead of the embedded database. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_PREPARED_STATEMENTS (on by default): each query shape is prepared once per
   * connection (db/prepared-statements.ts; PGlite: db/pglite-prepared-statements.ts). Off for a
   * pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  databasePreparedStatements: boolean;
  /**
   * PGLITE_WORKER (off by default): on runs the embedded database on a worker thread of its own
   * (db/pglite-worker-session.ts); off, on the server's main thread, between requests (faster on
   * two cores for writes: docs/database.md, "The embedded engine's thread").
   */
  pgliteWorker: boolean;
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
  /**
   * Whether `localhost`, `*.localhost` and loopback hosts name the tenant they spell: on by default,
   * off by default when NODE_ENV=production (LOCAL_HOSTS=on|off overrides; `tenancy/host-tenant.ts`).
   */
  localHosts: boolean;
  /**
   * Every answer checked against its zod contract as well as written by the compiled writer
   * (plugins/response-serializer.ts): on by default, off by default when NODE_ENV=production
   * (RESPONSE_CHECKS=on|off overrides).
   */
  responseChecks: boolean;
  /**
   * The demo tenants' advisers, clients and finances, written at the first start (demo-data/): on
   * by default, off by default when NODE_ENV=production (DEMO_DATA=on|off overrides). The demo
   * advisers' and clients' passwords are published, so a production server never writes them
   * unless asked; before 2026-11-30 every server did.
   */
  demoData: boolean;
  /**
   * ANSWER_CACHE_MB (default 64; 0 turns it off): how much of the answers computed from a client's
   * data each instance keeps, under the client's data version (access/client-answer-cache.ts).
   */
  answerCacheBytes: number;
  /**
   * STATEMENT_GROUPS (on by default): the access gate's statements, and the client list's, are
   * shared by the requests that wait together (db/statement-group.ts); off sends each request's
   * own, at once, as before (the benchmarks compare the two).
   */
  statementGroups: boolean;
  /**
   * SCHEDULED_JOBS (on by default): this instance queues the scheduled sweeps' slots at start and
   * once a period (jobs/periodic-job.ts); off, it does not, yet a slot it runs still queues the next
   * and it works the jobs others queued. The test apps, on fresh databases, turn it off: a sweep
   * falling due mid-test moved the test's goals on or refreshed its connections.
   */
  scheduledJobs: boolean;
  /**
   * TRUST_PROXY: the proxies whose forwarded headers give the client's address (rate limits, the
   * audit log) and scheme (`Secure` cookies): their addresses (Fastify's `trustProxy`); false,
   * the default, believes no one.
   */
  trustProxy: string | false;
  /** Set: send e-mail through this SMTP server; unset: keep it in the development mailbox. */
  smtpUrl: string | undefined;
  /** The From header of every e-mail. */
  mailFrom: string;
  /** Set: SSO access tokens come from this external provider (e.g. FusionAuth), not the built-in identity. */
  externalSso: { jwksUrl: string; issuer: string; audience: string } | undefined;
  /** Lifetimes and limits of the platform's credentials (AUTH_…); unset fields keep their defaults. */
  authSettings: Partial<AuthSettings>;
  /** Lifetimes of the identity service's tokens (IDENTITY_…). */
  identityTokenLifetimes: { accessTokenSeconds: number; refreshTokenSeconds: number };
  /** Where generated documents are kept (DOCUMENT_STORE, DOCUMENT_DIR, S3_…; docs/documents.md). */
  documentStorage: DocumentStoresConfig;
  /**
   * HOLDER_TOKEN_KEY: the AES-256-GCM key of the stored bank tokens. Required in production on
   * PostgreSQL (DATABASE_URL); unset otherwise, a key file generated once in DATA_DIR is used
   * (open-banking/holder-token-cipher.ts).
   */
  holderTokenKey: Buffer | undefined;
  /** JOB_LEASE_SECONDS: how long a running job stays claimed without its worker renewing it (default 60). */
  jobLeaseSeconds: number | undefined;
  /**
   * REQUEST_TIMEOUT_SECONDS (default 300): a request whose headers and body have not all arrived
   * by then is answered 408 and its connection closed.
   */
  requestTimeoutSeconds: number;
  /**
   * DATABASE_STATEMENT_TIMEOUT_SECONDS (default 30; 0: none): once the database is prepared, a
   * statement PostgreSQL has not answered by then fails (503) and its connection is closed.
   */
  databaseStatementTimeoutSeconds: number;
  /**
   * FAULT_PAUSE_AT, honoured only when NODE_ENV=test: the named fault point where work stops for
   * the fault suite to `kill -9` the process (faults/fault-point.ts, docs/reliability.md).
   */
  faultPauseAt: string | undefined;
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const result = envSchemaWithSso.safeParse(withoutEmptyValues(env));
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = result.data;
  const here = process.cwd();
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: resolve(here, vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    databasePreparedStatements: vars.DATABASE_PREPARED_STATEMENTS === 'on',
    pgliteWorker: vars.PGLITE_WORKER === 'on',
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    portalDist: resolve(here, vars.PORTAL_DIST),
    galleryDist: resolve(here, vars.GALLERY_DIST),
    devTools: vars.DEV_TOOLS ? vars.DEV_TOOLS === 'on' : vars.NODE_ENV !== 'production',
    localHosts: vars.LOCAL_HOSTS ? vars.LOCAL_HOSTS === 'on' : vars.NODE_ENV !== 'production',
    responseChecks: vars.RESPONSE_CHECKS ? vars.RESPONSE_CHECKS === 'on' : vars.NODE_ENV !== 'production',
    demoData: vars.DEMO_DATA ? vars.DEMO_DATA === 'on' : vars.NODE_ENV !== 'production',
    answerCacheBytes: vars.ANSWER_CACHE_MB * 1024 * 1024,
    statementGroups: vars.STATEMENT_GROUPS === 'on',
    scheduledJobs: vars.SCHEDULED_JOBS === 'on',
    trustProxy: vars.TRUST_PROXY ?? false,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    externalSso:
      vars.SSO_JWKS_URL && vars.SSO_ISSUER && vars.SSO_AUDIENCE
        ? { jwksUrl: vars.SSO_JWKS_URL, issuer: vars.SSO_ISSUER, audience: vars.SSO_AUDIENCE }
        : undefined,
    authSettings: Object.fromEntries(
      Object.entries(authVariables).flatMap(([name, [field]]) => {
        const value = vars[name as AuthVariable];
        return value === undefined ? [] : [[field, value]];
      }),
    ),
    identityTokenLifetimes: {
      accessTokenSeconds:
        vars.IDENTITY_ACCESS_TOKEN_TTL_SECONDS ?? defaultIdentityTokenLifetimes.accessTokenSeconds,
      refreshTokenSeconds:
        vars.IDENTITY_REFRESH_TOKEN_TTL_SECONDS ?? defaultIdentityTokenLifetimes.refreshTokenSeconds,
    },
    documentStorage: documentStorageOf(vars, here),
    holderTokenKey: vars.HOLDER_TOKEN_KEY ? decodeHolderTokenKey(vars.HOLDER_TOKEN_KEY) : undefined,
    jobLeaseSeconds: vars.JOB_LEASE_SECONDS,
    requestTimeoutSeconds: vars.REQUEST_TIMEOUT_SECONDS,
    databaseStatementTimeoutSeconds: vars.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    faultPauseAt: vars.NODE_ENV === 'test' ? vars.FAULT_PAUSE_AT : undefined,
  };
}

// `PORT=` in a shell or a .env file means "not set", not "set to nothing".
function withoutEmptyValues(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

// Document storage (docs/documents.md): the database by default, or a folder, or an S3-compatible bucket.
const s3RequiredVariables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type DocumentStorageConfig =
  | { kind: 'database' }
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      prefix: string;
    };

/**
 * DOCUMENT_STORE's settings (new files go there), and where files of the other kinds are (`dir`,
 * `s3`), which the rows written before a switch of DOCUMENT_STORE name (`documents/document-store.ts`).
 */
export type DocumentStoresConfig = DocumentStorageConfig & {
  dir?: string;
  s3?: Omit<Extract<DocumentStorageConfig, { kind: 's3' }>, 'kind'>;
};

// A function, so that the schema above can spread it before this part of the module has run.
function documentStorageVariables() {
  const documentStores = ['database', 'disk', 's3'] as const;
  return {
    DOCUMENT_STORE: z
      .enum(documentStores, { error: `must be one of ${documentStores.join(', ')}` })
      .default('database'),
    DOCUMENT_DIR: z.string().optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as ap-southeast-2')
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(switches, { error: 'must be on or off' }).default('off'),
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "must hold only letters, digits and !_.*'()/-")
      .refine((value) => !value.startsWith('/'), 'must not start with /')
      .optional(),
  };
}

// DOCUMENT_STORE=s3 needs its bucket and credentials: without them no document could be stored.
function documentStorageComplete(
  vars: Partial<Record<(typeof s3RequiredVariables)[number], string>> & { DOCUMENT_STORE: string },
  context: z.RefinementCtx,
): void {
  if (vars.DOCUMENT_STORE !== 's3') return;
  for (const name of s3RequiredVariables.filter((variable) => !vars[variable])) {
    context.addIssue({ code: 'custom', path: [name], message: 'must be set when DOCUMENT_STORE=s3' });
  }
}

function documentStorageOf(vars: z.infer<typeof envSchema>, here: string): DocumentStoresConfig {
  const dir = resolve(here, vars.DOCUMENT_DIR ?? join(vars.DATA_DIR, 'documents'));
  const s3Given = s3RequiredVariables.every((name) => vars[name]);
  const s3 = {
    endpoint: vars.S3_ENDPOINT ?? '',
    bucket: vars.S3_BUCKET ?? '',
    region: vars.S3_REGION,
    accessKeyId: vars.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'on',
    prefix: vars.S3_PREFIX ?? '',
  };
  // Where files of the other kinds are, for rows written before DOCUMENT_STORE was switched: the
  // folder always (DOCUMENT_DIR, else DATA_DIR/documents), the bucket when its settings are given.
  const others = { dir, ...(s3Given ? { s3 } : {}) };
  switch (vars.DOCUMENT_STORE) {
    case 'disk':
      return { kind: 'disk', dir, ...(s3Given ? { s3 } : {}) };
    case 's3':
      return { kind: 's3', ...s3, dir };
    default:
      return { kind: 'database', ...others };
  }
}

// The key of the bank tokens stored for open-banking connections (docs/open-banking.md).
function holderTokenVariables() {
  return {
    HOLDER_TOKEN_KEY: z
      .string()
      .refine(
        (value) => decodeHolderTokenKey(value) !== undefined,
        'must be a 32-byte key, as 64 hex digits or as base64 (e.g. the output of `openssl rand -base64 32`)',
      )
      .optional(),
  };
}

/**
 * What the platform's own server needs beyond `loadConfig`, which the standalone identity and the
 * seed also read but which open no bank token: production on PostgreSQL needs HOLDER_TOKEN_KEY, as
 * every instance sharing the database must seal and open the bank tokens with the same key, which
 * a key file on one host is not. Checked at the platform's start since 2026-12-03 (`server.ts`),
 * so that such a server stops naming the variable; before, it started, answered /readyz 200, and
 * only the start-up sweep's log line (and then every bank connection) failed
 * (`open-banking/holder-token-cipher.ts` still refuses, for callers that build a configuration by
 * hand).
 */
export function platformStartProblems(config: PlatformConfig): string[] {
  if (config.nodeEnv !== 'production' || !config.databaseUrl || config.holderTokenKey) return [];
  return [
    'HOLDER_TOKEN_KEY: must be set in production with DATABASE_URL (32 bytes as base64 or hex, e.g. `openssl rand -base64 32`); it encrypts the stored bank tokens',
  ];
}

/** A 32-byte key written as 64 hex digits or as base64 (or base64url); undefined when it is neither. */
export function decodeHolderTokenKey(value: string): Buffer | undefined {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return undefined;
  const key = Buffer.from(text, /[-_]/.test(text) ? 'base64url' : 'base64');
  return key.length === 32 ? key : undefined;
}
