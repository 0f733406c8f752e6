import { useSearchParams } from 'react-router';
import type { PasswordToken } from '../../features/password/api/set-password.ts';
import { SetPasswordPage } from '../../features/password/components/set-password-page.tsx';

export default function SetPasswordRoute() {
  const [query] = useSearchParams();
  const invitation = query.get('invitation_token');
  const reset = query.get('reset_password_token');
  // The route guard lets this page open only with one of the two tokens.
  const token: PasswordToken = invitation
    ? { invitation_token: invitation }
    : { reset_password_token: reset ?? '' };
  return <SetPasswordPage token={token} />;
}
