import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMailSettled, latestMail } from '../../../platform/src/testing/latest-mail.ts';
import { holdLocked, waitForALockWait } from '../../../platform/src/testing/lock-wait.ts';
import { withPortalFeatures } from '../../../platform/src/testing/portal-features.ts';
import { emailVerificationLink, issueLinkToken } from '../accounts/link-tokens.ts';
import { hashPassword, verifyPassword } from '../accounts/password-hashing.ts';
import {
  buildIdentityTestApp,
  type IdentityTestApp,
  portalOrigin,
  sdkLoginQuery,
  waratahClientId,
} from '../testing/identity-test-app.ts';
import { TestBrowser } from '../testing/test-browser.ts';

const registration = {
  given_name: 'Grace',
  family_name: 'Hopper',
  email: 'grace.hopper@example.com.au',
  password: 'Compiler-Pioneer-1952',
  password_confirmation: 'Compiler-Pioneer-1952',
  terms: 'accepted',
};

describe('registration through the hosted backend', () => {
  let testApp: IdentityTestApp;
  beforeAll(async () => {
    testApp = await buildIdentityTestApp();
  });
  afterAll(() => testApp.close());

  async function openRegisterForm(browser: TestBrowser) {
    const page = await browser.follow(`/app/register/?${sdkLoginQuery('from-register')}`);
    expect(page.response.body).toContain('<h1>Create an account</h1>');
    const action = /action="([^"]+\/register)"/.exec(page.response.body)?.[1];
    if (!action) throw new Error('no registration form');
    return action;
  }

  it('shows every field error in the spec’s words and keeps what was typed', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, email: 'nope', password: 'short', password_confirmation: 'other', terms: '' },
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain('Please enter a valid email address');
    expect(result.body).toContain('Your password doesn&#39;t meet all the criteria below');
    expect(result.body).toContain('Passwords do not match');
    expect(result.body).toContain('Please agree to the terms and privacy policy');
    expect(result.body).toContain('value="Grace"');
  });

  it('refuses a common password that meets the rules, as the password tenants do', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, password: 'Password12345678', password_confirmation: 'Password12345678' },
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain(
      'This password is too common or has appeared in a data breach; please choose another',
    );
    const created = await testApp.database.db
      .selectFrom('admin_users')
      .select('id')
      .where('email', '=', registration.email)
      .execute();
    expect(created).toEqual([]);
  });

  it('reads a field holding the NUL character as missing, and says so', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, email: 'grace\u0000@example.com.au' },
    });
    expect(result.statusCode).toBe(400);
    expect(result.body).toContain('Please enter a valid email address');
  });

  /** The e-mailed link's page (`/app/verify-email/…`) and its form's action and token. */
  async function openConfirmationLink(browser: TestBrowser, email: string) {
    await accountMailSettled(testApp.app);
    const mail = await latestMail(testApp.app, email);
    const link = mail?.links[0]?.url ?? '';
    expect(link).toMatch(/\/app\/verify-email\/\?client_id=[^&]+&token=[A-Za-z0-9_-]{43}$/);
    const page = await browser.follow(link.replace(/^https?:\/\/[^/]+/, ''));
    const action = /action="([^"]+)"/.exec(page.response.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    return { mail, page, action, token: new URL(link).searchParams.get('token') ?? '' };
  }

  const verifiedAt = async (email: string) =>
    (
      await testApp.database.db
        .selectFrom('admin_users')
        .select('email_verified_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).email_verified_at;

  it('creates the adviser but signs no one in: it e-mails a link to confirm the address first', async () => {
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const done = await browser.follow(action, { method: 'POST', form: registration });
    expect(done.response.statusCode).toBe(200);
    expect(done.response.body).toContain('<h1>Confirm your e-mail address</h1>');
    expect(done.response.body).toContain(`We have e-mailed a link to ${registration.email}.`);
    expect((await browser.request('/app/me/')).statusCode).toBe(401);
    const row = await testApp.database.db
      .selectFrom('admin_users')
      .select(['tenant_id', 'kind', 'terms_accepted_at', 'password_hash', 'email_verified_at'])
      .where('email', '=', registration.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant_id: 'waratah',
      kind: 'adviser',
      terms_accepted_at: expect.any(Date),
      email_verified_at: null,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await accountMailSettled(testApp.app);
    expect(await latestMail(testApp.app, registration.email)).toMatchObject({
      tenant_id: 'waratah',
      subject: 'Confirm your e-mail address for the Waratah Adviser Portal',
    });
  });

  it('signs in no one with the right password before the address is confirmed, and sends a new link', async () => {
    const browser = new TestBrowser(testApp.app);
    const first = await latestMail(testApp.app, registration.email);
    const page = await browser.follow(`/app/login/?${sdkLoginQuery('later')}`);
    const action = /action="([^"]+\/login)"/.exec(page.response.body)?.[1] ?? '';
    const signIn = await browser.follow(action, {
      method: 'POST',
      form: { email: registration.email, password: registration.password },
    });
    expect(signIn.response.statusCode).toBe(403);
    expect(signIn.response.body).toContain('<h1>Confirm your e-mail address</h1>');
    expect((await browser.request('/app/me/')).statusCode).toBe(401);
    await accountMailSettled(testApp.app);
    const second = await latestMail(testApp.app, registration.email);
    expect(second?.links[0]?.url).not.toBe(first?.links[0]?.url);
    // A wrong password learns nothing about the address.
    const wrong = await browser.follow(action, {
      method: 'POST',
      form: { email: registration.email, password: 'Not-The-Password-123' },
    });
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.body).not.toContain('Confirm your e-mail address');
  });

  it('confirms the address from the newest link and the password, once; the adviser then signs in and is welcomed', async () => {
    const browser = new TestBrowser(testApp.app);
    const { page, action, token } = await openConfirmationLink(browser, registration.email);
    expect(page.response.body).toContain(`to confirm that ${registration.email} is your address`);
    // Opening the link changes nothing (a mail scanner may follow it).
    expect(await verifiedAt(registration.email)).toBeNull();
    // The mailbox alone does not confirm it: whoever registered another person's address cannot
    // have that person confirm the account for them.
    for (const password of ['', 'Not-The-Password-123']) {
      const refused = await browser.request(action, { method: 'POST', form: { token, password } });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toContain('Incorrect password. Please try again.');
    }
    expect(await verifiedAt(registration.email)).toBeNull();
    const confirmed = await browser.request(action, {
      method: 'POST',
      form: { token, password: registration.password },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('<h1>E-mail address confirmed</h1>');
    expect(confirmed.body).toContain(`href="${portalOrigin}/register/company"`);
    expect(await verifiedAt(registration.email)).toBeInstanceOf(Date);
    const again = await browser.request(action, {
      method: 'POST',
      form: { token, password: registration.password },
    });
    expect(again.statusCode).toBe(400);

    await accountMailSettled(testApp.app);
    const welcome = await latestMail(testApp.app, registration.email);
    expect(welcome).toMatchObject({
      subject: 'Welcome to the Waratah Adviser Portal',
      links: [{ label: 'Continue registration', url: `${portalOrigin}/register/company` }],
    });
    expect(welcome?.text).toContain('Hi Grace,');

    const login = await browser.follow(`/app/login/?${sdkLoginQuery('from-register')}`);
    const loginAction = /action="([^"]+\/login)"/.exec(login.response.body)?.[1] ?? '';
    const done = await browser.follow(loginAction, {
      method: 'POST',
      form: { email: registration.email, password: registration.password },
    });
    expect(done.url).toBe(`${portalOrigin}/auth-callback?state=from-register`);
    expect((await browser.request('/app/me/')).json()).toMatchObject({
      email: registration.email,
      email_verified: true,
      given_name: 'Grace',
      roles: ['adviser'],
    });
  });

  it('asks a provider session whose address is no longer confirmed to sign in again, rather than failing', async () => {
    // Signed in (a provider session), then the address counts as unconfirmed: a session from
    // before confirmation was required, or a suspended account, is found by no lookup.
    const browser = new TestBrowser(testApp.app);
    const login = await browser.follow(`/app/login/?${sdkLoginQuery('first')}`);
    const loginAction = /action="([^"]+\/login)"/.exec(login.response.body)?.[1] ?? '';
    const signedIn = await browser.follow(loginAction, {
      method: 'POST',
      form: { email: registration.email, password: registration.password },
    });
    expect(signedIn.url).toBe(`${portalOrigin}/auth-callback?state=first`);
    await testApp.database.db
      .updateTable('admin_users')
      .set({ email_verified_at: null })
      .where('email', '=', registration.email)
      .execute();
    const again = await browser.follow(`/app/login/?${sdkLoginQuery('second')}`);
    expect(again.response.statusCode).toBe(200);
    expect(again.url).toMatch(/\/oauth2\/interaction\//);
    expect(again.response.body).toContain('<button type="submit">Sign in</button>');
  });

  // Needs connections of its own for the confirmation and the new link: PGlite runs one statement at a time.
  it.runIf(process.env.DATABASE_URL)(
    'confirms an address while a new link is issued for the account at once, without a deadlock',
    async () => {
      const db = testApp.identityDb;
      const password = 'Racing-Links-Password-7';
      const { id } = await db
        .insertInto('admin_users')
        .values({
          tenant_id: 'waratah',
          email: 'racing.links@example.com.au',
          given_name: 'Racing',
          family_name: 'Links',
          roles: JSON.stringify(['adviser']),
          password_hash: await hashPassword(password),
          email_verified_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await issueLinkToken(db, emailVerificationLink, id);
      // The account's row held, so that a new link's issue and then the confirmation both wait for it.
      const account = await holdLocked(db, (trx) =>
        trx.selectFrom('admin_users').select('id').where('id', '=', id).forNoKeyUpdate().execute(),
      );
      const issued = issueLinkToken(db, emailVerificationLink, id);
      await waitForALockWait(db, 'never 1 waiting on a lock');
      const confirmed = new TestBrowser(testApp.app).request(
        `/app/verify-email/?${new URLSearchParams({ client_id: waratahClientId })}`,
        { method: 'POST', form: { token, password } },
      );
      await waitForALockWait(db, 'never 2 waiting on a lock', 2);
      await account.release();
      // The confirmation took the link before the account, the issue the account before the link:
      // without the confirmation taking the account first, PostgreSQL ended one of them (40P01).
      const [issue, confirm] = await Promise.allSettled([issued, confirmed]);
      expect(issue.status).toBe('fulfilled');
      expect(confirm.status === 'fulfilled' && confirm.value.statusCode).toBe(400);
    },
  );

  it('refuses a used, replaced, expired or invented link without confirming anything', async () => {
    const browser = new TestBrowser(testApp.app);
    for (const token of ['', 'x', 'A'.repeat(43)]) {
      const page = await browser.request(
        `/app/verify-email/?${new URLSearchParams({ client_id: waratahClientId, token })}`,
      );
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(
        'This link has expired or was already used. Sign in to have a new one sent.',
      );
    }
  });

  it('answers a confirmed account’s address as it would a new one, changes nothing, and tells its owner', async () => {
    const before = await testApp.database.db
      .selectFrom('admin_users')
      .select(['given_name', 'password_hash'])
      .where('id', '=', testApp.adviser.id)
      .executeTakeFirstOrThrow();
    const browser = new TestBrowser(testApp.app);
    const action = await openRegisterForm(browser);
    const email = testApp.adviser.email.toUpperCase();
    const result = await browser.request(action, {
      method: 'POST',
      form: { ...registration, given_name: 'Mallory', email },
    });
    // Before 2026-11-30: 400, "An account with this email address already exists".
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('<h1>Confirm your e-mail address</h1>');
    expect(result.body).toContain(`We have e-mailed a link to ${email}.`);
    expect(result.body).not.toContain('already');
    expect(
      await testApp.database.db
        .selectFrom('admin_users')
        .select(['given_name', 'password_hash'])
        .where('id', '=', testApp.adviser.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    await accountMailSettled(testApp.app);
    const notice = await latestMail(testApp.app, testApp.adviser.email);
    expect(notice).toMatchObject({
      subject: 'You already have a Waratah Adviser Portal account',
      links: [{ label: 'Sign in', url: `${portalOrigin}/` }],
    });
    expect(notice?.text).toContain(`/app/forgot-password/?client_id=${waratahClientId}`);
  });

  it('sends an invitation nobody accepted yet a link to accept it, and changes nothing', async () => {
    // An invited adviser (no password, unconfirmed), whose invitation's link may have lapsed.
    const email = 'ivy.invited@example.com.au';
    const invitee = await testApp.database.db
      .insertInto('admin_users')
      .values({
        tenant_id: 'waratah',
        email,
        given_name: 'Ivy',
        family_name: 'Invited',
        roles: JSON.stringify(['adviser']),
        permissions: JSON.stringify([]),
        password_hash: null,
        email_verified_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const browser = new TestBrowser(testApp.app);
    const result = await browser.request(await openRegisterForm(browser), {
      method: 'POST',
      form: { ...registration, given_name: 'Mallory', email },
    });
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain(`We have e-mailed a link to ${email}.`);
    await accountMailSettled(testApp.app);
    const account = () =>
      testApp.database.db
        .selectFrom('admin_users')
        .selectAll()
        .where('id', '=', invitee.id)
        .executeTakeFirstOrThrow();
    expect(await account()).toEqual(invitee);
    const note = await latestMail(testApp.app, email);
    expect(note?.subject).toBe('Your invitation to the Waratah Adviser Portal is waiting');
    expect(note?.text).toContain(
      'You have already been invited to the Waratah Adviser Portal, so no new account was made.',
    );
    expect(note?.text).toContain('The link works once and expires in 1 hour.');
    expect(note?.text).not.toContain('Mallory');
    expect(note?.links[0]?.label).toBe('Set password');
    const link = new URL(note?.links[0]?.url ?? '');
    expect(link.pathname).toBe('/app/reset-password/');

    // The link sets the invitee's first password and confirms the address, under the invited names.
    const password = 'Accepted-From-The-Note-2026';
    const set = await new TestBrowser(testApp.app).request(`${link.pathname}${link.search}`, {
      method: 'POST',
      form: { token: link.searchParams.get('token') ?? '', password, password_confirmation: password },
    });
    expect(set.statusCode).toBe(200);
    expect(await account()).toMatchObject({ given_name: 'Ivy', family_name: 'Invited' });
    expect((await account()).email_verified_at).toBeInstanceOf(Date);
    expect(await verifyPassword((await account()).password_hash, password)).toBe(true);
  });

  it('gives an account registered and never confirmed to whoever registers its address again', async () => {
    // Whoever registered someone else's address first cannot keep the account: the owner's new
    // registration replaces the name and password, and the confirmation asks for the new one.
    const email = 'squatted@example.com.au';
    const first = new TestBrowser(testApp.app);
    await first.request(await openRegisterForm(first), {
      method: 'POST',
      form: {
        ...registration,
        email,
        given_name: 'Mallory',
        password: 'Squatter-Password-99',
        password_confirmation: 'Squatter-Password-99',
      },
    });
    const owner = new TestBrowser(testApp.app);
    const again = await owner.request(await openRegisterForm(owner), {
      method: 'POST',
      form: { ...registration, email },
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(`We have e-mailed a link to ${email}.`);
    const rows = await testApp.database.db
      .selectFrom('admin_users')
      .select(['given_name', 'email_verified_at'])
      .where('email', '=', email)
      .execute();
    expect(rows).toEqual([{ given_name: 'Grace', email_verified_at: null }]);
    const { action, token } = await openConfirmationLink(owner, email);
    const squatter = await owner.request(action, {
      method: 'POST',
      form: { token, password: 'Squatter-Password-99' },
    });
    expect(squatter.statusCode).toBe(401);
    const confirmed = await owner.request(action, {
      method: 'POST',
      form: { token, password: registration.password },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await verifiedAt(email)).toBeInstanceOf(Date);
  });

  it('offers and takes no registration while the portal has it off (ta_register), and both again once on', async () => {
    const db = testApp.database.db;
    const browser = new TestBrowser(testApp.app);
    const email = 'registration.off@example.com.au';
    await withPortalFeatures(db, 'waratah', { ta_register: false }, async () => {
      // Before 2026-12-03 the identity's pages offered and took registrations whatever the portal showed.
      const start = await browser.follow(`/app/register/?${sdkLoginQuery('off')}`);
      expect(start.response.body).toContain('<h1>Sign in</h1>');
      expect(start.response.body).not.toContain('Create an account');
      const form = /action="([^"]+)\/login"/.exec(start.response.body)?.[1] ?? '';
      const asked = await browser.request(`${form}?screen=register`);
      expect(asked.body).toContain('<h1>Sign in</h1>');
      const refused = await browser.request(`${form}/register`, {
        method: 'POST',
        form: { ...registration, email },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Registration is off for this portal.');
      expect(await db.selectFrom('admin_users').select('id').where('email', '=', email).execute()).toEqual(
        [],
      );
    });
    const open = await browser.follow(`/app/register/?${sdkLoginQuery('on')}`);
    expect(open.response.body).toContain('<h1>Create an account</h1>');
  });

  it('confirms nothing when the address is registered again while the password is checked', async () => {
    const email = 'raced@example.com.au';
    const first = new TestBrowser(testApp.app);
    await first.request(await openRegisterForm(first), {
      method: 'POST',
      form: { ...registration, email },
    });
    const { action, token } = await openConfirmationLink(first, email);
    // Between the password's check and the confirmation (the sign-in limit's release runs there),
    // someone registers the address again with a password of their own.
    const limiter = testApp.app.rateLimiter;
    const release = limiter.release;
    let replaced = false;
    limiter.release = async (rule) => {
      if (!replaced) {
        replaced = true;
        await testApp.database.db
          .updateTable('admin_users')
          .set({ password_hash: await hashPassword('Someone-Else-Entirely-7') })
          .where('email', '=', email)
          .execute();
      }
      return release.call(limiter, rule);
    };
    try {
      const refused = await first.request(action, {
        method: 'POST',
        form: { token, password: registration.password },
      });
      expect(replaced).toBe(true);
      // Before 2026-12-03 the account was confirmed, under the other registrant's password.
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toContain('Incorrect password. Please try again.');
    } finally {
      limiter.release = release;
    }
    expect(await verifiedAt(email)).toBeNull();
  });

  // Needs a connection of its own to hold the account's row: PGlite runs one statement at a time.
  it.runIf(process.env.DATABASE_URL)(
    'confirms nothing when the address is registered again while the confirmation waits for the account',
    async () => {
      const email = 'raced.locked@example.com.au';
      const first = new TestBrowser(testApp.app);
      await first.request(await openRegisterForm(first), {
        method: 'POST',
        form: { ...registration, email },
      });
      const { action, token } = await openConfirmationLink(first, email);
      const db = testApp.identityDb;
      // The account's row held, as a registration of the address again holds it while it writes
      // the new registrant's password; the confirmation, its password checked, waits for the row.
      const newRegistrant = await hashPassword('Someone-Else-Entirely-7');
      const account = await holdLocked(
        db,
        (trx) =>
          trx.selectFrom('admin_users').select('id').where('email', '=', email).forNoKeyUpdate().execute(),
        (trx) =>
          trx
            .updateTable('admin_users')
            .set({ password_hash: newRegistrant })
            .where('email', '=', email)
            .execute(),
      );
      const confirming = first.request(action, {
        method: 'POST',
        form: { token, password: registration.password },
      });
      await waitForALockWait(db, 'the confirmation never waited for the account');
      await account.release();
      // The password is read again once the row is the confirmation's: a read before the lock
      // (or none) confirmed the account under the other registrant's password.
      const refused = await confirming;
      expect(refused.statusCode).toBe(401);
      expect(refused.body).toContain('Incorrect password. Please try again.');
      expect(await verifiedAt(email)).toBeNull();
    },
  );
});
