import { render, screen, waitFor, within } from '@testing-library/react';
import type { Transaction } from '@waratah/contracts';
import { Profiler, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildTransaction } from '../testing/build-transaction.ts';
import { FIRST_PAINT_ROWS, TransactionsTable } from './transactions-table.tsx';

function page(firstId: number, size = 50): Transaction[] {
  return Array.from({ length: size }, (_, index) =>
    buildTransaction({
      id: firstId + index,
      description: { original: `SHOP ${firstId + index}`, simple: null, user: null },
      merchant: null,
    }),
  );
}

/** The table's rows in the page at each commit React makes. */
function renderCounted(transactions: Transaction[]) {
  const rowsAtCommit: number[] = [];
  const countRows = () => document.querySelectorAll('tr[data-transaction-id]').length;
  const wrap = (rows: Transaction[]): ReactNode => (
    <Profiler id="table" onRender={() => rowsAtCommit.push(countRows())}>
      <TransactionsTable
        transactions={rows}
        accounts={[]}
        canSelect
        selected={new Set()}
        onSelectedChange={() => {}}
      />
    </Profiler>
  );
  const view = render(wrap(transactions));
  return { rowsAtCommit, countRows, rerender: (rows: Transaction[]) => view.rerender(wrap(rows)) };
}

describe('TransactionsTable', () => {
  it('draws a screenful of rows in its first paint and the rest of the page just after', async () => {
    const { rowsAtCommit, countRows } = renderCounted(page(1));

    expect(rowsAtCommit[0]).toBe(FIRST_PAINT_ROWS);
    await waitFor(() => expect(countRows()).toBe(50));
    expect(screen.getByRole('checkbox', { name: /SHOP 50/ })).toBeInTheDocument();
  });

  it('lets the keyboard scroll the wide table: a focusable region named after it', () => {
    renderCounted(page(1, 3));

    const scroller = screen.getByRole('region', { name: "The client's transactions, newest first" });
    expect(scroller).toContainElement(
      screen.getByRole('table', { name: "The client's transactions, newest first" }),
    );
    expect(scroller).toHaveAttribute('tabindex', '0');
    scroller.focus();
    expect(scroller).toHaveFocus();
  });

  it('tags a pending transaction as pending, in words a screen reader says in full, and a posted one not', () => {
    renderCounted([buildTransaction({ id: 1, status: 'pending' }), buildTransaction({ id: 2 })]);

    const [, pending, posted] = screen.getAllByRole('row');
    const tag = within(pending as HTMLElement).getByText('Pending: not yet posted by the institution');
    expect(tag).toHaveClass('sr-only');
    // Seen as a short tag beside the description, as 'Excluded' is.
    const seen = within(pending as HTMLElement).getByText('Pending');
    expect(seen).toHaveAttribute('aria-hidden', 'true');
    expect(seen.closest('[data-slot="tag"]')).toContainElement(tag);
    expect(within(posted as HTMLElement).queryByText(/Pending/)).not.toBeInTheDocument();
  });

  it('draws a short page whole, and a later page whole in one go', async () => {
    const { rowsAtCommit, countRows, rerender } = renderCounted(page(1, 12));
    // Every commit (the boxes' own effects add some) had the whole page.
    expect([...new Set(rowsAtCommit)]).toEqual([12]);

    const before = rowsAtCommit.length;
    rerender(page(101));
    expect(rowsAtCommit[before]).toBe(50);
    expect(countRows()).toBe(50);
  });
});
