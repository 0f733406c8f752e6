import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

describe('Pagination', () => {
  it('offers ceil(total / page size) pages, the current one marked', () => {
    render(<Pagination page={1} total={21} pageSize={10} onPageChange={() => {}} />);

    expect(screen.getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('moves between pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} total={30} pageSize={10} onPageChange={onPageChange} />);

    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));

    expect(onPageChange.mock.calls).toEqual([[2], [1]]);
  });
});
