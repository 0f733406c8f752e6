import { useTranslation } from '../../../lib/i18n.ts';
import { PagerButton } from '../../../lib/pager-button.tsx';
import type { TransactionPagePosition } from '../utils/transaction-filters.ts';

export interface TransactionsPagerProps {
  page: number;
  pages: number;
  cursors: { before?: string | undefined; after?: string | undefined };
  /**
   * The rows on screen belong to the view being left (a new filter or page is on its way): their
   * cursors would page through the old view, so neither button moves until the new rows arrive.
   */
  busy?: boolean;
  onPageChange: (position: TransactionPagePosition) => void;
}

/**
 * Previous and next through the platform's keyset cursors: each page costs the same however far
 * in it is, where numbered pages would make the database count its way there.
 */
export function TransactionsPager({
  page,
  pages,
  cursors,
  busy = false,
  onPageChange,
}: TransactionsPagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const previous = (): TransactionPagePosition =>
    page <= 2 || !cursors.before ? { page: 1 } : { before: cursors.before, page: page - 1 };
  return (
    <nav aria-label={t('transactions.pager.label')} className="flex items-center justify-end gap-3">
      {/* Unavailable buttons stay in the tab order (aria-disabled, not disabled): Next pressed onto
          the last page, or while its rows are on their way, keeps focus (before 2026-12-03 focus fell
          to the page's body). */}
      <PagerButton variant="text" unavailable={busy || page <= 1} onClick={() => onPageChange(previous())}>
        {t('transactions.pager.previous')}
      </PagerButton>
      {/* A polite live region, there before the page changes: the new page is announced (before
          2026-12-03 a screen reader heard nothing after Next or Previous). */}
      <span
        className="text-muted-foreground text-sm"
        aria-current="page"
        aria-live="polite"
        aria-atomic="true"
      >
        {t('transactions.pager.page', {
          page: page.toLocaleString('en-AU'),
          pages: pages.toLocaleString('en-AU'),
        })}
      </span>
      <PagerButton
        variant="text"
        unavailable={busy || !cursors.after}
        onClick={() => cursors.after && onPageChange({ after: cursors.after, page: page + 1 })}
      >
        {t('transactions.pager.next')}
      </PagerButton>
    </nav>
  );
}
