import { Spinner } from '@waratah/ui';
import { useTranslation } from '../lib/i18n.ts';

/** Shown while a page's code is still on its way. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-dvh place-items-center bg-background">
      <Spinner label={t('app.loading')} className="size-8 text-primary" />
    </div>
  );
}
