import { Table, type TableColumn } from '../../src/index.ts';
import { Section } from '../section.tsx';

interface Client {
  id: number;
  name: string;
  accounts: number;
  updated: string;
  email: string;
}

const names = [
  'Olivia Smith',
  'Liam Nguyen',
  'Ava Brown',
  'Noah Wilson',
  'Mia Taylor',
  'Jack Lee',
  'Isla Martin',
];
const rows: Client[] = names.map((name, index) => ({
  id: index,
  name,
  accounts: (index * 3) % 7,
  updated: `2025-0${(index % 9) + 1}-1${index}`,
  email: `client${index}@example.com`,
}));

const columns: TableColumn<Client>[] = [
  { key: 'name', label: 'Name', isSortable: true, initSortOrder: 'asc' },
  {
    key: 'accounts',
    label: 'Accounts',
    isSortable: true,
    initSortOrder: 'desc',
    formatter: (v) => `${v} accounts`,
  },
  { key: 'updated', label: 'Updated', isSortable: true },
  { key: 'email', label: 'Email', disabled: true },
];

export function TableSection() {
  return (
    <Section id="table" title="Table">
      <Table
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        pageSize={5}
        caption="Clients"
        className="w-full"
      />
      <Table columns={columns} rows={[]} rowKey={(row) => row.id} caption="No clients" className="w-full" />
    </Section>
  );
}
