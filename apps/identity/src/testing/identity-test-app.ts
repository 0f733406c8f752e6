import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
// The identity is mounted by the platform; its tests drive it there, over the platform's own
// migrated test database (PGlite, or PostgreSQL when DATABASE_URL is set).
import {
  buildTestApp,
  type TestApp,
  type TestAppOptions,
} from '../../../platform/src/testing/build-test-app.ts';
import type { IdentityDb } from '../storage/identity-database.ts';
import { TestBrowser } from './test-browser.ts';

export const waratahClientId = '5cc2641a-0f98-486d-91b8-2616d6e01e4b';
export const portalOrigin = 'http://localhost:8080';

export interface TestAdviser {
  id: number;
  email: string;
  password: string;
}

export interface IdentityTestApp extends TestApp {
  adviser: TestAdviser;
  /** The same database as the identity sees it (its narrower schema). */
  identityDb: IdentityDb;
}

/** The platform with the identity mounted, and one adviser of the SSO tenant (waratah) who has a password. */
export async function buildIdentityTestApp(options?: TestAppOptions): Promise<IdentityTestApp> {
  const testApp = await buildTestApp(options);
  const adviser = { email: 'ada.adviser@example.com.au', password: 'Correct-Horse-Battery-9' };
  const row = await testApp.database.db
    .insertInto('admin_users')
    .values({
      tenant_id: 'waratah',
      email: adviser.email,
      given_name: 'Ada',
      family_name: 'Adviser',
      permissions: JSON.stringify([]),
      roles: JSON.stringify(['adviser']),
      password_hash: await hash(adviser.password),
      email_verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ...testApp,
    adviser: { ...adviser, id: row.id },
    identityDb: testApp.database.db as unknown as IdentityDb,
  };
}

/**
 * The query a hosted-backend client puts on `/app/login/`, with a state, as the portal's (since
 * 2026-11-30) and FusionAuth's SDKs' send; its redirect goes to `portal` (the local one by default).
 */
export function sdkLoginQuery(state = 'portal-state', portal = portalOrigin): string {
  return new URLSearchParams({
    client_id: waratahClientId,
    redirect_uri: `${portal}/auth-callback`,
    scope: 'openid email profile offline_access adviser',
    state,
  }).toString();
}

/**
 * A sign-in whose password the form accepted and that waits to be resumed: whoever knows the
 * password signs in with a browser of their own and does not follow the provider's redirect yet.
 * Answers that browser and where the redirect goes (`/oauth2/authorize/<uid>`).
 */
export async function holdSignIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ browser: TestBrowser; resume: string }> {
  const browser = new TestBrowser(app);
  const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
  const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1];
  if (!action) throw new Error(`no login form: ${page.response.body}`);
  const accepted = await browser.request(action, { method: 'POST', form: { email, password } });
  const resume = String(accepted.headers.location);
  if (accepted.statusCode !== 303 || !/\/oauth2\/authorize\/[\w-]+$/.test(resume))
    throw new Error(`the sign-in was not accepted: ${accepted.statusCode} ${accepted.body}`);
  return { browser, resume };
}
