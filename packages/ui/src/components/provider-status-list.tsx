import { useEffect, useMemo, useState } from 'react';
import { cn } from '../lib/cn.ts';
import {
  filterProviders,
  type ProviderListItem,
  type ProviderStatusFilter,
  parseProviders,
} from '../lib/provider-status.ts';
import { Dropdown, type DropdownOption } from './dropdown.tsx';
import { LazyImage } from './lazy-image.tsx';
import { SearchInput } from './search-input.tsx';
import { Table, type TableColumn } from './table.tsx';
import { Tag } from './tag.tsx';

/** Spec §9: the status options. */
const statusOptions: DropdownOption[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'outage', label: 'Outage' },
  { value: 'supported', label: 'Available' },
];

const columns: TableColumn<ProviderListItem>[] = [
  {
    key: 'name',
    label: 'Name',
    formatter: (name, provider) => (
      <span className="flex items-center gap-3">
        <LazyImage
          src={provider.image_url ?? undefined}
          alt=""
          className="size-8 shrink-0 rounded-full object-contain"
        />
        <span className="font-medium">{String(name)}</span>
      </span>
    ),
  },
  {
    key: 'status',
    label: 'Status',
    formatter: (status) =>
      status === 'outage' ? <Tag variant="error">Outage</Tag> : <Tag variant="success">Available</Tag>,
  },
];

export interface ProviderStatusListProps {
  heading: string;
  /** An array, or a JSON string of one. */
  providers: ProviderListItem[] | string;
  /** Told the number of rows shown whenever it changes (spec: the 'changed' event). */
  onChanged?: (displayedRowCount: number) => void;
  className?: string;
}

export function ProviderStatusList({ heading, providers, onChanged, className }: ProviderStatusListProps) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProviderStatusFilter>('all');
  const rows = useMemo(
    () => filterProviders(parseProviders(providers), search, status),
    [providers, search, status],
  );

  useEffect(() => {
    onChanged?.(rows.length);
  }, [rows.length, onChanged]);

  return (
    <section
      data-slot="provider-status-list"
      aria-label={heading}
      className={cn('flex flex-col gap-4', className)}
    >
      <h2 className="font-semibold text-body text-xl">{heading}</h2>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <SearchInput label="Search by provider name" value={search} onValueChange={setSearch} />
        <Dropdown
          label="Filter by status"
          options={statusOptions}
          value={status}
          onValueChange={(next) => setStatus(next as ProviderStatusFilter)}
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {rows.length === 1 ? '1 provider' : `${rows.length} providers`}
      </p>
      <Table
        columns={columns}
        rows={rows}
        rowKey={(provider) => provider.name}
        caption={heading}
        emptyText="Sorry, we could not find any results."
      />
    </section>
  );
}
