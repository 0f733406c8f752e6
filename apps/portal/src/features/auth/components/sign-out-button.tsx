import { Button, type ButtonSize } from '@waratah/ui';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';

/** 'Sign out' (spec §2 layout), busy while the sign-out is under way, so a second press does nothing. */
export function SignOutButton({ size }: { size?: ButtonSize }) {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut();
  return (
    <Button variant="secondary" size={size} loading={pending} onClick={() => void signOut()}>
      {t('layout.signOut')}
    </Button>
  );
}
