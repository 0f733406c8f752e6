import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ManagedUser, PracticeConsents } from '@waratah/contracts';
import { toast } from '@waratah/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAdminUserDetails } from '../../../testing/build-admin-user-details.ts';
import { buildAppConfig } from '../../../testing/build-app-config.ts';
import {
  adminUserDetailsRoute,
  appConfigRoute,
  createFakeApi,
  type FakeRequest,
  type FakeRoutes,
  json,
} from '../../../testing/fake-api.ts';
import { renderPortal } from '../../../testing/render.tsx';
import { practiceConsentsQueryOptions } from '../api/get-practice-consents.ts';

// The portal renders as moneypartner, a password tenant: its client calls go to the admin family,
// but for the consents panel and the unlink, which only the adviser family has (docs/clients.md).
const usersRoute = 'GET /api/admin/users';
const inviteRoute = 'POST /api/admin/user/invite';
const consentsRoute = 'GET /api/adviser/users/consents';
const allFeatures = { invite_clients: true, suspend_users: true, unlink_user_from_ta: true };

function buildClient(id: number, overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    email: `client${id}@example.test`,
    given_name: 'Client',
    family_name: `Number ${id}`,
    status: 'active',
    consent: { status: 'active', start: '2026-06-01T00:00:00.000Z', expiry: '2027-05-31T00:00:00.000Z' },
    last_refreshed: '2026-11-19T03:00:00.000Z',
    needs_action_count: 0,
    created_at: '2026-06-01T00:00:00.000Z',
    ...overrides,
  };
}

// The lists compare expiries with today: a fixed today keeps the fixtures' consents six months
// from their end (so never "ending soon") whenever the tests run. Only `Date` is fixed; timers run.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T00:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const noConsents: PracticeConsents = { expiring: [], expiring_total: 0, ended: [], ended_total: 0 };

/** A platform with `total` clients that answers pages of them, filtered by `search` on e-mail. */
function clientsHandler(clients: ManagedUser[]) {
  return (request: FakeRequest) => {
    const search = request.url.searchParams.get('search') ?? '';
    const size = Number(request.url.searchParams.get('size'));
    const page = Number(request.url.searchParams.get('page') ?? '1');
    const found = clients.filter((client) => client.email.includes(search));
    return json({
      data: found.slice((page - 1) * size, page * size),
      paging: { cursors: {}, total: found.length },
    });
  };
}

async function renderDashboard({
  features = allFeatures,
  routes = {},
  url = '/dashboard',
}: {
  features?: Record<string, boolean>;
  routes?: FakeRoutes;
  url?: string;
} = {}) {
  const api = createFakeApi({
    [adminUserDetailsRoute]: () => json({ data: buildAdminUserDetails() }),
    [appConfigRoute]: () => json({ data: buildAppConfig({ features }) }),
    [usersRoute]: clientsHandler([buildClient(1), buildClient(2)]),
    [consentsRoute]: () => json({ data: noConsents }),
    ...routes,
  });
  const view = await renderPortal({ url, api, signedInFor: 600 });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return view;
}

/** Unlinks Client Number 2 from its row, confirming in the modal. */
async function unlinkClientTwo(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Unlink Client Number 2' }));
  const modal = await screen.findByRole('dialog', { name: 'Unlink Client Number 2 from your practice?' });
  await user.click(within(modal).getByRole('button', { name: 'Unlink client' }));
}

const unlinkedToast = 'Client Number 2 is no longer linked to your practice';

/** The route guard runs again for each new location; a focus jump would come once it has. */
const guardSettles = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

describe('the dashboard client list', () => {
  it('shows the count, each client with consent, expiry, refresh and connections, linked to their page', async () => {
    await renderDashboard({
      routes: {
        [usersRoute]: clientsHandler([
          buildClient(1, { needs_action_count: 2 }),
          buildClient(2, {
            status: 'invited',
            consent: { status: 'pending', start: null, expiry: null },
            last_refreshed: null,
          }),
        ]),
      },
    });

    expect(await screen.findByText('2 clients')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Your clients' });
    const first = within(table).getByRole('link', { name: 'Client Number 1' }).closest('tr') as HTMLElement;
    expect(within(table).getByRole('link', { name: 'Client Number 1' })).toHaveAttribute(
      'href',
      '/user/details/1',
    );
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('Expires 31 May 2027')).toBeInTheDocument();
    expect(within(first).getByText('19 Nov 2026')).toBeInTheDocument();
    expect(within(first).getByText('2 need action')).toBeInTheDocument();
    const second = within(table).getByRole('link', { name: 'Client Number 2' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('Pending')).toBeInTheDocument();
    expect(within(second).getByText('Not refreshed yet')).toBeInTheDocument();
  });

  it('says in words, not only in amber, that a consent is ending soon', async () => {
    const inTenDays = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString();
    await renderDashboard({
      routes: {
        [usersRoute]: clientsHandler([
          buildClient(1, {
            consent: { status: 'active', start: '2026-06-01T00:00:00.000Z', expiry: inTenDays },
          }),
          buildClient(2),
        ]),
      },
    });

    const table = await screen.findByRole('table', { name: 'Your clients' });
    const ending = within(table).getByRole('link', { name: 'Client Number 1' }).closest('tr') as HTMLElement;
    expect(within(ending).getByText(/^Active/)).toHaveTextContent(/^Active · , Ending soon$/);
    const lasting = within(table).getByRole('link', { name: 'Client Number 2' }).closest('tr') as HTMLElement;
    expect(within(lasting).getByText('Active')).toBeInTheDocument();
    expect(within(lasting).queryByText(/Ending soon/)).not.toBeInTheDocument();
  });

  it("uses the spec's plural forms for the count", async () => {
    await renderDashboard({ routes: { [usersRoute]: clientsHandler([]) } });
    expect(await screen.findByText('0 clients')).toBeInTheDocument();
    expect(screen.getByText('You have no clients yet. Invite a client to start.')).toBeInTheDocument();
  });

  it('asks for no invitation in an empty list where the tenant’s invite_clients feature is off', async () => {
    await renderDashboard({
      features: { suspend_users: true, unlink_user_from_ta: true },
      routes: { [usersRoute]: clientsHandler([]) },
    });
    expect(await screen.findByText('0 clients')).toBeInTheDocument();
    // Before 2026-12-03 it read "… Invite a client to start.", with no button to invite anyone.
    expect(screen.getByText('You have no clients yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Invite a client/)).not.toBeInTheDocument();
  });

  it('searches on the platform once typing pauses, and keeps the search in the URL', async () => {
    const { api, user, router } = await renderDashboard();
    await screen.findByText('2 clients');

    await user.type(screen.getByRole('searchbox', { name: 'Search clients by name or email' }), 'client2');

    expect(await screen.findByText('1 client')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=client2');
    const searches = api.requestsTo(usersRoute).map((request) => request.url.searchParams.get('search'));
    expect(searches.at(-1)).toBe('client2');
    // Typed letters are not each sent: the search waits for a pause.
    expect(searches.filter((search) => search !== null).length).toBeLessThan('client2'.length);
  });

  it('takes a search of at most 100 characters, the most the URL keeps, so that a longer one settles', async () => {
    const { api, user, router } = await renderDashboard();
    await screen.findByText('2 clients');
    const search = screen.getByRole('searchbox', { name: 'Search clients by name or email' });
    const longest = 'x'.repeat(100);

    await user.click(search);
    await user.paste(`${longest}${'y'.repeat(50)}`);

    // Before 2026-12-02 the box kept all 150, which never matched the 100 of the URL: a navigation
    // (scroll to the top, the route guard, its request) every 300 ms for as long as the page stayed.
    expect(search).toHaveValue(longest);
    await waitFor(() => expect(router.state.location.search).toBe(`?search=${longest}`));
    await waitFor(() =>
      expect(api.requestsTo(usersRoute).at(-1)?.url.searchParams.get('search')).toBe(longest),
    );
  });

  it('keeps a space typed before a pause, so that a search of two words stays two words', {
    timeout: 20_000,
  }, async () => {
    const { user, router } = await renderDashboard();
    await screen.findByText('2 clients');
    const search = screen.getByRole('searchbox', { name: 'Search clients by name or email' });

    await user.type(search, 'client ');
    // The pause writes the trimmed search to the URL; before 2026-12-03 it came back into the box
    // trimmed too, and the next word was typed onto the first ("client2").
    await waitFor(() => expect(router.state.location.search).toBe('?search=client'));
    await guardSettles();
    expect(search).toHaveValue('client ');
    await user.type(search, '2');

    expect(search).toHaveValue('client 2');
    await waitFor(() => expect(router.state.location.search).toBe('?search=client+2'));
  });

  it('keeps focus in the search box and on a sort button while the list follows the URL', async () => {
    const { user, router } = await renderDashboard();
    await screen.findByText('2 clients');
    const search = screen.getByRole('searchbox', { name: 'Search clients by name or email' });

    await user.type(search, 'client2');
    expect(await screen.findByText('1 client')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=client2');
    await guardSettles();
    expect(search).toHaveFocus();

    const sortByEmail = screen.getByRole('button', { name: /Email/ });
    await user.click(sortByEmail);
    await waitFor(() => expect(router.state.location.search).toBe('?search=client2&sort=email'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await guardSettles();
    expect(sortByEmail).toBeInTheDocument();
    expect(sortByEmail).toHaveFocus();
  });

  it('restores search, sort and page from the URL and pages and sorts on the platform', async () => {
    const many = Array.from({ length: 45 }, (_, index) => buildClient(index + 1));
    const { api, user, router } = await renderDashboard({
      url: '/dashboard?sort=email&order=desc&page=2',
      routes: { [usersRoute]: clientsHandler(many) },
    });

    expect(await screen.findByText('45 clients')).toBeInTheDocument();
    const asked = api.requestsTo(usersRoute)[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({ sort: 'email', order: 'desc', page: '2', size: '20' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();

    // Another column sorts ascending from the first page: every default, so a bare URL.
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?order=desc'));
  }, 20_000);

  it('goes to the last page when the URL asks for one past the end', async () => {
    const many = Array.from({ length: 45 }, (_, index) => buildClient(index + 1));
    const { router } = await renderDashboard({
      url: '/dashboard?page=9',
      routes: { [usersRoute]: clientsHandler(many) },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('says so when the list cannot load, and tries again', async () => {
    let fail = true;
    await renderDashboard({
      routes: {
        [usersRoute]: (request) =>
          fail
            ? json({ error: { error_code: 'F0000', error_type: 'internal', error_message: 'Down' } }, 400)
            : clientsHandler([buildClient(1)])(request),
      },
    });
    expect(await screen.findByText('We could not load your clients.')).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('1 client')).toBeInTheDocument();
  });

  it('holds Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    // Before 2026-12-03 it was offered at once: asked again sooner, the platform only refused again.
    const { api } = await renderDashboard({
      routes: {
        [usersRoute]: () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '120' }),
      },
    });
    const failed = await screen.findByText(/We could not load your clients\./, {}, { timeout: 15_000 });
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('You can try again in 2 minutes.');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    const asked = api.requestsTo(usersRoute).length;
    retry.click();
    await guardSettles();
    expect(api.requestsTo(usersRoute)).toHaveLength(asked);
  });
});

describe('the dashboard client actions', () => {
  it('hides invite, suspend and unlink when their features are off', async () => {
    await renderDashboard({ features: {} });
    await screen.findByText('2 clients');
    expect(screen.queryByRole('button', { name: 'Invite a client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Suspend/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unlink/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('invites a client after checking the form, then says so and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const invited = buildClient(3, { email: 'new@example.test', status: 'invited' });
    const { api, user } = await renderDashboard({
      routes: { [inviteRoute]: () => json({ data: invited }, 201) },
    });
    await screen.findByText('2 clients');

    await user.click(screen.getByRole('button', { name: 'Invite a client' }));
    const drawer = await screen.findByRole('dialog', { name: 'Invite a client' });
    await user.type(within(drawer).getByLabelText(/^Email/), 'not-an-email');
    await user.type(within(drawer).getByLabelText(/^First name/), '42');
    await user.click(within(drawer).getByRole('button', { name: 'Send invitation' }));
    // Spec §5's messages, word for word: an empty name is asked for, a name that is none refused.
    expect(within(drawer).getByLabelText(/^Email/)).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(within(drawer).getByLabelText(/^First name/)).toHaveAccessibleDescription(
      'Please enter a valid first name',
    );
    expect(within(drawer).getByLabelText(/^Last name/)).toHaveAccessibleDescription(
      'Please enter your last name.',
    );
    await user.clear(within(drawer).getByLabelText(/^First name/));
    expect(within(drawer).getByLabelText(/^First name/)).toHaveAccessibleDescription(
      'Please enter your first name',
    );
    expect(api.requestsTo(inviteRoute)).toHaveLength(0);

    // A pasted address with a space around it is taken, as the register and reset forms take it.
    await user.clear(within(drawer).getByLabelText(/^Email/));
    await user.click(within(drawer).getByLabelText(/^Email/));
    await user.paste(' new@example.test ');
    await user.type(within(drawer).getByLabelText(/^First name/), 'New');
    await user.type(within(drawer).getByLabelText(/^Last name/), 'Client');
    const listCalls = api.requestsTo(usersRoute).length;
    await user.click(within(drawer).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(inviteRoute)[0]?.body).toEqual({
      email: 'new@example.test',
      given_name: 'New',
      family_name: 'Client',
    });
    expect(success).toHaveBeenCalledWith('Invitation sent to new@example.test', { duration: 5000 });
    await waitFor(() => expect(api.requestsTo(usersRoute).length).toBeGreaterThan(listCalls));
  });

  it('closes the drawer with its toast at once, not once the list has reloaded', async () => {
    const success = vi.spyOn(toast, 'success');
    const list = clientsHandler([buildClient(1), buildClient(2)]);
    let invited = false;
    const { api, user } = await renderDashboard({
      routes: {
        [inviteRoute]: () => {
          invited = true;
          return json({ data: buildClient(3, { email: 'new@example.test', status: 'invited' }) }, 201);
        },
        // A busy platform: the list asked for again after the invitation does not answer.
        [usersRoute]: (request) => (invited ? new Promise<Response>(() => undefined) : list(request)),
      },
    });
    await screen.findByText('2 clients');

    await user.click(screen.getByRole('button', { name: 'Invite a client' }));
    const drawer = await screen.findByRole('dialog', { name: 'Invite a client' });
    await user.type(within(drawer).getByLabelText(/^Email/), 'new@example.test');
    await user.type(within(drawer).getByLabelText(/^First name/), 'New');
    await user.type(within(drawer).getByLabelText(/^Last name/), 'Client');
    const listCalls = api.requestsTo(usersRoute).length;
    await user.click(within(drawer).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Invitation sent to new@example.test', { duration: 5000 });
    expect(api.requestsTo(usersRoute).length).toBeGreaterThan(listCalls);
  });

  it('says how an invitation went when the drawer was closed while it was sent', {
    timeout: 20_000,
  }, async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    const answers: (() => void)[] = [];
    const { api, user } = await renderDashboard({
      routes: {
        [inviteRoute]: async ({ body }) => {
          await new Promise<void>((resolve) => answers.push(resolve));
          const { email } = body as { email: string };
          return email.startsWith('new')
            ? json({ data: buildClient(3, { email, status: 'invited' }) }, 201)
            : json({ error: { error_code: 'F0500', error_type: 'internal', error_message: 'x' } }, 500);
        },
      },
    });
    await screen.findByText('2 clients');
    for (const email of ['new@example.test', 'other@example.test']) {
      await user.click(screen.getByRole('button', { name: 'Invite a client' }));
      const drawer = await screen.findByRole('dialog', { name: 'Invite a client' });
      await user.type(within(drawer).getByLabelText(/^Email/), email);
      await user.type(within(drawer).getByLabelText(/^First name/), 'New');
      await user.type(within(drawer).getByLabelText(/^Last name/), 'Client');
      await user.click(within(drawer).getByRole('button', { name: 'Send invitation' }));
      await waitFor(() => expect(answers).toHaveLength(api.requestsTo(inviteRoute).length));
      await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // Answered once closed; the next is sent once this one is answered (the form waits till then).
      answers.at(-1)?.();
      await waitFor(() => expect(success.mock.calls.length + failure.mock.calls.length).toBe(answers.length));
    }

    // Before 2026-12-02 neither was said: the invitation went out, or failed, unannounced.
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Invitation sent to new@example.test', { duration: 5000 }),
    );
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('We could not send the invitation. Please try again.', {
        duration: 5000,
      }),
    );
  });

  it('keeps the form busy while an invitation is on its way, even once the drawer is closed and reopened', {
    timeout: 20_000,
  }, async () => {
    const success = vi.spyOn(toast, 'success');
    const answers: (() => void)[] = [];
    const { api, user } = await renderDashboard({
      routes: {
        [inviteRoute]: async ({ body }) => {
          await new Promise<void>((resolve) => answers.push(resolve));
          const { email } = body as { email: string };
          return json({ data: buildClient(3, { email, status: 'invited' }) }, 201);
        },
      },
    });
    await screen.findByText('2 clients');
    const fill = async (drawer: HTMLElement) => {
      await user.type(within(drawer).getByLabelText(/^Email/), 'new@example.test');
      await user.type(within(drawer).getByLabelText(/^First name/), 'New');
      await user.type(within(drawer).getByLabelText(/^Last name/), 'Client');
    };
    await user.click(screen.getByRole('button', { name: 'Invite a client' }));
    let drawer = await screen.findByRole('dialog', { name: 'Invite a client' });
    await fill(drawer);
    await user.click(within(drawer).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Invite a client' }));
    drawer = await screen.findByRole('dialog', { name: 'Invite a client' });
    await fill(drawer);
    // Before 2026-12-03 closing cleared the busy state: this sent the invitation again (a 409).
    const send = within(drawer).getByRole('button', { name: 'Send invitation' });
    expect(send).toHaveAttribute('aria-busy', 'true');
    expect(send).toBeDisabled();
    await user.click(send);
    expect(api.requestsTo(inviteRoute)).toHaveLength(1);

    answers[0]?.();
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Invitation sent to new@example.test', { duration: 5000 }),
    );
    await waitFor(() =>
      expect(within(drawer).getByRole('button', { name: 'Send invitation' })).toBeEnabled(),
    );
    expect(api.requestsTo(inviteRoute)).toHaveLength(1);
  });

  it('shows the platform’s refusal of an invitation in the drawer, and only there', {
    timeout: 20_000,
  }, async () => {
    const failure = vi.spyOn(toast, 'error');
    const { user } = await renderDashboard({
      routes: {
        [inviteRoute]: () =>
          json(
            {
              error: {
                error_code: 'F0409',
                error_type: 'already_exists',
                error_message: 'client1@example.test is already one of your clients',
              },
            },
            409,
          ),
      },
    });
    await screen.findByText('2 clients');
    await user.click(screen.getByRole('button', { name: 'Invite a client' }));
    const drawer = await screen.findByRole('dialog', { name: 'Invite a client' });
    await user.type(within(drawer).getByLabelText(/^Email/), 'client1@example.test');
    await user.type(within(drawer).getByLabelText(/^First name/), 'Client');
    await user.type(within(drawer).getByLabelText(/^Last name/), 'One');
    await user.click(within(drawer).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(drawer).findByText('client1@example.test is already one of your clients'),
    ).toBeInTheDocument();
    // Before 2026-12-03 a toast said too "We could not send the invitation. Please try again.".
    await guardSettles();
    expect(failure).not.toHaveBeenCalled();
  });

  it('suspends a client after confirmation, naming the practice, and keeps focus on the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const { api, user } = await renderDashboard({
      routes: { 'PUT /api/admin/users/1': () => json({ data: buildClient(1, { status: 'suspended' }) }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend Client Number 1' }));
    const modal = await screen.findByRole('dialog', { name: 'Suspend Client Number 1?' });
    await user.click(within(modal).getByRole('button', { name: 'Suspend client' }));

    await waitFor(() => expect(api.requestsTo('PUT /api/admin/users/1')).toHaveLength(1));
    const request = api.requestsTo('PUT /api/admin/users/1')[0];
    expect(request?.body).toEqual({ status: 'suspended' });
    expect(request?.headers.get('X-External-Party-Id')).toBe('7');
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Client Number 1 is suspended', { duration: 5000 }),
    );
    // The busy Suspend button cannot keep focus: it goes to the list's heading, not to the page.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Your clients' })).toHaveFocus(),
    );
  });

  it('says what lifting a suspension gave back, and who alone may lift it when refused', async () => {
    const success = vi.spyOn(toast, 'success');
    const failure = vi.spyOn(toast, 'error');
    const refusal = 'Someone else suspended this client: only they or the operator can reactivate them';
    const { user } = await renderDashboard({
      routes: {
        [usersRoute]: clientsHandler([
          buildClient(1, { status: 'suspended' }),
          buildClient(2, { status: 'suspended' }),
        ]),
        // An invitee comes back invited, not active.
        'PUT /api/admin/users/1': () =>
          json({
            data: buildClient(1, {
              status: 'invited',
              consent: { status: 'pending', start: null, expiry: null },
            }),
          }),
        'PUT /api/admin/users/2': () =>
          json({ error: { error_code: 'F0201', error_type: 'forbidden', error_message: refusal } }, 403),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reactivate Client Number 1' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Client Number 1 is no longer suspended. Their invitation is still waiting for them.',
        { duration: 5000 },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Reactivate Client Number 2' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(`Client Number 2 stays suspended. ${refusal}`, { duration: 5000 }),
    );
  });

  it('says plainly what unlinking does to shared data, does nothing on cancel, and reports a failure', async () => {
    const failure = vi.spyOn(toast, 'error');
    const { api, user } = await renderDashboard({
      routes: {
        'DELETE /api/adviser/users/2': () =>
          json({ error: { error_code: 'F0000', error_type: 'internal', error_message: 'Down' } }, 500),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unlink Client Number 2' }));
    let modal = await screen.findByRole('dialog', { name: 'Unlink Client Number 2 from your practice?' });
    expect(modal).toHaveTextContent('Your practice loses access to everything they share');
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(api.requestsTo('DELETE /api/adviser/users/2')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unlink Client Number 2' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Unlink Client Number 2' }));
    modal = await screen.findByRole('dialog', { name: 'Unlink Client Number 2 from your practice?' });
    await user.click(within(modal).getByRole('button', { name: 'Unlink client' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('We could not unlink Client Number 2. Please try again.', {
        duration: 5000,
      }),
    );
    expect(api.requestsTo('DELETE /api/adviser/users/2')[0]?.headers.get('X-External-Party-Id')).toBe('7');
    expect(screen.getByRole('heading', { level: 2, name: 'Your clients' })).toHaveFocus();
  });

  it('refreshes the list and asks for no retry when a colleague already unlinked the client', {
    timeout: 20_000,
  }, async () => {
    const failure = vi.spyOn(toast, 'error');
    let clients = [buildClient(1), buildClient(2)];
    const { api, user } = await renderDashboard({
      routes: {
        [usersRoute]: (request) => clientsHandler(clients)(request),
        'DELETE /api/adviser/users/2': () =>
          json({ error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No' } }, 404),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Unlink Client Number 2' }));
    // A colleague unlinks the client meanwhile: the list on screen (15 s fresh) still shows them.
    clients = [buildClient(1)];
    const modal = await screen.findByRole('dialog', { name: 'Unlink Client Number 2 from your practice?' });
    await user.click(within(modal).getByRole('button', { name: 'Unlink client' }));

    // Before 2026-12-03: "We could not unlink … Please try again.", the row stayed, and each try was a 404.
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith('Client Number 2 was already unlinked from your practice.', {
        duration: 5000,
      }),
    );
    expect(await screen.findByText('1 client')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlink Client Number 2' })).not.toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/adviser/users/2')).toHaveLength(1);
  });

  it('says why a suspension or unlink the platform refuses for good cannot pass, and refreshes the list', async () => {
    const failure = vi.spyOn(toast, 'error');
    let clients = [buildClient(1), buildClient(2)];
    const off = (message: string) =>
      json({ error: { error_code: 'F0204', error_type: 'feature_off', error_message: message } }, 403);
    const { api, user } = await renderDashboard({
      routes: {
        [usersRoute]: (request) => clientsHandler(clients)(request),
        // The client's consent ended meanwhile: they stay in the list, but the practice may not change them.
        'PUT /api/admin/users/1': () => {
          clients = [
            buildClient(1, { consent: { status: 'withdrawn', start: null, expiry: null } }),
            clients[1] as ManagedUser,
          ];
          return json({ error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No' } }, 404);
        },
        // The tenant's features were switched off meanwhile.
        'PUT /api/admin/users/2': () => off("Changing a client's status needs the suspend_users feature"),
        'DELETE /api/adviser/users/2': () =>
          off('Unlinking a client needs the unlink_user_from_ta feature, which is off for this portal'),
      },
    });
    await screen.findByText('2 clients');

    const listCalls = api.requestsTo(usersRoute).length;
    await user.click(screen.getByRole('button', { name: 'Suspend Client Number 1' }));
    let modal = await screen.findByRole('dialog', { name: 'Suspend Client Number 1?' });
    await user.click(within(modal).getByRole('button', { name: 'Suspend client' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        'We could not suspend Client Number 1: your practice can no longer change them. They may have been unlinked, or their consent may have ended.',
        { duration: 5000 },
      ),
    );
    await waitFor(() => expect(api.requestsTo(usersRoute).length).toBeGreaterThan(listCalls));
    const row = (await screen.findByText('Withdrawn')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Client Number 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suspend Client Number 2' }));
    modal = await screen.findByRole('dialog', { name: 'Suspend Client Number 2?' });
    await user.click(within(modal).getByRole('button', { name: 'Suspend client' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        'We could not suspend Client Number 2: suspending clients is turned off for your portal.',
        { duration: 5000 },
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Unlink Client Number 2' }));
    modal = await screen.findByRole('dialog', { name: 'Unlink Client Number 2 from your practice?' });
    await user.click(within(modal).getByRole('button', { name: 'Unlink client' }));
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        'We could not unlink Client Number 2: unlinking clients is turned off for your portal.',
        { duration: 5000 },
      ),
    );
    expect(failure).not.toHaveBeenCalledWith(expect.stringContaining('Please try again'), expect.anything());
  }, 20_000);

  it('says in our words that a reactivation is refused because the tenant’s suspend_users feature is off', async () => {
    const failure = vi.spyOn(toast, 'error');
    const features = { ...allFeatures };
    const refusal = "Changing a client's status needs the suspend_users feature";
    const { user } = await renderDashboard({
      features,
      routes: {
        [usersRoute]: clientsHandler([buildClient(1, { status: 'suspended' }), buildClient(2)]),
        // The tenant's operator switched the feature off meanwhile: the refusal's code says so, and
        // the toast is told at once, from it alone (the app config is refreshed for the buttons).
        'PUT /api/admin/users/1': () =>
          json({ error: { error_code: 'F0204', error_type: 'feature_off', error_message: refusal } }, 403),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reactivate Client Number 1' }));

    // Before 2026-12-04 the platform's own words: "Client Number 1 stays suspended. Changing a …".
    await waitFor(() =>
      expect(failure).toHaveBeenCalledWith(
        'We could not reactivate Client Number 1: suspending and reactivating clients is turned off for your portal.',
        { duration: 5000 },
      ),
    );
    expect(failure).not.toHaveBeenCalledWith(expect.stringContaining(refusal), expect.anything());
  });

  it('takes away the buttons of a feature the platform says is off, without a reload', async () => {
    const features = { ...allFeatures };
    const off = (message: string) =>
      json({ error: { error_code: 'F0204', error_type: 'feature_off', error_message: message } }, 403);
    const { user } = await renderDashboard({
      features,
      routes: {
        // The tenant's operator switched each feature off meanwhile.
        'PUT /api/admin/users/1': () => {
          features.suspend_users = false;
          return off("Changing a client's status needs the suspend_users feature");
        },
        'DELETE /api/adviser/users/2': () => {
          features.unlink_user_from_ta = false;
          return off(
            'Unlinking a client needs the unlink_user_from_ta feature, which is off for this portal',
          );
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend Client Number 1' }));
    const modal = await screen.findByRole('dialog', { name: 'Suspend Client Number 1?' });
    await user.click(within(modal).getByRole('button', { name: 'Suspend client' }));

    // Before 2026-12-04 the list was refreshed, but not the app config: every Suspend stayed.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Suspend/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Unlink Client Number 1' })).toBeInTheDocument();

    await unlinkClientTwo(user);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Unlink/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('says a client is unlinked at once, while the list is still on its way', async () => {
    const success = vi.spyOn(toast, 'success');
    const list = clientsHandler([buildClient(1), buildClient(2)]);
    let unlinked = false;
    const { user } = await renderDashboard({
      routes: {
        // A busy platform: the list asked for again after the unlink does not answer.
        [usersRoute]: (request) => (unlinked ? new Promise<Response>(() => undefined) : list(request)),
        'DELETE /api/adviser/users/2': () => {
          unlinked = true;
          return new Response(null, { status: 204 });
        },
      },
    });
    await unlinkClientTwo(user);

    await waitFor(() => expect(success).toHaveBeenCalledWith(unlinkedToast, { duration: 5000 }));
  });

  it('moves focus to the list once an unlinked client has gone from it', async () => {
    const success = vi.spyOn(toast, 'success');
    let clients = [buildClient(1), buildClient(2)];
    const { user } = await renderDashboard({
      routes: {
        [usersRoute]: (request) => clientsHandler(clients)(request),
        'DELETE /api/adviser/users/2': () => {
          clients = [buildClient(1)];
          return new Response(null, { status: 204 });
        },
      },
    });
    await unlinkClientTwo(user);

    await waitFor(() => expect(success).toHaveBeenCalledWith(unlinkedToast, { duration: 5000 }));
    expect(await screen.findByText('1 client')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your clients' })).toHaveFocus();
  });
});

describe('the practice consents panel', () => {
  it('lists consents ending within 30 days and those that ended, with how many more there are', async () => {
    const consent = (id: number, status: 'active' | 'withdrawn', expiry: string, withdrawnAt?: string) => ({
      client_id: id,
      email: `c${id}@example.test`,
      given_name: 'Con',
      family_name: `Sent ${id}`,
      status,
      expiry,
      withdrawn_at: withdrawnAt ?? null,
    });
    await renderDashboard({
      routes: {
        [consentsRoute]: () =>
          json({
            data: {
              expiring: [consent(5, 'active', '2026-12-01T00:00:00.000Z')],
              expiring_total: 1,
              ended: [consent(6, 'withdrawn', '2027-03-01T00:00:00.000Z', '2026-10-01T00:00:00.000Z')],
              ended_total: 12,
            },
          }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Consents to follow up' });
    expect(await within(panel).findByRole('link', { name: 'Con Sent 5' })).toHaveAttribute(
      'href',
      '/user/details/5',
    );
    expect(within(panel).getByText('Ends 1 Dec 2026')).toBeInTheDocument();
    expect(within(panel).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(panel).getByText('Withdrawn 1 Oct 2026')).toBeInTheDocument();
    expect(within(panel).getByText('and 11 more')).toBeInTheDocument();
  });

  it('keeps the lists when a refetch fails, and tries a first load that failed again', async () => {
    let fail = false;
    const consents: PracticeConsents = {
      ...noConsents,
      ended: [
        {
          client_id: 6,
          email: 'c6@example.test',
          given_name: 'Con',
          family_name: 'Sent 6',
          status: 'expired',
          expiry: '2026-11-01T00:00:00.000Z',
          withdrawn_at: null,
        },
      ],
      ended_total: 1,
    };
    const down = () =>
      json({ error: { error_code: 'F0000', error_type: 'internal', error_message: 'Down' } }, 400);
    const { portal, user } = await renderDashboard({
      routes: { [consentsRoute]: () => (fail ? down() : json({ data: consents })) },
    });
    const { queryKey } = practiceConsentsQueryOptions(portal.apiClient);
    const panel = await screen.findByRole('region', { name: 'Consents to follow up' });
    expect(await within(panel).findByRole('link', { name: 'Con Sent 6' })).toBeInTheDocument();

    fail = true;
    await act(() => portal.queryClient.refetchQueries({ queryKey }));
    expect(within(panel).getByRole('link', { name: 'Con Sent 6' })).toBeInTheDocument();
    expect(within(panel).queryByText("We could not load your practice's consents.")).not.toBeInTheDocument();

    // No lists yet: the error, with a way to try again.
    await act(() => portal.queryClient.resetQueries({ queryKey }));
    expect(await within(panel).findByText("We could not load your practice's consents.")).toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('link', { name: 'Con Sent 6' })).toBeInTheDocument();
  });

  it('waits out a busy platform’s Retry-After before it offers to try again, and says for how long', async () => {
    // Before 2026-12-03 it was offered at once: asked again sooner, the platform only refused again.
    const { api } = await renderDashboard({
      routes: {
        [consentsRoute]: () =>
          json({ error: { error_code: 'F0429', error_message: 'Too many requests' } }, 429, {
            'Retry-After': '30',
          }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Consents to follow up' });
    const failed = await within(panel).findByText(/We could not load your practice's consents\./);
    const alert = failed.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('You can try again in 30 seconds.');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    expect(retry).toHaveAttribute('aria-disabled', 'true');
    retry.click();
    await guardSettles();
    expect(api.requestsTo(consentsRoute)).toHaveLength(1);
  });
});
