import { Button, pageCount } from '@waratah/ui';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

export interface ClientPagerProps {
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** Previous and next with 'Page n of m': thousands of clients make hundreds of pages, too many to list. */
export function ClientPager({ page, total, pageSize, onPageChange }: ClientPagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('clients.list.pagination')} className="flex items-center justify-end gap-3">
      <PagerButton atEnd={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('clients.list.previous')}
      </PagerButton>
      <span className="text-muted-foreground text-sm" aria-live="polite">
        {t('clients.list.pageOf', { page, pages })}
      </span>
      <PagerButton atEnd={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t('clients.list.next')}
      </PagerButton>
    </nav>
  );
}

/**
 * At the first or last page its button is unavailable (`aria-disabled`, the click ignored) but not
 * `disabled`: Next pressed onto the last page keeps focus, where a disabled button dropped it to
 * the page's body (before 2026-12-03).
 */
function PagerButton({
  atEnd,
  onClick,
  children,
}: {
  atEnd: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={atEnd || undefined}
      className={
        atEnd
          ? 'cursor-not-allowed opacity-55 hover:bg-button-secondary active:bg-button-secondary'
          : undefined
      }
      onClick={atEnd ? undefined : onClick}
    >
      {children}
    </Button>
  );
}
