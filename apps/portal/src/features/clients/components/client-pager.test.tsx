import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ClientPager } from './client-pager.tsx';

/** The pager over 45 clients (3 pages of 20), starting at `first`. */
function Pager({ first, onPageChange }: { first: number; onPageChange: (page: number) => void }) {
  const [page, setPage] = useState(first);
  return (
    <ClientPager
      page={page}
      total={45}
      pageSize={20}
      onPageChange={(next) => {
        onPageChange(next);
        setPage(next);
      }}
    />
  );
}

describe('ClientPager', { timeout: 20_000 }, () => {
  it('keeps focus on Next pressed onto the last page, where it is unavailable and does nothing', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pager first={2} onPageChange={onPageChange} />);
    const next = screen.getByRole('button', { name: 'Next' });

    await user.click(next);

    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    // Before 2026-12-03 the button was disabled there, and focus fell to the page's body.
    expect(next).toHaveFocus();
    expect(next).toBeEnabled();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    await user.keyboard('{Enter}');
    expect(onPageChange.mock.calls).toEqual([[3]]);
  });

  it('keeps Previous in the tab order on the first page, unavailable, doing nothing', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pager first={1} onPageChange={onPageChange} />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.tab();
    expect(previous).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(previous);
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
  });
});
