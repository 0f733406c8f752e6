import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActiveTransactionFilters } from './active-transaction-filters.tsx';

describe('ActiveTransactionFilters', () => {
  it('names each dismiss button after its filter, keeps the visible text, and removes only that filter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <ActiveTransactionFilters
        filters={{ from_date: '2026-10-01', search_term: 'wool' }}
        accounts={[]}
        categories={[]}
        onChange={onChange}
      />,
    );

    const active = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['From 1 Oct 2026×', 'Search: wool×']);
    const dismissSearch = within(active).getByRole('button', { name: 'Dismiss filter: Search: wool' });
    expect(
      within(active).getByRole('button', { name: 'Dismiss filter: From 1 Oct 2026' }),
    ).toBeInTheDocument();
    expect(dismissSearch).toHaveAttribute('title', 'Dismiss filter');

    await user.click(dismissSearch);
    expect(onChange).toHaveBeenCalledWith({ from_date: '2026-10-01', search_term: '' });
  });
});
