import type { ManagedUser } from '@waratah/contracts';
import { LoadingTable, pageCount, SearchInput } from '@waratah/ui';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { useClients } from '../api/list-clients.ts';
import {
  CLIENT_PAGE_SIZE,
  CLIENT_SEARCH_MAX_LENGTH,
  type ClientListParams,
  readClientListParams,
  toClientSearch,
  writeClientListParams,
} from '../utils/client-list-params.ts';
import { ClientPager } from './client-pager.tsx';
import { ClientTable } from './client-table.tsx';

/** How long typing pauses before the search goes to the platform. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ClientListProps {
  /** Beside the heading, e.g. the invite button. */
  action?: ReactNode;
  /** Feature invite_clients: an empty list asks for an invitation only when there is a way to send one. */
  canInvite?: boolean;
  renderActions?: ((client: ManagedUser) => ReactNode) | undefined;
  /** The list's heading, for focus to land on once a row's action is done (the row may be gone). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The adviser's clients, searched, sorted and paged on the platform (one page at a time, so it
 * stays fast with thousands of clients); search, sort and page live in the URL.
 */
export function ClientList({ action, canInvite = false, renderActions, headingRef }: ClientListProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const params = readClientListParams(query);
  const [search, setSearch] = useState(params.search);
  // A search changed in the URL from elsewhere (back, a shared link) replaces what was typed; the
  // typed search written there (trimmed) does not, or a space typed before a pause would be lost.
  const [urlSearch, setUrlSearch] = useState(params.search);
  if (urlSearch !== params.search) {
    setUrlSearch(params.search);
    if (params.search !== toClientSearch(search)) setSearch(params.search);
  }
  const clients = useClients(params);
  const [now] = useState(() => new Date());

  const update = (change: Partial<ClientListParams>) =>
    setQuery((current) => writeClientListParams(current, { ...readClientListParams(current), ...change }), {
      replace: true,
    });

  // The typed search reaches the URL (and the platform) once typing pauses. It is compared as the URL
  // keeps it (cut to its longest): compared whole, a longer one was written again every 300 ms.
  useEffect(() => {
    const wanted = toClientSearch(search);
    if (wanted === params.search) return;
    const timer = setTimeout(() => update({ search: wanted, page: 1 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const total = clients.data?.paging.total;
  // A page past the end (the last client of the last page was unlinked, or an old link): go to the last.
  const lastPage = total === undefined ? 1 : pageCount(total, CLIENT_PAGE_SIZE);
  useEffect(() => {
    if (total !== undefined && !clients.isPlaceholderData && params.page > lastPage)
      update({ page: lastPage });
  });

  return (
    <section aria-labelledby="clients-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2
            id="clients-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-xl outline-none"
          >
            {t('clients.list.heading')}
          </h2>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {total === undefined ? '\u00a0' : t('counts.clients', { count: total })}
          </p>
        </div>
        {action}
      </div>
      <SearchInput
        label={t('clients.list.searchLabel')}
        placeholder={t('clients.list.searchPlaceholder')}
        value={search}
        onValueChange={setSearch}
        maxLength={CLIENT_SEARCH_MAX_LENGTH}
        className="max-w-md"
      />
      {/* A busy platform's Retry-After holds 'Try again' until then, and the alert says how long
          (before 2026-12-03 it was offered at once, and asking sooner was only refused again). */}
      {clients.isError && !clients.data ? (
        <RetryAlert
          retryLabel={t('clients.list.retry')}
          onRetry={() => void clients.refetch()}
          errors={[clients.error]}
        >
          {t('clients.list.error')}
        </RetryAlert>
      ) : clients.data ? (
        <div className="flex flex-col gap-3" aria-busy={clients.isPlaceholderData || undefined}>
          <ClientTable
            rows={clients.data.data}
            params={params}
            now={now}
            onSortChange={(sort, order) => update({ sort, order, page: 1 })}
            renderActions={renderActions}
            emptyText={
              params.search || clients.data.paging.total > 0
                ? t('clients.list.empty')
                : // No invitation is asked for where the tenant's invite_clients is off (before
                  // 2026-12-03 it was, with no button to send one).
                  t(canInvite ? 'clients.list.emptyNoClients' : 'clients.list.emptyNoClientsNoInvite')
            }
          />
          <ClientPager
            page={params.page}
            total={clients.data.paging.total}
            pageSize={CLIENT_PAGE_SIZE}
            onPageChange={(page) => update({ page })}
          />
        </div>
      ) : (
        <LoadingTable columns={6} rows={5} label={t('clients.list.loading')} />
      )}
    </section>
  );
}
