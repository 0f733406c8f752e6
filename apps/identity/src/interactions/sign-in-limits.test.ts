import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentityTestApp, type IdentityTestApp, sdkLoginQuery } from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

describe('sign-in form limits', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp({ credentials: { settings: { signInFailuresPerAccount: 2 } } });
  });
  afterAll(() => testApp.close());

  it('refuses even the right password once an account has too many failures', async () => {
    const browser = new TestBrowser(testApp.app);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery()}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    const attempt = (password: string) =>
      browser.request(action, { method: 'POST', form: { email: testApp.adviser.email, password } });
    expect((await attempt('Wrong-Password-Number-1')).statusCode).toBe(401);
    expect((await attempt('Wrong-Password-Number-2')).statusCode).toBe(401);
    const locked = await attempt(testApp.adviser.password);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toContain('Too many failed sign-in attempts');
  });
});
