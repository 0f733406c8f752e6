import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminUserDetails } from '../../../testing/build-admin-user-details.ts';
import { buildAppConfig } from '../../../testing/build-app-config.ts';
import {
  adminUserDetailsRoute,
  appConfigRoute,
  createFakeApi,
  type FakeRoutes,
  json,
  tokenRoute,
} from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';

const registerRoute = 'POST /api/admin/adminusers/register';
const verifyRoute = 'POST /api/adviser/parties/external/verify';
const setPasswordRoute = 'POST /api/admin/adminusers/reset/password';
const createPartyRoute = 'POST /api/adviser/parties/external';
const partyDetailsRoute = 'PUT /api/adviser/parties/external/details';
const getPartyDetailsRoute = 'GET /api/adviser/parties/external/details';
// The portal renders as moneypartner, a password tenant: it asks the admin family for the aggregators.
const aggregatorsRoute = 'GET /api/admin/brokers/aggregators';
const party = {
  id: 7,
  name: 'Lee Advice',
  abn: '51824753556',
  status: 'unverified',
  type: 'ta',
  profession: null,
  credentials: {},
  address: {},
  phone: null,
  website: null,
};

function registrationApi(routes: FakeRoutes = {}) {
  return createFakeApi({
    [appConfigRoute]: () => json({ data: buildAppConfig({ features: { ta_register: true } }) }),
    [registerRoute]: () => json({ data: { email: 'ada.lee@example.test', email_verified: false } }, 202),
    [verifyRoute]: ({ body }) =>
      json({
        data: {
          email: 'ada.lee@example.test',
          email_verified: Boolean((body as { code?: string }).code),
          invitation_token: 'inv-9',
        },
      }),
    [setPasswordRoute]: () => json({ data: { email: 'ada.lee@example.test' } }),
    [tokenRoute]: () => json({ access_token: 'new', expires_in: 3600, refresh_token: 'r' }),
    [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails(null) }),
    [aggregatorsRoute]: () => json({ data: [{ id: 3, name: 'Connective' }] }),
    [createPartyRoute]: () => json({ data: party }, 201),
    [partyDetailsRoute]: () => json({ data: party }),
    ...routes,
  });
}

type User = Awaited<ReturnType<typeof renderPortal>>['user'];

/** Fills in the business step's form for Lee Advice in Sydney (not the aggregator). */
async function fillLeeAdvice(user: User) {
  await user.type(screen.getByRole('textbox', { name: 'Business name' }), 'Lee Advice');
  await user.type(screen.getByRole('textbox', { name: 'ABN' }), '51 824 753 556');
  await user.type(screen.getByRole('textbox', { name: 'Street address' }), '1 George St');
  await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Sydney');
  await user.click(screen.getByRole('combobox', { name: 'State' }));
  await user.click(await screen.findByRole('option', { name: 'NSW' }));
  await user.type(screen.getByRole('textbox', { name: 'Postcode' }), '2000');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '02 9000 0000');
}

describe('registration', () => {
  it("starts at the profile step, which offers 'Already have an account?' and 'Sign In'", async () => {
    const { router } = await renderPortal({ url: '/register', api: registrationApi() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Register Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/profile');
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/');
  });

  it('is not found without ta_register', async () => {
    await renderPortal({ url: '/register/profile' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
  });

  it('gives the messages of spec §5 word for word', async () => {
    const api = registrationApi();
    const { user } = await renderPortal({ url: '/register/profile', api });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), '42');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name.')).toBeInTheDocument();
    expect(screen.getByText('Please agree to the terms and privacy policy')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();

    await user.clear(screen.getByRole('textbox', { name: 'First name' }));
    expect(screen.getByText('Please enter your first name')).toBeInTheDocument();
    expect(api.requestsTo(registerRoute)).toHaveLength(0);
  });

  it('runs from the profile to the completed application', { timeout: 20_000 }, async () => {
    const api = registrationApi();
    const { user, router } = await renderPortal({ url: '/register/profile', api });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada.lee@example.test');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lee');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Email' })).toBeInTheDocument();
    expect(screen.getByText(/ada\.lee@example\.test/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('link', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create a password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'Correct horse 42 battery');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Correct horse 42 battery');
    await user.click(screen.getByRole('button', { name: 'Create password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(aggregatorsRoute)).toHaveLength(1));
    await fillLeeAdvice(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Profession' }));
    await user.click(await screen.findByRole('option', { name: 'Broker' }));
    await user.type(screen.getByRole('textbox', { name: 'Australian credit licence number' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registration Complete' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/complete');
    expect(api.requestsTo(verifyRoute)[0]?.body).toEqual({ email: 'ada.lee@example.test', code: '123456' });
    expect(api.requestsTo(setPasswordRoute)[0]?.body).toMatchObject({ invitation_token: 'inv-9' });
    expect(api.requestsTo(createPartyRoute)[0]?.body).toMatchObject({
      name: 'Lee Advice',
      abn: '51824753556',
      address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
    });
    expect(api.requestsTo(partyDetailsRoute)[0]?.body).toEqual({
      profession: 'broker',
      credentials: { acl_number: '123456' },
    });
    expect(window.localStorage.getItem('waratah.registrationEmail')).toBeNull();
  });

  it('saves the aggregator again after a failure without registering the business twice', {
    timeout: 20_000,
  }, async () => {
    let detailsFail = true;
    const api = registrationApi({
      [partyDetailsRoute]: () =>
        detailsFail
          ? json(
              {
                error: { error_code: 'F0500', error_type: 'internal', error_message: 'The platform failed' },
              },
              500,
            )
          : json({ data: party }),
    });
    const { user } = await renderPortal({ url: '/register/company', api, signedInFor: 600 });

    await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' });
    await fillLeeAdvice(user);
    await user.type(screen.getByRole('textbox', { name: /Website/ }), 'https://leeadvice.example');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Aggregator' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Aggregator' }));
    await user.click(await screen.findByRole('option', { name: 'Connective' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/The platform failed/)).toBeInTheDocument();
    detailsFail = false;
    // The name corrected and the website taken away before trying again are saved too, not
    // dropped; what was not changed is not sent again.
    const name = screen.getByRole('textbox', { name: /Business name/ });
    await user.clear(name);
    await user.type(name, 'Lee Advice Group');
    await user.clear(screen.getByRole('textbox', { name: /Website/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(createPartyRoute)).toHaveLength(1);
    expect(api.requestsTo(partyDetailsRoute).map(({ body }) => body)).toEqual([
      { credentials: { aggregator_id: 3 } },
      { name: 'Lee Advice Group', website: null, credentials: { aggregator_id: 3 } },
    ]);
  });

  it('sends a field again that a failed save sent, when it is changed back', {
    timeout: 20_000,
  }, async () => {
    // A failed save may have been kept with its answer lost: the name it carried may be on the
    // platform, so changing it back to the registered name must be sent too.
    let detailsFailures = 2;
    const api = registrationApi({
      [partyDetailsRoute]: () =>
        detailsFailures-- > 0
          ? json(
              {
                error: { error_code: 'F0500', error_type: 'internal', error_message: 'The platform failed' },
              },
              500,
            )
          : json({ data: party }),
    });
    const { user } = await renderPortal({ url: '/register/company', api, signedInFor: 600 });

    await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' });
    await fillLeeAdvice(user);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Aggregator' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Aggregator' }));
    await user.click(await screen.findByRole('option', { name: 'Connective' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/The platform failed/)).toBeInTheDocument();

    const name = screen.getByRole('textbox', { name: /Business name/ });
    await user.clear(name);
    await user.type(name, 'Lee Advice Group');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.requestsTo(partyDetailsRoute)).toHaveLength(2));
    expect(await screen.findByText(/The platform failed/)).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'Lee Advice');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(createPartyRoute)).toHaveLength(1);
    expect(api.requestsTo(partyDetailsRoute).map(({ body }) => body)).toEqual([
      { credentials: { aggregator_id: 3 } },
      { name: 'Lee Advice Group', credentials: { aggregator_id: 3 } },
      { name: 'Lee Advice', credentials: { aggregator_id: 3 } },
    ]);
  });

  it('signs in again after a failed sign-in without setting the password twice', async () => {
    let signInFails = true;
    window.localStorage.setItem('waratah.registrationEmail', 'ada.lee@example.test');
    const api = registrationApi({
      [tokenRoute]: () =>
        signInFails
          ? json({ error: 'server_error', error_description: 'The sign-in failed' }, 503)
          : json({ access_token: 'new', expires_in: 3600 }),
    });
    const { user, router } = await renderPortal({ url: '/register/verify', api });
    await router.navigate('/register/password', { state: { invitationToken: 'inv-9' } });

    await screen.findByRole('heading', { level: 1, name: 'Create a password' });
    await user.type(screen.getByLabelText(/^Password/), 'Correct horse 42 battery');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Correct horse 42 battery');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    await waitFor(() => expect(api.requestsTo(tokenRoute)).toHaveLength(1));
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    signInFails = false;
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(setPasswordRoute)).toHaveLength(1);
    expect(api.requestsTo(tokenRoute)).toHaveLength(2);
  });

  it('e-mails a new code on request', async () => {
    window.localStorage.setItem('waratah.registrationEmail', 'ada.lee@example.test');
    const api = registrationApi();
    const { user } = await renderPortal({ url: '/register/verify', api });

    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText('We have sent you a new code')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requestsTo(verifyRoute)[0]?.body).toEqual({ email: 'ada.lee@example.test' }),
    );
    expect(within(screen.getByRole('main')).getByRole('img', { name: 'Email sent' })).toBeInTheDocument();
  });

  it('forgets a refused code once a new one is sent', async () => {
    window.localStorage.setItem('waratah.registrationEmail', 'ada.lee@example.test');
    const wrongCode = 'That code is not right. Check the e-mail, or ask for a new code.';
    const api = registrationApi({
      [verifyRoute]: ({ body }) =>
        (body as { code?: string }).code
          ? json({ error: { error_code: 'F0400', error_type: 'invalid', error_message: wrongCode } }, 400)
          : json({ data: { email: 'ada.lee@example.test', email_verified: false } }),
    });
    const { user } = await renderPortal({ url: '/register/verify', api });

    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(wrongCode)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText('We have sent you a new code')).toBeInTheDocument();
    expect(screen.queryByText(wrongCode)).not.toBeInTheDocument();
  });

  it('forgets the registration’s e-mail once a verify sends an account with a password to sign in', {
    timeout: 20_000,
  }, async () => {
    window.localStorage.setItem('waratah.registrationEmail', 'ada.lee@example.test');
    const api = registrationApi({
      [verifyRoute]: () => json({ data: { email: 'ada.lee@example.test', email_verified: true } }),
    });
    const { user, router } = await renderPortal({ url: '/register/verify', api });

    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Email verified');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    // Before 2026-12-03 it stayed, and the next person at this step was shown it and could resend.
    expect(window.localStorage.getItem('waratah.registrationEmail')).toBeNull();
    await router.navigate('/register/profile');
    await screen.findByRole('heading', { level: 1, name: 'Register Profile' });
    await router.navigate('/register/verify');
    expect(await screen.findByRole('link', { name: 'Start again' })).toBeInTheDocument();
  });

  it('keeps a code being checked when a new one is asked for meanwhile', async () => {
    window.localStorage.setItem('waratah.registrationEmail', 'ada.lee@example.test');
    let answerCode: () => void = () => {};
    const codeChecked = new Promise<void>((resolve) => (answerCode = resolve));
    const api = registrationApi({
      [verifyRoute]: async ({ body }) => {
        if (!(body as { code?: string }).code)
          return json({ data: { email: 'ada.lee@example.test', email_verified: false } });
        await codeChecked;
        return json({
          data: { email: 'ada.lee@example.test', email_verified: true, invitation_token: 'inv-9' },
        });
      },
    });
    const { user } = await renderPortal({ url: '/register/verify', api });

    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.requestsTo(verifyRoute)).toHaveLength(1));
    // Before 2026-12-02 a new code could be asked for while the code was checked, and the check's
    // answer was dropped: the address confirmed, the form still asking for a code.
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    answerCode();

    expect(await screen.findByRole('status')).toHaveTextContent('Email verified');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/register/password');
    expect(api.requestsTo(verifyRoute)).toHaveLength(1);
  });

  it('saves the business as its details when a registration whose answer was lost is refused as registered', {
    timeout: 20_000,
  }, async () => {
    let registrations = 0;
    const api = registrationApi({
      [createPartyRoute]: () => {
        registrations += 1;
        // The first is kept by the platform, but its answer never arrives.
        if (registrations === 1) throw new TypeError('Failed to fetch');
        return json(
          {
            error: {
              error_code: 'F0409',
              error_type: 'already_exists',
              error_message: 'Your business is already registered',
            },
          },
          409,
        );
      },
    });
    const { user } = await renderPortal({ url: '/register/company', api, signedInFor: 600 });

    await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' });
    await fillLeeAdvice(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.requestsTo(createPartyRoute)).toHaveLength(1));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Before 2026-12-02 'Your business is already registered' stayed, at every try, for ever.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(createPartyRoute)).toHaveLength(2);
    expect(api.requestsTo(partyDetailsRoute).map(({ body }) => body)).toEqual([
      {
        name: 'Lee Advice',
        abn: '51824753556',
        address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
        phone: '02 9000 0000',
        website: null,
      },
    ]);
  });

  it('saves the business as its details when the platform refuses it as registered already', {
    timeout: 20_000,
  }, async () => {
    // The portal does not know of the practice (another tab registered it), the platform does.
    const api = registrationApi({
      [createPartyRoute]: () =>
        json(
          {
            error: {
              error_code: 'F0409',
              error_type: 'already_exists',
              error_message: 'Your business is already registered',
            },
          },
          409,
        ),
    });
    const { user, router } = await renderPortal({ url: '/register/company', api, signedInFor: 600 });

    await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' });
    await fillLeeAdvice(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Before 2026-12-03 'Your business is already registered' stayed, at every try, for ever.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/credentials');
    expect(api.requestsTo(createPartyRoute)).toHaveLength(1);
    expect(api.requestsTo(partyDetailsRoute).map(({ body }) => body)).toEqual([
      {
        name: 'Lee Advice',
        abn: '51824753556',
        address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
        phone: '02 9000 0000',
        website: null,
      },
    ]);
  });

  it('starts with the practice’s details when an adviser who registered it comes back, and saves them', {
    timeout: 20_000,
  }, async () => {
    const registered = {
      ...party,
      address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      phone: '02 9000 0000',
      credentials: { aggregator_id: 3 },
    };
    const api = registrationApi({
      [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails('unverified') }),
      [getPartyDetailsRoute]: () => json({ data: registered }),
    });
    const { user, router } = await renderPortal({ url: '/register/company', api, signedInFor: 600 });

    await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' });
    expect(await screen.findByRole('textbox', { name: 'Business name' })).toHaveValue('Lee Advice');
    expect(screen.getByRole('textbox', { name: 'ABN' })).toHaveValue('51824753556');
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('2000');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('NSW');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your professional credentials' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/credentials');
    expect(api.requestsTo(createPartyRoute)).toHaveLength(0);
    expect(api.requestsTo(partyDetailsRoute).map(({ body }) => body)).toEqual([
      {
        name: 'Lee Advice',
        abn: '51824753556',
        address: { line1: '1 George St', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
        phone: '02 9000 00001',
        website: null,
        credentials: { aggregator_id: 3 },
      },
    ]);
  });

  it('signs in with the password a try whose answer was lost set, when the next try finds the link spent', async () => {
    window.localStorage.setItem('waratah.registrationEmail', 'ada.lee@example.test');
    const spent = 'This link has expired or has already been used; please ask for a new one';
    let tries = 0;
    const api = registrationApi({
      [setPasswordRoute]: () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch');
        return json(
          {
            error: {
              error_code: 'F0400',
              error_type: 'validation_failed',
              error_message: spent,
              fields: [{ field: 'body.invitation_token', message: spent }],
            },
          },
          400,
        );
      },
    });
    const { user, router } = await renderPortal({ url: '/register/verify', api });
    await router.navigate('/register/password', { state: { invitationToken: 'inv-9' } });

    await screen.findByRole('heading', { level: 1, name: 'Create a password' });
    await user.type(screen.getByLabelText(/^Password/), 'Correct horse 42 battery');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Correct horse 42 battery');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create password' }));

    // Before 2026-12-02 the spent link was all the step said, at every try.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about your business' }),
    ).toBeInTheDocument();
    expect(api.requestsTo(setPasswordRoute)).toHaveLength(2);
    expect(api.requestsTo(tokenRoute)).toHaveLength(1);
    expect(api.requestsTo(tokenRoute)[0]?.body).toMatchObject({
      username: 'ada.lee@example.test',
      password: 'Correct horse 42 battery',
    });
  });
});
