import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildGoal } from '../../../testing/build-goal.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderPageWithProviders } from '../../../testing/render-page-with-providers.tsx';
import { GoalsPage } from './goals-page.tsx';

const clientId = 5;
const goalsRoute = 'GET /api/v2/goals';

function renderGoals({ goals = [buildGoal()], canAddGoal = true, url = '/user/details/5/goals' } = {}) {
  return renderPageWithProviders({
    path: '/user/details/:id/goals',
    url,
    page: <GoalsPage clientId={clientId} addGoalHref={canAddGoal ? '/user/details/5/add-goal' : undefined} />,
    routes: {
      [goalsRoute]: (request) =>
        json({ data: request.url.searchParams.get('status') === 'previous' ? [] : goals }),
    },
  });
}

describe('GoalsPage', () => {
  it('lists the current goals with their target, amounts, frequency, dates and progress', async () => {
    const { api } = renderGoals({
      goals: [
        buildGoal(),
        buildGoal({
          id: 2,
          name: 'Emergency fund',
          target: 'open_ended',
          frequency: 'fortnightly',
          status: 'unstarted',
          target_amount: null,
          end_date: null,
          current_amount: '0.00',
          current_period: null,
        }),
      ],
    });

    const [deposit, fund] = await screen.findAllByTestId('goal-card');
    const first = within(deposit as HTMLElement);
    expect(first.getByRole('heading', { name: 'House deposit' })).toBeInTheDocument();
    expect(first.getByText('Active')).toBeInTheDocument();
    expect(first.getByText('Reach an amount')).toBeInTheDocument();
    expect(first.getByText('Monthly')).toBeInTheDocument();
    expect(first.getByText('$20,000.00')).toBeInTheDocument();
    expect(first.getByText('$5,000.00')).toBeInTheDocument();
    expect(first.getByText('$800.00')).toBeInTheDocument();
    expect(first.getByText('1 Jan 2026 – 31 Dec 2027')).toBeInTheDocument();
    expect(first.getByRole('progressbar', { name: 'Progress towards House deposit' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    const second = within(fund as HTMLElement);
    expect(second.getByText('Not started')).toBeInTheDocument();
    expect(second.getByText('Open-ended')).toBeInTheDocument();
    expect(second.getByText('Fortnightly')).toBeInTheDocument();
    expect(second.getByText('No target')).toBeInTheDocument();
    expect(second.getByText('1 Jan 2026 onwards')).toBeInTheDocument();
    expect(screen.getByText('2 goals')).toBeInTheDocument();

    const request = api.requestsTo(goalsRoute)[0];
    expect(request?.headers.get('X-User-Id')).toBe('5');
    expect(request?.url.searchParams.get('status')).toBe('current');
    expect(screen.getByRole('link', { name: 'Add goal' })).toHaveAttribute(
      'href',
      '/user/details/5/add-goal',
    );
  });

  it('filters by status group, keeps the filter in the URL and says when a group is empty', async () => {
    const { api, router, user } = renderGoals();
    await screen.findByTestId('goal-card');

    await user.click(screen.getByRole('tab', { name: 'Previous' }));

    expect(await screen.findByText('No goals to show')).toBeInTheDocument();
    expect(screen.getByText('No goals')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=previous');
    expect(api.requestsTo(goalsRoute).map((request) => request.url.searchParams.get('status'))).toEqual([
      'current',
      'previous',
    ]);
    expect(screen.getByRole('tab', { name: 'Previous' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers every filter status of the spec and restores one from the URL', async () => {
    const { api } = renderGoals({ url: '/user/details/5/goals?status=ended' });
    await screen.findByTestId('goal-card');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Current',
      'In progress',
      'Previous',
      'Ended',
      'All',
    ]);
    expect(api.requestsTo(goalsRoute)[0]?.url.searchParams.get('status')).toBe('ended');
  });

  it('hides Add goal without the goals feature', async () => {
    renderGoals({ canAddGoal: false });
    await screen.findByTestId('goal-card');
    expect(screen.queryByRole('link', { name: 'Add goal' })).not.toBeInTheDocument();
  });

  it('says when the goals cannot be loaded and tries again', async () => {
    let calls = 0;
    const { user } = renderPageWithProviders({
      path: '/user/details/:id/goals',
      url: '/user/details/5/goals',
      page: <GoalsPage clientId={clientId} />,
      routes: {
        [goalsRoute]: () => {
          calls += 1;
          return calls === 1
            ? json({ error: { error_code: 'F0400', error_type: 'bad_request', error_message: 'No' } }, 400)
            : json({ data: [buildGoal()] });
        },
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this client's goals.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('goal-card')).toBeInTheDocument();
  });

  it('holds Try again until a busy platform’s Retry-After has passed, and says for how long', {
    timeout: 20_000,
  }, async () => {
    renderPageWithProviders({
      path: '/user/details/:id/goals',
      url: '/user/details/5/goals',
      page: <GoalsPage clientId={clientId} />,
      routes: {
        [goalsRoute]: () =>
          json({ error: { error_code: 'F9990', error_message: 'busy' } }, 503, { 'Retry-After': '90' }),
      },
    });

    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('You can try again in 2 minutes.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the not-shared page, with no Try again, when the client’s consent ends while the page is open', async () => {
    renderPageWithProviders({
      path: '/user/details/:id/goals',
      url: '/user/details/5/goals',
      page: <GoalsPage clientId={clientId} />,
      routes: {
        [goalsRoute]: () =>
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
    expect(
      screen.queryByText("We couldn't load this client's goals. Please try again."),
    ).not.toBeInTheDocument();
  });

  it('tells screen readers it is loading the goals', async () => {
    renderPageWithProviders({
      path: '/user/details/:id/goals',
      url: '/user/details/5/goals',
      page: <GoalsPage clientId={clientId} addGoalHref={undefined} />,
      routes: { [goalsRoute]: () => new Promise<Response>(() => {}) },
    });

    expect((await screen.findByText('Loading goals')).closest('[role="status"]')).toBeInTheDocument();
  });
});
