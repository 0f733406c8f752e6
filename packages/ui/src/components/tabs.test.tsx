import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

function Example({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="accounts" onValueChange={onValueChange}>
      <TabsList aria-label="Client data">
        <TabsTrigger value="accounts">Accounts</TabsTrigger>
        <TabsTrigger value="goals">Goals</TabsTrigger>
      </TabsList>
      <TabsContent value="accounts">Account list</TabsContent>
      <TabsContent value="goals">Goal list</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the selected panel, labelled by its tab', () => {
    render(<Example />);

    expect(screen.getByRole('tablist', { name: 'Client data' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Accounts' })).toHaveTextContent('Account list');
  });

  it('switches by click and by arrow keys', async () => {
    const onValueChange = vi.fn();
    const user = userEvent.setup();
    render(<Example onValueChange={onValueChange} />);

    await user.click(screen.getByRole('tab', { name: 'Goals' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Goal list');
    await user.keyboard('{ArrowLeft}');

    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Account list');
    expect(onValueChange.mock.calls).toEqual([['goals'], ['accounts']]);
  });
});
