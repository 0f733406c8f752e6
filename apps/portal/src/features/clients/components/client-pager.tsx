import { pageCount } from '@waratah/ui';
import { useTranslation } from '../../../lib/i18n.ts';
import { PagerButton } from '../../../lib/pager-button.tsx';

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
      <PagerButton unavailable={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t('clients.list.previous')}
      </PagerButton>
      <span className="text-muted-foreground text-sm" aria-live="polite">
        {t('clients.list.pageOf', { page, pages })}
      </span>
      <PagerButton unavailable={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t('clients.list.next')}
      </PagerButton>
    </nav>
  );
}
