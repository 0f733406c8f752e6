import { Button } from '@waratah/ui';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';

export function SignOutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Button variant="secondary" onClick={() => void signOut()}>
      {t('layout.signOut')}
    </Button>
  );
}
