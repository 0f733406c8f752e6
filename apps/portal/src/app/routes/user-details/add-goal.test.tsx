import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAccount } from '../../../testing/build-client-data.ts';
import { buildGoal } from '../../../testing/build-goal.ts';
import { json } from '../../../testing/fake-api.ts';
import { renderClientPage } from '../../../testing/render-client-page.tsx';

/** Client 7's Add goal page with the goals feature on and, as told, the goals list. */
function openAddGoal(viewGoals: boolean) {
  return renderClientPage({
    url: '/user/details/7/add-goal',
    features: { goals: true, view_goals: viewGoals },
    routes: {
      'GET /api/v2/accounts': () => json({ data: [buildAccount({ id: 31, account_name: 'Bonus Saver' })] }),
      'GET /api/v2/provideraccounts': () => json({ data: [] }),
      'GET /api/v2/goals': () => json({ data: [] }),
      'POST /api/v2/goals': () => json({ data: buildGoal({ name: 'New car' }) }, 201),
    },
  });
}

// The whole portal renders with its lazy routes and the kit's Radix form parts: slow on a busy machine.
describe('Add goal route', { timeout: 20_000 }, () => {
  it('goes back to the overview on Cancel when the goals list is off, never to a Not Found page', async () => {
    const { router, user } = await openAddGoal(false);

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/details/7/overview'));
    expect(screen.queryByText("We can't seem to find the page you are looking for.")).not.toBeInTheDocument();
  });

  it('goes to the overview after adding a goal when the goals list is off', async () => {
    const { api, router, user } = await openAddGoal(false);

    await user.click(await screen.findByRole('textbox', { name: /^Goal name/ }));
    await user.paste('New car');
    const account = screen.getByRole('combobox', { name: /^Account/ });
    account.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('textbox', { name: /^Target amount/ }));
    await user.paste('12000');
    await user.click(screen.getByRole('textbox', { name: /^Amount per period/ }));
    await user.paste('500');
    await user.click(screen.getByRole('button', { name: 'Add goal' }));

    expect(await screen.findByText("Goal 'New car' added")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/details/7/overview'));
    expect(api.requestsTo('POST /api/v2/goals')).toHaveLength(1);
  });

  it('goes back to the goals list on Cancel when it is on', async () => {
    const { router, user } = await openAddGoal(true);

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/details/7/goals'));
  });
});
