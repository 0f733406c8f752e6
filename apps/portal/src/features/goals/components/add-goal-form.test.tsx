import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAccount } from '../../../testing/build-client-data.ts';
import { AddGoalForm } from './add-goal-form.tsx';

describe('AddGoalForm', { timeout: 20_000 }, () => {
  it('names an account whose nickname is blank by the institution’s name', async () => {
    const user = userEvent.setup();
    render(
      <AddGoalForm
        accounts={[
          buildAccount({ id: 31, nick_name: '', account_name: 'Bonus Saver', account_number: 'xxxx5678' }),
        ]}
        pending={false}
        serverMessages={[]}
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    );

    screen.getByRole('combobox', { name: /^Account/ }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: /^Bonus Saver · xxxx5678/ })).toBeInTheDocument();
  });
});
