import type { ManagedUser } from '@waratah/contracts';
import { Table, type TableColumn, type TableSort, Tag } from '@waratah/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { ClientListParams, ClientSort } from '../utils/client-list-params.ts';
import { clientName } from '../utils/client-name.ts';
import { ConsentCell } from './consent-cell.tsx';

/** Which platform sort each sortable column asks for. */
const sortByColumn: Partial<Record<keyof ManagedUser, ClientSort>> = {
  family_name: 'name',
  email: 'email',
  consent: 'consent_expiry',
};

export interface ClientTableProps {
  rows: ManagedUser[];
  params: ClientListParams;
  onSortChange: (sort: ClientSort, order: ClientListParams['order']) => void;
  renderActions?: ((client: ManagedUser) => ReactNode) | undefined;
  emptyText: string;
  now: Date;
}

/** One page of clients: who, consent and expiry, freshness, connections needing action, and actions. */
export function ClientTable({ rows, params, onSortChange, renderActions, emptyText, now }: ClientTableProps) {
  const { t } = useTranslation();
  const sortedColumn = (Object.keys(sortByColumn) as (keyof ManagedUser)[]).find(
    (key) => sortByColumn[key] === params.sort,
  );
  const columns: TableColumn<ManagedUser>[] = [
    {
      key: 'family_name',
      label: t('clients.columns.name'),
      isSortable: true,
      formatter: (_, client) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.userDetails.root.getHref(String(client.id))}
            className="font-medium text-link underline-offset-2 hover:underline"
          >
            {clientName(client)}
          </Link>
          {client.status === 'suspended' ? (
            <Tag variant="warning">{t('clients.status.suspended')}</Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'email', label: t('clients.columns.email'), isSortable: true, className: 'break-all' },
    {
      key: 'consent',
      label: t('clients.columns.consent'),
      isSortable: true,
      formatter: (_, client) => <ConsentCell consent={client.consent} now={now} />,
    },
    {
      key: 'last_refreshed',
      label: t('clients.columns.lastRefresh'),
      formatter: (value) =>
        typeof value === 'string' ? (
          formatDate(value)
        ) : (
          <span className="text-muted-foreground">{t('clients.row.never')}</span>
        ),
    },
    {
      key: 'needs_action_count',
      label: t('clients.columns.connections'),
      formatter: (_, client) =>
        client.needs_action_count > 0 ? (
          <Tag variant="warning">{t('clients.row.needsAction', { count: client.needs_action_count })}</Tag>
        ) : (
          <span className="text-muted-foreground">
            {client.last_refreshed ? t('clients.row.allGood') : t('clients.row.noConnections')}
          </span>
        ),
    },
    {
      key: 'id',
      label: t('clients.columns.actions'),
      disabled: !renderActions,
      formatter: (_, client) => renderActions?.(client),
    },
  ];

  function changeSort(next: TableSort) {
    const sort = sortByColumn[next.key as keyof ManagedUser];
    if (sort) onSortChange(sort, next.order);
  }

  return (
    <Table
      columns={columns}
      rows={rows}
      rowKey={(client) => client.id}
      caption={t('clients.list.heading')}
      manualSort
      // The URL keeps the sort (back, a shared link); the table shows it and keeps its buttons, and focus.
      sort={sortedColumn ? { key: sortedColumn, order: params.order } : null}
      onSortChange={changeSort}
      emptyText={emptyText}
    />
  );
}
