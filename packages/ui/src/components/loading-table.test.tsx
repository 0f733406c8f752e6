import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingTable } from './loading-table.tsx';

function countRows(container: HTMLElement) {
  const rows = container.querySelectorAll('[data-slot="loading-table-row"]');
  return { rows: rows.length, columns: rows[0]?.querySelectorAll('[data-slot="skeleton"]').length };
}

describe('LoadingTable', () => {
  it('defaults to 5 columns by 5 rows and announces loading', () => {
    const { container } = render(<LoadingTable />);

    expect(countRows(container)).toEqual({ rows: 5, columns: 5 });
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('takes other sizes and a label', () => {
    const { container } = render(<LoadingTable columns={3} rows={2} label="Loading clients" />);

    expect(countRows(container)).toEqual({ rows: 2, columns: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading clients');
  });
});
