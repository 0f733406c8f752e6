import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchInput } from './search-input.tsx';

function Controlled() {
  const [value, setValue] = useState('');
  return <SearchInput label="Search by provider name" value={value} onValueChange={setValue} />;
}

describe('SearchInput', () => {
  it('is a labelled search box with the placeholder "Search"', () => {
    render(<Controlled />);

    const box = screen.getByRole('searchbox', { name: 'Search by provider name' });
    expect(box).toHaveAttribute('placeholder', 'Search');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('clears its text and keeps focus in the box', async () => {
    render(<Controlled />);
    const box = screen.getByRole('searchbox');

    await userEvent.type(box, 'anz');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });
});
