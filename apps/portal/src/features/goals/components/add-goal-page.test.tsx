import { screen, waitFor, within } from '@testing-library/react';
import type { Account } from '@waratah/contracts';
import { describe, expect, it } from 'vitest';
import { buildAdminUserDetails } from '../../../testing/build-admin-user-details.ts';
import { buildGoal } from '../../../testing/build-goal.ts';
import { adminUserDetailsRoute, type FakeHandler, json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';
import { renderPageWithProviders } from '../../../testing/render-page-with-providers.tsx';
import { AddGoalPage } from './add-goal-page.tsx';

const account: Account = {
  id: 31,
  provider_account_id: 11,
  provider_id: 3,
  provider_name: 'Harbour Bank',
  account_name: 'Bonus Saver',
  nick_name: null,
  account_number: 'xxxx5678',
  bsb: '062-000',
  account_status: 'active',
  account_attributes: { container: 'bank', account_type: 'savings' },
  owner_type: 'individual',
  included: true,
  hidden: false,
  current_balance: { amount: '1250.40', currency: 'AUD' },
  available_balance: null,
  refresh_status: {
    status: 'success',
    sub_status: 'success',
    additional_status: null,
    last_refreshed: '2026-11-20T01:00:00Z',
    next_refresh: null,
  },
};

function renderAddGoal(
  createGoal: FakeHandler = (request) =>
    json({ data: buildGoal({ name: String((request.body as { name: string }).name) }) }, 201),
) {
  return renderPageWithProviders({
    path: '/user/details/:id/add-goal',
    url: '/user/details/5/add-goal',
    page: <AddGoalPage clientId={5} backHref="/user/details/5/goals" />,
    routes: {
      'GET /api/v2/accounts': () => json({ data: [account, { ...account, id: 32, hidden: true }] }),
      'POST /api/v2/goals': createGoal,
    },
  });
}

async function fill(user: ReturnType<typeof renderAddGoal>['user'], name: RegExp, text: string) {
  await user.click(await screen.findByRole('textbox', { name }));
  await user.paste(text);
}

async function chooseAccount(user: ReturnType<typeof renderAddGoal>['user']) {
  const trigger = await screen.findByRole('combobox', { name: /^Account/ });
  trigger.focus();
  await user.keyboard('{Enter}');
  expect(screen.getAllByRole('option')).toHaveLength(1);
  await user.keyboard('{Enter}');
}

/** Fills in the 'New car' goal ($12,000 at $500.50 a month into the one account) and adds it. */
async function addNewCarGoal(user: ReturnType<typeof renderAddGoal>['user']) {
  await fill(user, /^Goal name/, 'New car');
  await chooseAccount(user);
  await fill(user, /^Target amount/, '$12,000');
  await fill(user, /^Amount per period/, '500.50');
  await user.click(screen.getByRole('button', { name: 'Add goal' }));
}

// Whole-form journeys with the kit's Radix parts; slow on a busy machine, not flaky.
describe('AddGoalPage', { timeout: 20_000 }, () => {
  it('creates the goal on the client’s behalf, then goes back to the goals with a toast', async () => {
    const { api, router, user } = renderAddGoal();
    await addNewCarGoal(user);

    expect(await screen.findByText("Goal 'New car' added")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/details/5/goals');
    const [request] = api.requestsTo('POST /api/v2/goals');
    expect(request?.headers.get('X-User-Id')).toBe('5');
    expect(request?.body).toEqual({
      name: 'New car',
      account_id: 31,
      tracking_type: 'credit',
      target: 'amount',
      frequency: 'monthly',
      target_amount: '12000',
      period_amount: '500.50',
    });
  });

  it('keeps the form busy after the goal is added, until the goals page shows: a second click adds nothing', async () => {
    // The goals page waits for the route guard, which asks who the adviser is again. The gate
    // is made before any call, so opening it works whether or not the guard has asked yet.
    let letGoalsIn: () => void = () => undefined;
    const goalsGate = new Promise<void>((resolve) => (letGoalsIn = resolve));
    let adviserAsked = 0;
    const { api, user } = await renderClientPage({
      url: '/user/details/7/add-goal',
      routes: {
        [adminUserDetailsRoute]: async () => {
          adviserAsked += 1;
          if (adviserAsked > 1) await goalsGate;
          return json({ data: buildAdminUserDetails() });
        },
        'GET /api/v2/accounts': () => json({ data: [account] }),
        'POST /api/v2/goals': () => json({ data: buildGoal({ name: 'New car' }) }, 201),
        'GET /api/v2/goals': () => json({ data: [buildGoal({ name: 'New car' })] }),
      },
    });
    await addNewCarGoal(user);
    expect(await screen.findByText("Goal 'New car' added")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add goal' }));
    letGoalsIn();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add goal' })).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v2/goals')).toHaveLength(1);
  });

  it.each([
    ['at once', false],
    ['once the route guard lets the tab in', true],
  ])(
    'says the goal was added, and stays on the tab the adviser moved to during the save (%s)',
    async (_, slowGuard) => {
      let answerGoal: (response: Response) => void = () => undefined;
      let letTabIn: () => void = () => undefined;
      const tabGate = new Promise<void>((resolve) => (letTabIn = resolve));
      let adviserAsked = 0;
      const { api, router, user } = await renderClientPage({
        url: '/user/details/7/add-goal',
        routes: {
          [adminUserDetailsRoute]: async () => {
            adviserAsked += 1;
            if (slowGuard && adviserAsked > 1) await tabGate;
            return json({ data: buildAdminUserDetails() });
          },
          'GET /api/v2/accounts': () => json({ data: [account] }),
          'GET /api/v2/provideraccounts': () => json({ data: [] }),
          'GET /api/v2/reports/transactions/budget_categories': () => json({ data: [] }),
          'GET /api/v2/goals': () => json({ data: [] }),
          'POST /api/v2/goals': () => new Promise<Response>((resolve) => (answerGoal = resolve)),
        },
      });
      await addNewCarGoal(user);
      await waitFor(() => expect(api.requestsTo('POST /api/v2/goals')).toHaveLength(1));

      await user.click(screen.getByRole('link', { name: 'Overview' }));
      answerGoal(json({ data: buildGoal({ name: 'New car' }) }, 201));
      expect(await screen.findByText("Goal 'New car' added")).toBeInTheDocument();
      letTabIn();

      // The overview shows, and stays: the save did not send the adviser back to the goals.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Add goal' })).not.toBeInTheDocument());
      expect(await screen.findByText('Refresh status')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(router.state.location.pathname).toBe('/user/details/7/overview');
    },
  );

  it('says the goal was refused in a toast when the adviser moved to another tab during the save', async () => {
    let answerGoal: (response: Response) => void = () => undefined;
    const { api, router, user } = await renderClientPage({
      url: '/user/details/7/add-goal',
      routes: {
        'GET /api/v2/accounts': () => json({ data: [account] }),
        'GET /api/v2/goals': () => json({ data: [] }),
        'POST /api/v2/goals': () => new Promise<Response>((resolve) => (answerGoal = resolve)),
      },
    });
    await addNewCarGoal(user);
    await waitFor(() => expect(api.requestsTo('POST /api/v2/goals')).toHaveLength(1));

    await user.click(screen.getByRole('link', { name: 'Goals' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add goal' })).not.toBeInTheDocument());
    answerGoal(
      json(
        { error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'Goal limit reached' } },
        400,
      ),
    );

    expect(await screen.findByText("Goal 'New car' was not added: Goal limit reached")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/details/7/goals');
  });

  it('offers every target type and frequency of the spec', async () => {
    const { user } = renderAddGoal();
    for (const [name, count] of [
      [/^Target type/, 5],
      [/^Frequency/, 10],
    ] as const) {
      const trigger = await screen.findByRole('combobox', { name });
      trigger.focus();
      await user.keyboard('{Enter}');
      expect(screen.getAllByRole('option')).toHaveLength(count);
      await user.keyboard('{Escape}');
    }
  });

  it('names each missing field for the chosen target type and sends nothing', async () => {
    const { api, user } = renderAddGoal();
    await screen.findByRole('textbox', { name: /^Goal name/ });
    await user.click(screen.getByRole('button', { name: 'Add goal' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Please enter a goal name of up to 100 characters');
    expect(summary).toHaveTextContent('Please choose an account');
    expect(summary).toHaveTextContent('Please enter a target amount above $0, such as 5000.00');
    expect(summary).toHaveTextContent('Please enter an amount per period above $0, such as 250.00');
    expect(within(summary).queryByText(/end date/)).not.toBeInTheDocument();
    const targetInput = screen.getByRole('textbox', { name: /^Target amount/ });
    await waitFor(() =>
      expect(targetInput).toHaveAccessibleDescription(
        'Please enter a target amount above $0, such as 5000.00',
      ),
    );
    expect(api.requestsTo('POST /api/v2/goals')).toHaveLength(0);
  });

  it('shows the platform’s field errors beside their fields', async () => {
    const { router, user } = renderAddGoal(() =>
      json(
        {
          error: {
            error_code: 'validation_failed',
            error_type: 'bad_request',
            error_message: 'body.account_id: there is no account 31',
            fields: [{ field: 'body.account_id', message: 'there is no account 31' }],
          },
        },
        400,
      ),
    );
    await fill(user, /^Goal name/, 'Car');
    await chooseAccount(user);
    await fill(user, /^Target amount/, '100');
    await fill(user, /^Amount per period/, '10');
    await user.click(screen.getByRole('button', { name: 'Add goal' }));

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^Account/ })).toHaveAccessibleDescription(
        'there is no account 31',
      ),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('there is no account 31');
    expect(router.state.location.pathname).toBe('/user/details/5/add-goal');
  });

  it('shows the not-shared page, with no Try again, when the client’s consent ends while the page is open', async () => {
    renderPageWithProviders({
      path: '/user/details/:id/add-goal',
      url: '/user/details/5/add-goal',
      page: <AddGoalPage clientId={5} backHref="/user/details/5/goals" />,
      routes: {
        'GET /api/v2/accounts': () =>
          json(
            { error: { error_code: 'F0300', error_type: 'not_found', error_message: 'No such client' } },
            404,
          ),
      },
    });

    expect(
      await screen.findByRole('heading', { level: 2, name: "This client's data is not available" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('holds Try again until a busy platform’s Retry-After has passed, and says for how long', async () => {
    // Before 2026-12-03 it was offered at once: asked again sooner, the platform only refused again.
    renderPageWithProviders({
      path: '/user/details/:id/add-goal',
      url: '/user/details/5/add-goal',
      page: <AddGoalPage clientId={5} backHref="/user/details/5/goals" />,
      routes: {
        'GET /api/v2/accounts': () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '60' }),
      },
    });

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('You can try again in 1 minute.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('tells screen readers it is loading the accounts', async () => {
    renderPageWithProviders({
      path: '/user/details/:id/add-goal',
      url: '/user/details/5/add-goal',
      page: <AddGoalPage clientId={5} backHref="/user/details/5/goals" />,
      routes: { 'GET /api/v2/accounts': () => new Promise<Response>(() => {}) },
    });

    expect((await screen.findByText('Loading accounts…')).closest('[role="status"]')).toBeInTheDocument();
  });
});
