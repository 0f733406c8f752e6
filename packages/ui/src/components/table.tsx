import { type ReactNode, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { pageCount } from '../lib/page-count.ts';
import { type SortOrder, sortRows } from '../lib/sort-rows.ts';
import { Pagination } from './pagination.tsx';
import { TableHeaderCell } from './table-header-cell.tsx';

/** Spec §3: table column options isSortable, initSortOrder, disabled and formatter. */
export interface TableColumn<Row> {
  key: keyof Row & string;
  label: string;
  isSortable?: boolean;
  /** The order a first click sorts by; on the first such column, also the table's initial sort. */
  initSortOrder?: SortOrder;
  /** A disabled column is left out of the table. */
  disabled?: boolean;
  formatter?: (value: Row[keyof Row], row: Row) => ReactNode;
  className?: string;
}

export interface TableSort {
  key: string;
  order: SortOrder;
}

export interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  caption?: ReactNode;
  /** Paginates when set; without `total` the table pages through `rows` itself. */
  pageSize?: number;
  /** The server's row count when `rows` is already one page. */
  total?: number;
  page?: number;
  onPageChange?: (page: number) => void;
  onSortChange?: (sort: TableSort) => void;
  /**
   * The sort shown when the caller keeps it (e.g. in the URL), null for none of the columns;
   * left out, the table keeps its own.
   */
  sort?: TableSort | null | undefined;
  /** The caller sorts (e.g. on the server); the table only shows the order. */
  manualSort?: boolean;
  emptyText?: ReactNode;
  className?: string;
}

function initialSort<Row>(columns: TableColumn<Row>[]): TableSort | undefined {
  const column = columns.find((c) => !c.disabled && c.initSortOrder);
  return column?.initSortOrder ? { key: column.key, order: column.initSortOrder } : undefined;
}

export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  pageSize,
  total,
  page: controlledPage,
  onPageChange,
  onSortChange,
  sort: controlledSort,
  manualSort = false,
  emptyText = 'Sorry, we could not find any results.',
  className,
}: TableProps<Row>) {
  const visible = columns.filter((column) => !column.disabled);
  const [ownSort, setOwnSort] = useState(() => initialSort(columns));
  const sort = controlledSort === undefined ? ownSort : (controlledSort ?? undefined);
  const [ownPage, setOwnPage] = useState(1);
  const rowCount = total ?? rows.length;
  const pages = pageSize ? pageCount(rowCount, pageSize) : 1;
  const page = Math.min(controlledPage ?? ownPage, pages);

  const sorted = sort && !manualSort ? sortRows(rows, sort.key as keyof Row, sort.order) : rows;
  const shown =
    pageSize && total === undefined ? sorted.slice((page - 1) * pageSize, page * pageSize) : sorted;

  function toggleSort(column: TableColumn<Row>) {
    const next: TableSort =
      sort?.key === column.key
        ? { key: column.key, order: sort.order === 'asc' ? 'desc' : 'asc' }
        : { key: column.key, order: column.initSortOrder ?? 'asc' };
    setOwnSort(next);
    onSortChange?.(next);
  }

  function changePage(next: number) {
    setOwnPage(next);
    onPageChange?.(next);
  }

  return (
    <div data-slot="table" className={cn('flex flex-col gap-3', className)}>
      <div className="overflow-x-auto rounded-xl border border-border bg-surface">
        <table className="w-full border-collapse text-left text-body text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-muted/60">
            <tr>
              {visible.map((column) => (
                <TableHeaderCell
                  key={column.key}
                  label={column.label}
                  sortable={Boolean(column.isSortable)}
                  order={sort?.key === column.key ? sort.order : undefined}
                  onSort={() => toggleSort(column)}
                  className={column.className}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={visible.length} className="px-4 py-8 text-center text-muted-foreground">
                  {emptyText}
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr key={rowKey(row)} className="border-border border-t">
                  {visible.map((column) => (
                    <td key={column.key} className={cn('px-4 py-3', column.className)}>
                      {column.formatter
                        ? column.formatter(row[column.key], row)
                        : (row[column.key] as ReactNode)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pageSize && pages > 1 ? (
        <Pagination page={page} total={rowCount} pageSize={pageSize} onPageChange={changePage} />
      ) : null}
    </div>
  );
}
