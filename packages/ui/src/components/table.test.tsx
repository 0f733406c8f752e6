import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Table, type TableColumn } from './table.tsx';

interface Client {
  id: number;
  name: string;
  accounts: number;
  email: string;
}

const rows: Client[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Client ${String.fromCharCode(76 - i)}`,
  accounts: i,
  email: `c${i}@example.com`,
}));

const columns: TableColumn<Client>[] = [
  { key: 'name', label: 'Name', isSortable: true, initSortOrder: 'asc' },
  {
    key: 'accounts',
    label: 'Accounts',
    isSortable: true,
    initSortOrder: 'desc',
    formatter: (v) => `${v} accts`,
  },
  { key: 'email', label: 'Email', disabled: true },
  { key: 'id', label: 'Id' },
];

function firstCells() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe('Table', () => {
  it('leaves disabled columns out and formats cells', () => {
    render(<Table columns={columns} rows={rows.slice(0, 2)} rowKey={(r) => r.id} />);

    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name↑',
      'Accounts↑',
      'Id',
    ]);
    expect(screen.getByText('0 accts')).toBeInTheDocument();
    expect(screen.queryByText('c0@example.com')).not.toBeInTheDocument();
  });

  it('starts in the initial sort order and toggles ascending and descending', async () => {
    const onSortChange = vi.fn();
    render(
      <Table columns={columns} rows={rows.slice(0, 3)} rowKey={(r) => r.id} onSortChange={onSortChange} />,
    );
    const name = screen.getByRole('columnheader', { name: /Name/ });

    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['Client J', 'Client K', 'Client L']);
    await userEvent.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['Client L', 'Client K', 'Client J']);

    await userEvent.click(screen.getByRole('button', { name: /Accounts/ }));
    expect(screen.getByRole('columnheader', { name: /Accounts/ })).toHaveAttribute('aria-sort', 'descending');
    expect(name).not.toHaveAttribute('aria-sort');
    expect(onSortChange.mock.calls).toEqual([
      [{ key: 'name', order: 'desc' }],
      [{ key: 'accounts', order: 'desc' }],
    ]);
  });

  it('shows the sort its caller keeps, and asks for the next one from it', async () => {
    const onSortChange = vi.fn();
    const { rerender } = render(
      <Table
        columns={columns}
        rows={rows.slice(0, 3)}
        rowKey={(r) => r.id}
        sort={{ key: 'accounts', order: 'asc' }}
        onSortChange={onSortChange}
        manualSort
      />,
    );
    const accounts = screen.getByRole('button', { name: /Accounts/ });
    expect(screen.getByRole('columnheader', { name: /Accounts/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(accounts);
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'accounts', order: 'desc' });
    rerender(
      <Table
        columns={columns}
        rows={rows.slice(0, 3)}
        rowKey={(r) => r.id}
        sort={{ key: 'name', order: 'desc' }}
        onSortChange={onSortChange}
        manualSort
      />,
    );

    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Accounts/ })).not.toHaveAttribute('aria-sort');
    // The same button: the table was not drawn afresh, so focus stays where it was.
    expect(screen.getByRole('button', { name: /Accounts/ })).toBe(accounts);
    expect(accounts).toHaveFocus();
  });

  it('does not sort a column that is not sortable', () => {
    render(<Table columns={columns} rows={rows} rowKey={(r) => r.id} />);

    expect(
      within(screen.getByRole('columnheader', { name: 'Id' })).queryByRole('button'),
    ).not.toBeInTheDocument();
  });

  it('pages through its rows from page 1, ceil(total / page size) pages', async () => {
    const onPageChange = vi.fn();
    render(
      <Table columns={columns} rows={rows} rowKey={(r) => r.id} pageSize={5} onPageChange={onPageChange} />,
    );

    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getAllByRole('button', { name: /^Page / })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));

    expect(firstCells()).toEqual(['Client K', 'Client L']);
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('shows server pages as given, counting pages from the total', () => {
    render(
      <Table
        columns={columns}
        rows={rows.slice(0, 2)}
        rowKey={(r) => r.id}
        pageSize={2}
        total={7}
        page={2}
        manualSort
      />,
    );

    expect(screen.getAllByRole('button', { name: /^Page / })).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(firstCells()).toEqual(['Client L', 'Client K']);
  });

  it('says so when there are no rows', () => {
    render(<Table columns={columns} rows={[]} rowKey={(r) => r.id} emptyText="No clients" />);

    expect(screen.getByRole('cell', { name: 'No clients' })).toHaveAttribute('colspan', '3');
  });
});
