import { Alert, AlertTitle } from '@waratah/ui';
import { useTranslation } from './i18n.ts';
import { serverErrorMessages } from './server-error-messages.ts';

/** A refused form, under the spec's error list heading; the alert role announces it. */
export function ServerErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert variant="error">
      <AlertTitle>{t('auth.login.errorListHeading')}</AlertTitle>
      <ul className="list-disc pl-5 text-body">
        {serverErrorMessages(error).map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
}
