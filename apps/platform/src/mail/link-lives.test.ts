import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { accountMailSettled, latestMail } from '../testing/latest-mail.ts';
import { createSignedInAdminUser, inviteAdminUser, tenantHost } from '../testing/sign-in.ts';

// Before 2026-12-03 the e-mails said "7 days" and "1 hour" whatever the settings made the links' lives.
describe('the lives e-mails give their links', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({
      env: { AUTH_INVITATION_LINK_TTL_SECONDS: String(2 * 24 * 3600), AUTH_RESET_LINK_TTL_SECONDS: '1800' },
    });
  });
  afterAll(() => testApp.close());

  it('say the configured lives of the invitation and reset links', async () => {
    const adviser = await createSignedInAdminUser(testApp.app, { tenantId: 'waratahlabs' });
    await inviteAdminUser(testApp.app, adviser, 'lena.lives@example.test');
    expect((await latestMail(testApp.app, 'lena.lives@example.test'))?.text).toContain(
      'The link works once and expires in 2 days.',
    );

    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/adminusers/reset',
      headers: { host: tenantHost('waratahlabs') },
      payload: { email: adviser.adminUser.email },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await accountMailSettled(testApp.app);
    expect((await latestMail(testApp.app, adviser.adminUser.email))?.text).toContain(
      'The link works once and expires in 30 minutes.',
    );
  });
});
