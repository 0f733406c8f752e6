import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionPagePosition } from '../utils/transaction-filters.ts';
import { TransactionsPager } from './transactions-pager.tsx';

/** The platform's cursors on each of 3 pages: none after the last. */
const cursorsOf = (page: number) => ({
  ...(page > 1 && { before: `b${page}` }),
  ...(page < 3 && { after: `a${page}` }),
});

/** The arrival of the page asked for last, called by the test (never by a timer: a loaded machine's late test saw the page before it checked the wait). */
let arrive = () => {};

/** The pager as the page drives it: busy from the press until the new page's rows (and cursors) come. */
function Pager({ onPageChange }: { onPageChange: (position: TransactionPagePosition) => void }) {
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  return (
    <TransactionsPager
      page={page}
      pages={3}
      cursors={cursorsOf(page)}
      busy={busy}
      onPageChange={(position) => {
        onPageChange(position);
        setBusy(true);
        arrive = () => {
          setPage(position.page);
          setBusy(false);
        };
      }}
    />
  );
}

describe('TransactionsPager', { timeout: 20_000 }, () => {
  it('keeps focus on Next pressed onto the last page, where it is unavailable and does nothing', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pager onPageChange={onPageChange} />);
    const next = screen.getByRole('button', { name: 'Next' });

    await user.click(next);
    // While the next page's rows are on their way the button waits, still focused.
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    act(() => arrive());
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
    expect(next).not.toHaveAttribute('aria-disabled');
    await user.keyboard('{Enter}');
    act(() => arrive());
    await waitFor(() => expect(screen.getByText('Page 3 of 3')).toBeInTheDocument());

    // Before 2026-12-03 the button was disabled there, and focus fell to the page's body.
    expect(next).toHaveFocus();
    expect(next).toBeEnabled();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    await user.keyboard('{Enter}');
    expect(onPageChange.mock.calls).toEqual([[{ after: 'a1', page: 2 }], [{ after: 'a2', page: 3 }]]);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('keeps Previous in the tab order on the first page, unavailable, doing nothing', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pager onPageChange={onPageChange} />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.tab();
    expect(previous).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(previous);
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next' })).not.toHaveAttribute('aria-disabled');
  });
});
