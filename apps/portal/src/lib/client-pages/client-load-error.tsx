import { Alert, AlertDescription, AlertTitle, Button } from '@waratah/ui';
import { useTranslation } from '../i18n.ts';

/** A failure that is not about access: said plainly, with a retry. */
export function ClientLoadError({ title, onRetry }: { title?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="error" className="gap-3">
      <AlertTitle>{title ?? t('clientDetails.error.title')}</AlertTitle>
      <AlertDescription className="text-body">{t('clientDetails.error.description')}</AlertDescription>
      <div>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('clientDetails.error.retry')}
        </Button>
      </div>
    </Alert>
  );
}
