// The contracts are written with zod's functional API, `zod/mini` (`z.optional(schema)`,
// `schema.check(z.maxLength(100))`), not its classic one (`schema.optional().max(100)`): the portal
// ships them, and the classic API cannot be tree-shaken (every schema carries every method), which
// cost every page 24 KB gzipped where these cost 9 KB (docs/portal.md, "How the bundles are split").
// Both build the same checks and the same JSON Schema: the OpenAPI document did not change.
export * from './account-type-labels.ts';
export * from './accounts.ts';
export * from './admin-app-config.ts';
export * from './admin-permissions.ts';
export * from './admin-users.ts';
export * from './admin-users-password.ts';
export * from './aggregation-enums.ts';
export * from './app-config.ts';
export * from './audit-log.ts';
export * from './calendar-date.ts';
export * from './cdr-config.ts';
export * from './consents.ts';
export * from './documents.ts';
export * from './error.ts';
export * from './financial-passport.ts';
export * from './goals.ts';
export * from './headers.ts';
export * from './health.ts';
export * from './images.ts';
export * from './imports.ts';
export * from './managed-users.ts';
export * from './money.ts';
export * from './oauth.ts';
export * from './on-behalf-headers.ts';
export * from './paging.ts';
export * from './parties.ts';
export * from './parties-abn.ts';
export * from './provider-accounts.ts';
export * from './providers.ts';
export * from './reports.ts';
export * from './request-headers.ts';
export * from './retry-after.ts';
export * from './transaction-categories.ts';
export * from './transactions.ts';
export * from './unsupported.ts';
export * from './users.ts';
