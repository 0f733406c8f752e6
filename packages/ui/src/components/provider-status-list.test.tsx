import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProviderStatusList } from './provider-status-list.tsx';

const providers = [
  { name: 'westpac', status: 'supported', image_url: '/w.png' },
  { name: 'ANZ', status: 'supported', image_url: '/a.png' },
  { name: 'Commonwealth Bank', status: 'outage', image_url: '/c.png' },
];

function names() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe('ProviderStatusList', () => {
  it('shows the heading, labelled search and filter, and a Name column, outages first', () => {
    render(<ProviderStatusList heading="Bank status" providers={providers} />);

    expect(screen.getByRole('heading', { name: 'Bank status' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by provider name' })).toHaveAttribute(
      'placeholder',
      'Search',
    );
    expect(screen.getByRole('combobox', { name: 'Filter by status' })).toHaveTextContent('All statuses');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(names()).toEqual(['Commonwealth Bank', 'ANZ', 'westpac']);
    expect(screen.getByText('Outage')).toHaveAttribute('data-variant', 'error');
    expect(
      screen.getAllByText('Available').every((tag) => tag.getAttribute('data-variant') === 'success'),
    ).toBe(true);
  });

  it('accepts the list as a JSON string', () => {
    render(<ProviderStatusList heading="Status" providers={JSON.stringify(providers)} />);

    expect(names()).toHaveLength(3);
  });

  it('searches case-insensitively, reports the row count and clears', async () => {
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<ProviderStatusList heading="Status" providers={providers} onChanged={onChanged} />);

    await user.type(screen.getByRole('searchbox'), 'WEST');
    expect(names()).toEqual(['westpac']);
    expect(onChanged).toHaveBeenLastCalledWith(1);

    await user.type(screen.getByRole('searchbox'), 'x');
    expect(screen.getByText('Sorry, we could not find any results.')).toBeInTheDocument();
    expect(onChanged).toHaveBeenLastCalledWith(0);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(names()).toHaveLength(3);
    expect(onChanged).toHaveBeenLastCalledWith(3);
  });

  it('filters by status with the spec options', async () => {
    const user = userEvent.setup();
    render(<ProviderStatusList heading="Status" providers={providers} />);
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });

    filter.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All statuses',
      'Outage',
      'Available',
    ]);
    await user.click(screen.getByRole('option', { name: 'Outage' }));
    expect(names()).toEqual(['Commonwealth Bank']);

    filter.focus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('option', { name: 'Available' }));
    expect(names()).toEqual(['ANZ', 'westpac']);
  });
});
